import Dispatch
import EventBusTesting
import Synchronization
import Testing

@testable import EventBus

@Suite("Stepping subscriptions", .timeLimit(.minutes(3)))
struct SteppingTests {
    /// Given a stepping subscriber that keeps its promises, and a bus to publish on.
    private func givenAStepper(
        _ policy: EventBufferPolicy = .unbounded, owner: Owner = Owner()
    ) -> (sut: EventBus, owner: Owner, promises: PromiseBox, token: SubscriptionToken) {
        let sut = EventBus()
        let promises = PromiseBox()
        let token = sut.subscribeStepping(owner: owner, buffering: policy) { (owner, event: Ping, promise) in
            owner.log.append("\(event.number)")
            promises.append(promise)
        }
        return (sut, owner, promises, token)
    }

    @Test func deliversOneEventAtATimeUntilThePromiseIsCompleted() {
        let (sut, owner, promises, token) = givenAStepper()

        for number in 1...3 { sut.publish(Ping(number: number)) }

        #expect(owner.log.all == ["1"])
        #expect(token.waitingEventCount == 2)

        promises.last?.complete(.more)
        #expect(owner.log.all == ["1", "2"])
        promises.last?.complete(.more)
        #expect(owner.log.all == ["1", "2", "3"])
        #expect(token.waitingEventCount == 0)
    }

    @Test func aCompletedPromiseWithNothingWaitingLetsTheNextPublishThroughAtOnce() {
        let (sut, owner, promises, _) = givenAStepper()
        sut.publish(Ping(number: 1))
        promises.last?.complete(.more)

        sut.publish(Ping(number: 2))

        #expect(owner.log.all == ["1", "2"])
    }

    @Test func moreCompletedInsideTheHandlerDeliversTheNextAfterItReturnsNeverNested() {
        let sut = EventBus()
        let owner = Owner()
        let depth = Atomic<Int>(0)
        let deepest = Atomic<Int>(0)
        // `[weak sut]`: a handler holding its bus strongly is the cycle the guides warn about.
        sut.subscribeStepping(owner: owner, buffering: .unbounded) {
            [weak sut] (owner, event: Ping, promise) in
            let current = depth.add(1, ordering: .relaxed).newValue
            deepest.store(max(deepest.load(ordering: .relaxed), current), ordering: .relaxed)
            owner.log.append("start \(event.number)")
            if event.number < 3 { sut?.publish(Ping(number: event.number + 1)) }
            promise.complete(.more)
            owner.log.append("end \(event.number)")
            depth.subtract(1, ordering: .relaxed)
        }

        sut.publish(Ping(number: 1))

        #expect(owner.log.all == ["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"])
        #expect(deepest.load(ordering: .relaxed) == 1)
    }

    @Test func moreCompletedLaterOnAnotherThreadDeliversTheOldestWaitingEvent() async {
        let (sut, owner, promises, token) = givenAStepper()
        sut.publish(Ping(number: 1))
        sut.publish(Ping(number: 2))
        sut.publish(Ping(number: 3))

        let first = promises.last!
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                first.complete(.more)
                done.resume()
            }
        }

        #expect(owner.log.all == ["1", "2"])
        #expect(token.waitingEventCount == 1)
    }

    @Test func completingAPromiseTwiceRequestsNoExtraEvent() {
        let (sut, owner, promises, _) = givenAStepper()
        for number in 1...3 { sut.publish(Ping(number: number)) }
        let first = promises.last!

        first.complete(.more)
        first.complete(.more)
        first.complete(.cancel)

        #expect(owner.log.all == ["1", "2"])
        promises.last?.complete(.more)
        #expect(owner.log.all == ["1", "2", "3"])
    }

    @Test func aStalePromiseNeitherRequestsNorCancels() {
        let (sut, owner, promises, token) = givenAStepper()
        for number in 1...3 { sut.publish(Ping(number: number)) }
        let stale = promises.all[0]
        stale.complete(.more)  // Now event 2 holds the current promise.

        stale.complete(.more)
        stale.complete(.cancel)

        #expect(owner.log.all == ["1", "2"])
        #expect(!token.isFinished)
        promises.last?.complete(.more)
        #expect(owner.log.all == ["1", "2", "3"])
    }

    @Test func keepNewestDropsTheOldestWaitingEventsAndCountsThem() {
        let (sut, owner, promises, token) = givenAStepper(.keepNewest(2))

        for number in 1...6 { sut.publish(Ping(number: number)) }  // 1 runs; 2...6 compete for 2 slots.

        #expect(token.droppedEventCount == 3)
        #expect(token.waitingEventCount == 2)
        promises.last?.complete(.more)
        promises.last?.complete(.more)
        #expect(owner.log.all == ["1", "5", "6"])
    }

    @Test func keepOldestDropsNewArrivalsAndCountsThem() {
        let (sut, owner, promises, token) = givenAStepper(.keepOldest(2))

        for number in 1...6 { sut.publish(Ping(number: number)) }

        #expect(token.droppedEventCount == 3)
        promises.last?.complete(.more)
        promises.last?.complete(.more)
        #expect(owner.log.all == ["1", "2", "3"])
    }

    @Test func aLimitOfZeroDropsEverythingThatArrivesWhileBusy() {
        let (sut, owner, promises, token) = givenAStepper(.keepNewest(0))

        for number in 1...4 { sut.publish(Ping(number: number)) }
        promises.last?.complete(.more)
        sut.publish(Ping(number: 5))

        #expect(owner.log.all == ["1", "5"])
        #expect(token.droppedEventCount == 3)
    }

    @Test func unboundedKeepsEveryEventAndDropsNone() {
        let (sut, owner, promises, token) = givenAStepper(.unbounded)

        for number in 1...1000 { sut.publish(Ping(number: number)) }
        while owner.log.count < 1000 { promises.last?.complete(.more) }

        #expect(owner.log.all == (1...1000).map(String.init))
        #expect(token.droppedEventCount == 0)
    }

    @Test func dropsAreReportedToObserveAllTaps() {
        let sut = EventBus()
        let newest = Owner("newest")
        let oldest = Owner("oldest")
        sut.subscribeStepping(owner: newest, buffering: .keepNewest(1)) { (_, _: Ping, _) in }
        sut.subscribeStepping(owner: oldest, buffering: .keepOldest(1)) { (_, _: Ping, _) in }
        let records = LockBox<[PublishRecord]>([])
        let tap = sut.observeAll { record in records.mutate { $0.append(record) } }

        for number in 1...3 { sut.publish(Ping(number: number)) }

        let dropping = records.value.map { $0.droppingRecipients.count }
        #expect(dropping == [0, 0, 2])
        #expect(records.value[2].recipients.count == 1)  // keepOldest rejected it; keepNewest queued it.
        withExtendedLifetime(tap) {}
    }
}
