import Dispatch
import EventBus
import Testing

@Suite("Cancellation")
struct CancellationTests {
    @Test func cancelledSubscriptionReceivesNothing() {
        let sut = EventBus()
        let owner = Owner()
        let token = sut.subscribe(owner: owner) { (owner, _: Ping) in owner.log.append("ping") }

        token.cancel()
        sut.publish(Ping())

        #expect(owner.log.all.isEmpty)
        #expect(token.isFinished)
    }

    @Test func cancelIsIdempotent() {
        let sut = EventBus()
        let owner = Owner()
        let token = sut.subscribe(owner: owner) { (owner, _: Ping) in owner.log.append("ping") }

        token.cancel()
        token.cancel()

        #expect(token.isFinished)
    }

    @Test func cancelOnlyEndsItsOwnSubscription() {
        let sut = EventBus()
        let owner = Owner()
        let first = sut.subscribe(owner: owner) { (owner, _: Ping) in owner.log.append("first") }
        sut.subscribe(owner: owner) { (owner, _: Ping) in owner.log.append("second") }

        first.cancel()
        sut.publish(Ping())

        #expect(owner.log.all == ["second"])
    }

    @Test func handlerMayCancelItsOwnToken() {
        let sut = EventBus()
        let owner = Owner()
        let token = LockBox<SubscriptionToken?>(nil)
        token.value = sut.subscribe(owner: owner) { (owner, _: Ping) in
            owner.log.append("ping")
            token.value?.cancel()
        }

        sut.publish(Ping())
        sut.publish(Ping())

        #expect(owner.log.all == ["ping"])
    }

    @Test func discardedOwnerTokenDoesNotCancel() {
        let sut = EventBus()
        let owner = Owner()
        _ = sut.subscribe(owner: owner) { (owner, _: Ping) in owner.log.append("ping") }

        sut.publish(Ping())

        #expect(owner.log.all == ["ping"])
    }

    @Test func releasingAnOwnerlessTokenCancels() {
        let sut = EventBus()
        let log = Log()
        var token: SubscriptionToken? = sut.subscribe { (_: Ping) in log.append("ping") }
        sut.publish(Ping())

        token = nil
        sut.publish(Ping())

        #expect(token == nil)
        #expect(log.all == ["ping"])
    }

    @Test func unsubscribeEndsOnlyThatOwnersSubscriptionsOfThatType() {
        let (sut, log, alice, bob) = aliceAndBobSubscribedToPingAndPong()
        defer { withExtendedLifetime(bob) {} }

        sut.unsubscribe(owner: alice, for: Ping.self)
        sut.publish(Ping())
        sut.publish(Pong())

        #expect(log.all == ["bob ping", "alice pong", "bob pong"])
    }

    @Test func unsubscribeAllEndsEveryTypeForThatOwner() {
        let (sut, log, alice, bob) = aliceAndBobSubscribedToPingAndPong()
        defer { withExtendedLifetime(bob) {} }

        sut.unsubscribeAll(owner: alice)
        sut.publish(Ping())
        sut.publish(Pong())

        #expect(log.all == ["bob ping", "bob pong"])
    }

    @Test func releasingTheBagEndsOwnerlessSubscriptionsAndLeavesOwnerBoundOnesToTheirOwner() {
        let sut = EventBus()
        let owner = Owner()
        let log = owner.log
        var bag: SubscriptionBag? = SubscriptionBag()
        sut.subscribe(owner: owner) { (owner, _: Ping) in owner.log.append("owned") }.store(in: bag!)
        sut.subscribe { (_: Ping) in log.append("ownerless") }.store(in: bag!)
        sut.publish(Ping())

        bag = nil
        sut.publish(Ping())

        #expect(log.all == ["owned", "ownerless", "owned"])
        #expect(bag == nil)
    }

    @Test func bagCancelAllEmptiesTheBag() {
        let sut = EventBus()
        let bag = SubscriptionBag()
        let log = Log()
        sut.subscribe { (_: Ping) in log.append("ping") }.store(in: bag)
        #expect(bag.count == 1)

        bag.cancelAll()
        sut.publish(Ping())

        #expect(bag.count == 0)
        #expect(log.all.isEmpty)
    }

    @Test func storeInSetKeepsOwnerlessSubscriptionsAlive() {
        let sut = EventBus()
        let log = Log()
        var tokens = Set<SubscriptionToken>()
        sut.subscribe { (_: Ping) in log.append("ping") }.store(in: &tokens)

        sut.publish(Ping())
        tokens.removeAll()
        sut.publish(Ping())

        #expect(log.all == ["ping"])
    }

    @Test func noPublishStartedAfterCancelReturnsReachesTheHandler() async {
        let sut = EventBus()
        let owner = Owner()
        let cancelled = LockBox(false)
        let lateDeliveries = LockBox(0)
        let token = sut.subscribe(owner: owner) { (_, event: Ping) in
            if event.number == 1 { lateDeliveries.mutate { $0 += 1 } }
        }

        await onDedicatedThread {
            DispatchQueue.concurrentPerform(iterations: 4) { index in
                if index == 0 {
                    token.cancel()
                    cancelled.value = true
                } else {
                    for _ in 0..<2_000 {
                        // Number 1 marks publishes that start after cancel() has returned.
                        sut.publish(Ping(number: cancelled.value ? 1 : 0))
                    }
                }
            }
        }

        #expect(lateDeliveries.value == 0)
    }

    /// Given: Alice and Bob each subscribed to `Ping` and `Pong`, logging "<name> <type>".
    private func aliceAndBobSubscribedToPingAndPong() -> (bus: EventBus, log: Log, alice: Owner, bob: Owner) {
        let bus = EventBus()
        let log = Log()
        let alice = Owner("alice", log: log)
        let bob = Owner("bob", log: log)
        for owner in [alice, bob] {
            bus.subscribe(owner: owner) { (owner, _: Ping) in owner.log.append("\(owner.name) ping") }
            bus.subscribe(owner: owner) { (owner, _: Pong) in owner.log.append("\(owner.name) pong") }
        }
        return (bus, log, alice, bob)
    }
}
