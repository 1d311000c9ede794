import Dispatch
import EventBusTesting
import Synchronization
import Testing

@testable import EventBus

/// What ending a stepping subscription releases: its waiting events and its handler, at once or
/// by the next publish, whoever keeps the token or a promise.
@Suite("Stepping subscriptions: cancel, owner death and what they release", .timeLimit(.minutes(3)))
struct SteppingLifetimeTests {
    @Test func cancelEndsTheSubscriptionAndReleasesWaitingEvents() {
        let sut = EventBus()
        let owner = Owner()
        let released = ReleaseCounter()
        let promises = PromiseBox()
        let token = sut.subscribeStepping(owner: owner, buffering: .unbounded) {
            (owner, event: TrackedEvent, promise) in
            owner.log.append("\(event.number)")
            promises.append(promise)
        }
        for number in 1...3 { sut.publish(released.event(number)) }
        #expect(released.count == 1)  // The first was delivered; its handler let it go.

        promises.last?.complete(.cancel)

        #expect(token.isFinished)
        #expect(token.waitingEventCount == 0)
        #expect(released.count == 3)
        sut.publish(released.event(4))
        #expect(owner.log.all == ["1"])
    }

    @Test func cancellingTheTokenReleasesWaitingEventsAtOnce() {
        let sut = EventBus()
        let owner = Owner()
        let released = ReleaseCounter()
        let token = sut.subscribeStepping(owner: owner, buffering: .unbounded) { (_, _: TrackedEvent, _) in }
        for number in 1...4 { sut.publish(released.event(number)) }
        #expect(released.count == 1)

        token.cancel()

        #expect(released.count == 4)
        #expect(token.waitingEventCount == 0)
    }

    @Test func ownerDeathReleasesWaitingEventsByTheNextPublish() {
        let sut = EventBus()
        let released = ReleaseCounter()
        var owner: Owner? = Owner()
        let token = sut.subscribeStepping(owner: owner!, buffering: .unbounded) { (_, _: TrackedEvent, _) in }
        for number in 1...4 { sut.publish(released.event(number)) }
        #expect(released.count == 1)

        owner = nil
        sut.publish(released.event(5))

        #expect(released.count == 5)
        #expect(token.isFinished)
        #expect(sut.store.count(of: ObjectIdentifier(TrackedEvent.self)) == 0)
    }

    @Test func ownerDeathWhileAPromiseIsOpenEndsDeliveryWhenItCompletes() {
        let sut = EventBus()
        let released = ReleaseCounter()
        let promises = PromiseBox()
        var owner: Owner? = Owner()
        sut.subscribeStepping(owner: owner!, buffering: .unbounded) { (_, _: TrackedEvent, promise) in
            promises.append(promise)
        }
        for number in 1...3 { sut.publish(released.event(number)) }

        owner = nil
        promises.last?.complete(.more)

        #expect(released.count == 3)
        #expect(promises.all.count == 1)
    }

    @Test func unsubscribingTheOwnerReleasesWaitingEvents() {
        let sut = EventBus()
        let owner = Owner()
        let released = ReleaseCounter()
        sut.subscribeStepping(owner: owner, buffering: .unbounded) { (_, _: TrackedEvent, _) in }
        for number in 1...3 { sut.publish(released.event(number)) }

        sut.unsubscribeAll(owner: owner)

        #expect(released.count == 3)
    }

    @Test func aKeptPromiseDoesNotKeepAnEndedSubscriptionsHandlerAlive() {
        let sut = EventBus()
        let owner = Owner()
        let released = ReleaseCounter()
        let promises = PromiseBox()
        let capture = ReleaseCounter.Payload(released)  // Captured by the handler only.
        let token = sut.subscribeStepping(owner: owner, buffering: .unbounded) {
            [capture] (_, _: Ping, promise) in
            withExtendedLifetime(capture) { promises.append(promise) }
        }
        _ = consume capture
        sut.publish(Ping(number: 1))

        token.cancel()

        #expect(released.count == 1)
        promises.last?.complete(.more)  // Completing it afterwards does nothing.
        #expect(promises.all.count == 1)
    }
}
