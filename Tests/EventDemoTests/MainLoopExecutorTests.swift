import Dispatch
import EventBus
import EventDemo
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Main-loop executor", .timeLimit(.minutes(3)))
struct MainLoopExecutorTests {
    @Test func runsJobsInEnqueueOrderOnlyWhenDrained() {
        let sut = MainLoopExecutor()
        let order = LockedValue<[Int]>([])

        for index in 0..<5 { sut.enqueue { order.withLock { $0.append(index) } } }
        let beforeDrain = order.withLock { $0 }
        let ran = sut.drain()

        #expect(beforeDrain.isEmpty)
        #expect(ran == 5)
        #expect(order.withLock { $0 } == [0, 1, 2, 3, 4])
    }

    @Test func runsJobsThatJobsEnqueueInTheSameDrain() {
        let sut = MainLoopExecutor()
        let ran = LockedValue(0)

        sut.enqueue { sut.enqueue { ran.withLock { $0 += 1 } } }
        sut.drain()

        #expect(ran.withLock { $0 } == 1)
        #expect(sut.pendingCount == 0)
    }

    @Test func makesTheWakeDescriptorReadableOnEnqueueAndClearsItOnDrain() {
        let sut = MainLoopExecutor()

        let idle = isReadable(sut.wakeDescriptor)
        sut.enqueue {}
        sut.enqueue {}
        let woken = isReadable(sut.wakeDescriptor)
        sut.drain()
        let drained = isReadable(sut.wakeDescriptor)

        #expect(!idle)
        #expect(woken)
        #expect(!drained)
    }

    @Test func wakesAWaitingLoopWhenAnotherThreadEnqueues() {
        let sut = MainLoopExecutor()

        // A dispatch thread, not a task: this test blocks its own thread while waiting.
        DispatchQueue.global().async { sut.enqueue {} }
        sut.waitForWork(timeout: .seconds(60))

        #expect(sut.pendingCount == 1)
    }

    @Test func letsJobsEnterTheMainLoopActor() {
        let sut = MainLoopExecutor()
        let entered = LockedValue(false)

        sut.enqueue {
            MainLoop.assumeIsolated { entered.withLock { $0 = true } }
        }
        sut.drain()

        #expect(entered.withLock { $0 })
    }

    @Test func labelsItselfForTheEventLog() {
        #expect(MainLoopExecutor().label == "main-loop")
    }

    @Test func deliversBusEventsOnlyWhenTheLoopDrains() {
        let bus = EventBus()
        let sut = MainLoopExecutor()
        let owner = Recorder()

        bus.subscribe(owner: owner, on: sut) { (owner: Recorder, event: CartDidUpdateEvent) in
            owner.counts.withLock { $0.append(event.itemCount) }
        }
        bus.publish(CartDidUpdateEvent(items: [CartService.catalog[0]]))
        let beforeDrain = owner.counts.withLock { $0 }
        sut.drain()

        #expect(beforeDrain.isEmpty)
        #expect(owner.counts.withLock { $0 } == [1])
    }

    private final class Recorder: Sendable {
        let counts = LockedValue<[Int]>([])
    }

    private func isReadable(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 1
    }

    @Test func aBurstToSeveralPanesCostsTheLoopOneJobPerQueueNotOnePerDelivery() {
        onLoop {
            let harness = LoopHarness()
            harness.drain()
            let (jobsBefore, deliveriesBefore) = (harness.executor.ranJobCount, Self.loopDeliveries(harness))

            for _ in 0..<5 { harness.bus.publish(CartDidUpdateEvent(items: [CartService.catalog[0]])) }
            harness.bus.publish(UserDidLogoutEvent(user: Fixtures.alice, session: 1))
            harness.drain()

            // One job per queue: the panes' plain subscriptions and the cart pane's and the
            // profile pane's state queries share the loop's lane; the flashes (an observe-all
            // tap's own job) and the event log's stepping feed keep a queue each.
            #expect(harness.executor.ranJobCount - jobsBefore == 3)
            // Five cart updates to the cart pane, one new count to the profile pane (the same
            // count four times is skipped), the logout to the login and profile panes.
            #expect(Self.loopDeliveries(harness) - deliveriesBefore == 8)
        }
    }

    @MainLoop private static func loopDeliveries(_ harness: LoopHarness) -> Int {
        harness.bus.subscriptionSnapshot().values.joined().filter { $0.executorLabel == "main-loop" }
            .reduce(0) { $0 + $1.deliveredEventCount }
    }
}
