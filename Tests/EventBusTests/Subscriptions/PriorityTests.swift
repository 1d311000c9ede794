import EventBusTesting
import Testing

@testable import EventBus

@Suite("Priority")
struct PriorityTests {
    @Test func higherPrioritiesRunFirstAndEqualOnesInSubscriptionOrder() {
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner, priority: 0) { (owner, _: Ping) in owner.log.append("normal-1") }
        sut.subscribe(owner: owner, priority: -5) { (owner, _: Ping) in owner.log.append("low") }
        sut.subscribe(owner: owner, priority: 10) { (owner, _: Ping) in owner.log.append("high-1") }
        sut.subscribe(owner: owner) { (owner, _: Ping) in owner.log.append("normal-2") }
        sut.subscribe(owner: owner, priority: 10) { (owner, _: Ping) in owner.log.append("high-2") }

        sut.publish(Ping())

        #expect(owner.log.all == ["high-1", "high-2", "normal-1", "normal-2", "low"])
    }

    @Test func everySubscriptionKindHonoursPriority() {
        let sut = EventBus()
        let owner = Owner()
        let log = owner.log
        let tokens = [
            sut.subscribe(for: Ping.self, priority: 1) { _ in log.append("ownerless") },
            sut.subscribeOnce(owner: owner, priority: 3) { (owner, _: Ping) in owner.log.append("once") },
            sut.intercept(for: Ping.self, priority: 2) { _ in
                log.append("interceptor")
                return .proceed
            },
        ]
        sut.subscribe(owner: owner, priority: 4) { (_: Ping) in log.append("event-only") }

        sut.publish(Ping())

        #expect(log.all == ["event-only", "once", "interceptor", "ownerless"])
        withExtendedLifetime(tokens) {}
    }

    @Test func executorDeliveriesAreQueuedInPriorityOrderAndRunAfterThePublish() {
        let sut = EventBus()
        let owner = Owner()
        let executor = ManualExecutor()
        sut.subscribe(owner: owner, on: executor, priority: 0) { (owner, _: Ping) in
            owner.log.append("queued-low")
        }
        sut.subscribe(owner: owner, on: executor, priority: 9) { (owner, _: Ping) in
            owner.log.append("queued-high")
        }
        sut.subscribe(owner: owner, priority: -9) { (owner, _: Ping) in owner.log.append("sync-lowest") }

        sut.publish(Ping())
        executor.drain()

        #expect(owner.log.all == ["sync-lowest", "queued-high", "queued-low"])
    }

    @Test func aSubscriptionAddedLaterWithHighPriorityGoesToTheFront() {
        var sut = SubscriberList()
        let low = OwnerlessSubscription<Ping>(priority: -1) { _ in }
        let normal = OwnerlessSubscription<Ping> { _ in }
        let high = OwnerlessSubscription<Ping>(priority: 5) { _ in }

        var held = HeldOwners()
        _ = sut.add(low, holding: &held)
        _ = sut.add(normal, holding: &held)
        _ = sut.add(high, holding: &held)

        #expect(sut.entries.map(\.priority) == [5, 0, -1])
    }
}
