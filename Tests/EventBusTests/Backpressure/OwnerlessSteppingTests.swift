import EventBus
import EventBusTesting
import Testing

/// Seed 003's code, as written: `promise(.more)`, and stepping and paced subscriptions without
/// an owner, whose token is their anchor like every other owner-less subscription's.
@Suite("Stepping and pacing without an owner", .timeLimit(.minutes(3)))
struct OwnerlessSteppingTests {
    @Test func aPromiseIsCalledLikeAFunction() {
        let sut = EventBus()
        let received = LockBox<[Int]>([])
        let promises = PromiseBox()
        let token = sut.subscribeStepping(for: Ping.self, buffering: .unbounded) { event, promise in
            received.mutate { $0.append(event.number) }
            promises.append(promise)
        }

        for number in 1...3 { sut.publish(Ping(number: number)) }
        #expect(received.value == [1])
        promises.last?(.more)
        #expect(received.value == [1, 2])
        promises.last?(.cancel)

        sut.publish(Ping(number: 4))
        #expect(received.value == [1, 2])
        #expect(token.isFinished)
    }

    @Test func releasingTheTokenEndsAnOwnerlessSteppingSubscriptionAndItsWaitingEvents() {
        let sut = EventBus()
        let counter = ReleaseCounter()
        let received = LockBox(0)
        var token: SubscriptionToken? = sut.subscribeStepping(for: TrackedEvent.self, buffering: .unbounded) {
            _, _ in received.mutate { $0 += 1 }  // never completes: later events wait
        }
        for number in 1...3 { sut.publish(counter.event(number)) }
        #expect(token?.waitingEventCount == 2)

        token = nil

        #expect(counter.count == 3)  // the two waiting events, and the one the handler saw
        sut.publish(counter.event(4))
        #expect(received.value == 1)
        #expect(!sut.hasSubscribers(forExactType: TrackedEvent.self))
    }

    @Test func anOwnerlessSteppingSubscriptionIsReportedAsOwnerless() {
        let sut = EventBus()
        let token = sut.subscribeStepping(for: Ping.self, buffering: .keepNewest(2)) { _, promise in
            promise(.more)
        }

        let info = sut.subscriptionSnapshot()[EventType(Ping.self)]?.first

        #expect(info?.isOwnerBound == false)
        #expect(info?.subscriberName == "ownerless")
        #expect(info?.delivery == .stepping)
        withExtendedLifetime(token) {}
    }

    @Test func anOwnerlessSteppingSubscriptionOnAnExecutorRunsThereOneAtATime() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let received = LockBox<[Int]>([])
        let token = sut.subscribeStepping(for: Ping.self, on: executor, buffering: .unbounded) {
            event, promise in
            received.mutate { $0.append(event.number) }
            promise(.more)
        }

        for number in 1...3 { sut.publish(Ping(number: number)) }
        #expect(received.value.isEmpty)
        executor.drain()

        #expect(received.value == [1, 2, 3])
        withExtendedLifetime(token) {}
    }

    @Test func anOwnerlessPacedSubscriptionPacesAndItsTokenReleaseEndsThePendingSleep() async {
        let sut = EventBus()
        let clock = ManualClock()
        let received = LockBox<[String]>([])
        var token: SubscriptionToken? = sut.subscribePaced(for: Letter.self, every: .seconds(1), clock: clock)
        {
            letter in received.mutate { $0.append(letter.name) }
        }
        sut.publish(Letter("A"))
        sut.publish(Letter("B"))
        #expect(received.value == ["A"])
        await waitUntil { clock.sleeperCount == 1 }
        clock.advance(by: .seconds(1))
        await sut.settle(timeout: .seconds(60))
        #expect(received.value == ["A", "B"])
        await waitUntil { clock.sleeperCount == 1 }

        token = nil

        await waitUntil { clock.sleeperCount == 0 }
        sut.publish(Letter("C"))
        #expect(received.value == ["A", "B"])
        #expect(token == nil)
    }

    @Test func anOwnerlessPacedSubscriptionOnAnExecutorRunsThere() {
        let sut = EventBus()
        let clock = ManualClock()
        let executor = ManualExecutor()
        let received = LockBox<[String]>([])
        let token = sut.subscribePaced(for: Letter.self, every: .seconds(1), clock: clock, on: executor) {
            letter in received.mutate { $0.append(letter.name) }
        }

        sut.publish(Letter("A"))
        #expect(received.value.isEmpty)
        executor.drain()

        #expect(received.value == ["A"])
        withExtendedLifetime(token) {}
    }
}
