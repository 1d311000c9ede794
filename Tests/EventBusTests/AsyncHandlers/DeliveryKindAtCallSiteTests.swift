import EventBusTesting
import Testing

@testable import EventBus

/// The delivery kind shows at the call site (issue 18, item 5): `subscribe` closures, plain or
/// throwing, run inside the publish and can be stopped; `subscribeAsync` queues for a task.
/// That `await` in a `subscribe` closure does not compile (the "renamed to 'subscribeAsync'"
/// diagnostic) cannot be a Swift Testing test; decision record 0063 (docs/decisions) records the
/// check made by hand.
@Suite("Delivery kind at the call site", .timeLimit(.minutes(3)))
struct DeliveryKindAtCallSiteTests {
    struct Refused: Error {}

    @Test func plainAndThrowingSubscribeClosuresRunInsideThePublish() {
        // Given a plain and a throwing closure passed to `subscribe`, with and without an owner
        let sut = EventBus()
        let owner = Owner()
        sut.setFailureHandler { _ in }
        sut.subscribe(owner: owner) { (owner, event: Ping) in owner.log.append("plain \(event.number)") }
        sut.subscribe(owner: owner) { (owner: Owner, event: Ping) throws in
            owner.log.append("throwing \(event.number)")
            throw Refused()
        }
        let ownerless = sut.subscribe(for: Ping.self) { (event: Ping) throws in
            owner.log.append("ownerless \(event.number)")
        }

        // When an event is published
        sut.publish(Ping(number: 1))

        // Then every handler has run by the time publish returns, and each is synchronous
        #expect(owner.log.all == ["plain 1", "throwing 1", "ownerless 1"])
        #expect(sut.subscriptions(owner: owner).map(\.delivery) == [.synchronous, .synchronous])
        withExtendedLifetime(ownerless) {}
    }

    @Test func anInterceptorStopsPlainAndThrowingSubscribeClosuresAlike() {
        let sut = EventBus()
        let owner = Owner()
        sut.intercept(owner: owner, for: Ping.self, priority: 10) { _, _ in .stop }
        sut.subscribe(owner: owner) { (owner, _: Ping) in owner.log.append("plain") }
        sut.subscribe(owner: owner) { (owner: Owner, _: Ping) throws in owner.log.append("throwing") }

        sut.publish(Ping())

        #expect(owner.log.all.isEmpty)
    }

    @Test func subscribeAsyncMakesAnAsyncSubscriptionForTypesAndProtocols() async {
        // Given async handlers made with the name that says so
        let sut = EventBus()
        let owner = Owner()
        sut.subscribeAsync(owner: owner) { (owner: Owner, event: Ping) async in
            await Task.yield()
            owner.log.append("owned \(event.number)")
        }
        sut.subscribeAsync(owner: owner, conformingTo: (any ShopEvent).self) { owner, event in
            await Task.yield()
            owner.log.append("protocol \(event.label)")
        }
        let ownerless = sut.subscribeAsync(for: Ping.self) { event in
            owner.log.append("ownerless \(event.number)")
        }

        // Then introspection calls them async, and each handles its events in its task
        #expect(sut.subscriptions(owner: owner).map(\.delivery) == [.async, .async])
        #expect(
            sut.subscriptionSnapshot().values.joined().filter { !$0.isOwnerBound }.map(\.delivery) == [.async]
        )
        sut.publish(Ping(number: 2))
        sut.publish(ItemAdded())
        await sut.settle(timeout: .seconds(60))
        #expect(owner.log.count == 3)
        #expect(Set(owner.log.all) == ["owned 2", "protocol added", "ownerless 2"])
        withExtendedLifetime(ownerless) {}
    }

    @Test func anInterceptorStopKeepsTheEventFromBeingQueuedForAnAsyncHandler() async {
        // Given an interceptor that stops odd numbers ahead of an async handler
        let sut = EventBus()
        let owner = Owner()
        sut.intercept(owner: owner, for: Ping.self, priority: 10) { _, event in
            event.number.isMultiple(of: 2) ? .proceed : .stop
        }
        sut.subscribeAsync(owner: owner) { (owner: Owner, event: Ping) async in
            owner.log.append("\(event.number)")
        }

        // When 1 to 4 are published
        for number in 1...4 { sut.publish(Ping(number: number)) }

        // Then only the even ones are handled, in order
        await sut.settle(timeout: .seconds(60))
        #expect(owner.log.count == 2)
        #expect(owner.log.all == ["2", "4"])
    }
}
