import Dispatch
import EventBusTesting
import Testing

@testable import EventBus

/// How a lane lets go: a cancel or a released owner drops what waits for that subscription only,
/// a lane goes with its last subscription, and executors the bus cannot tell apart keep a mailbox
/// each (issue 12, target 3).
@Suite("Executor lanes: cancel, owners and lane lifetime", .timeLimit(.minutes(3)))
struct ExecutorLaneLifetimeTests {
    @Test func cancelDuringABurstStopsThatSubscriptionOnly() {
        // Given a handler that cancels another subscription of the same lane
        let sut = EventBus()
        let executor = ManualExecutor()
        let log = Log()
        let owner = Owner(log: log)
        let victim = LockBox<SubscriptionToken?>(nil)
        sut.subscribe(owner: owner, on: executor, priority: 1) { (owner, event: Ping) in
            owner.log.append("first\(event.number)")
            if event.number == 2 { victim.value?.cancel() }
        }
        victim.value = sut.subscribe(owner: owner, on: executor) { (owner, event: Ping) in
            owner.log.append("second\(event.number)")
        }
        for number in 1...3 { sut.publish(Ping(number: number)) }

        // When the burst runs
        executor.drain()

        // Then the cancelled one gets nothing from the moment of the cancel
        #expect(log.all == ["first1", "second1", "first2", "first3"])
    }

    @Test func cancelReleasesTheHandlerAndTheLanesQueuedEventsBeforeTheJobRuns() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        let released = ReleaseCounter()
        var probe: Probe? = Probe()
        let weakProbe = WeakReference(probe!)
        let tokens = [
            sut.subscribe(owner: owner, on: executor) { [probe] (_, _: TrackedEvent) in probe?.touch() },
            sut.subscribe(owner: owner, on: executor) { (_, _: TrackedEvent) in },
        ]
        for number in 0..<3 { sut.publish(released.event(number)) }
        probe = nil

        tokens[0].cancel()
        #expect(weakProbe.object == nil)
        #expect(released.count == 0)  // still queued for the other subscription
        tokens[1].cancel()

        #expect(released.count == 3)
        #expect(executor.pendingJobCount == 1)
        executor.drain()
    }

    @Test func cancelReleasesTheEventsQueuedForThatSubscriptionWhileOthersStayQueued() {
        // Given an event queued for one subscription only, then a second subscription of the
        // same type on the lane, and more events for both with another type in between, whose
        // place in the order must not move
        let sut = EventBus()
        let executor = ManualExecutor()
        let log = Log()
        let owner = Owner(log: log)
        let released = ReleaseCounter()
        let first = sut.subscribe(owner: owner, on: executor) { (owner, event: TrackedEvent) in
            owner.log.append("first\(event.number)")
        }
        sut.publish(released.event(1))
        sut.subscribe(owner: owner, on: executor) { (owner, event: TrackedEvent) in
            owner.log.append("second\(event.number)")
        }
        sut.subscribe(owner: owner, on: executor) { (owner, event: Ping) in
            owner.log.append("ping\(event.number)")
        }
        sut.publish(released.event(3))
        sut.publish(Ping(number: 4))
        sut.publish(released.event(5))

        // When the first is cancelled before the executor runs
        first.cancel()

        // Then what only it waited for is released at once, and the rest runs in order
        #expect(released.count == 1)
        executor.drain()
        #expect(log.all == ["second3", "ping4", "second5"])
    }

    @Test func anOwnerReleasedBeforeTheJobRunsGetsNothingWhileOthersStillDo() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let log = Log()
        var leaving: Owner? = Owner("leaving", log: log)
        let staying = Owner("staying", log: log)
        sut.subscribe(owner: leaving!, on: executor) { (owner, _: Ping) in owner.log.append(owner.name) }
        sut.subscribe(owner: staying, on: executor) { (owner, _: Ping) in owner.log.append(owner.name) }
        sut.publish(Ping())

        leaving = nil
        executor.drain()

        #expect(log.all == ["staying"])
    }

    @Test func differentExecutorsGetLanesOfTheirOwnAndBusesDoNotShareLanes() {
        let sut = EventBus()
        let other = EventBus()
        let (first, second) = (ManualExecutor(), ManualExecutor())
        let owner = Owner()
        sut.subscribe(owner: owner, on: first) { (owner, _: Ping) in owner.log.append("first") }
        sut.subscribe(owner: owner, on: second) { (owner, _: Ping) in owner.log.append("second") }
        other.subscribe(owner: owner, on: first) { (owner, _: Ping) in owner.log.append("other") }

        sut.publish(Ping())
        other.publish(Ping())

        #expect(sut.lanes.count == 2)
        #expect(first.pendingJobCount == 2)
        #expect(second.pendingJobCount == 1)
        first.drain()
        second.drain()
        #expect(owner.log.all.sorted() == ["first", "other", "second"])
    }

    @Test func actorExecutorsOfOneActorShareALane() {
        let sut = EventBus()
        let actor = LaneTestActor()
        let owner = Owner()
        sut.subscribe(owner: owner, on: .actor(actor)) { (_, _: Ping) in }
        sut.subscribe(owner: owner, on: .actor(actor)) { (_, _: Pong) in }
        sut.subscribe(owner: owner, on: .actor(LaneTestActor())) { (_, _: Ping) in }

        #expect(sut.lanes.count == 2)
    }

    @Test func aLaneGoesWhenItsLastSubscriptionEnds() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        let token = sut.subscribe(owner: owner, on: executor) { (_, _: Ping) in }
        #expect(sut.lanes.count == 1)

        token.cancel()

        #expect(sut.lanes.count == 0)
    }

    @Test func theBacklogIsCountedUntilTheSubscriptionEnds() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        let token = sut.subscribe(owner: owner, on: executor) { (_, _: Ping) in }
        sut.subscribe(owner: owner, on: executor) { (_, _: Ping) in }
        sut.publish(Ping())
        sut.publish(Ping())
        #expect(token.waitingEventCount == 2)

        token.cancel()

        #expect(token.waitingEventCount == 0)
        executor.drain()
    }

    @Test func aValueTypeExecutorKeepsAMailboxPerSubscription() {
        let sut = EventBus()
        let executor = ValueExecutor(jobs: ManualExecutor())
        let owner = Owner()
        sut.subscribe(owner: owner, on: executor) { (owner, _: Ping) in owner.log.append("ping") }
        sut.subscribe(owner: owner, on: executor) { (owner, _: Ping) in owner.log.append("ping") }

        sut.publish(Ping())

        #expect(sut.lanes.count == 0)
        #expect(executor.jobs.drain() == 2)
        #expect(owner.log.all == ["ping", "ping"])
    }
}

private actor LaneTestActor {}

/// An executor that is a value: the bus cannot tell two of them apart, so it gives each
/// subscription a mailbox of its own.
private struct ValueExecutor: EventBusExecutor {
    let jobs: ManualExecutor
    var label: String { "value" }
    func enqueue(_ work: @escaping @Sendable () -> Void) { jobs.enqueue(work) }
}
