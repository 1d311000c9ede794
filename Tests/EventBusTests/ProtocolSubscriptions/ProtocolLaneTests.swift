import EventBusTesting
import Testing

@testable import EventBus

/// Protocol (`conformingTo:`) subscriptions on an executor share that executor's lane: publish
/// order with the plain subscriptions on it, one job per burst, and the lane lets them go when
/// they end.
@Suite("Protocol subscriptions on lanes", .timeLimit(.minutes(3)))
struct ProtocolLaneTests {
    @Test func aProtocolSubscriptionAndAPlainOneRunInPublishOrder() {
        // Given a protocol subscription and a plain one of an unrelated type, on one executor
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        sut.subscribe(owner: owner, conformingTo: (any ShopEvent).self, on: executor) { owner, event in
            owner.log.append(event.label)
        }
        sut.subscribe(owner: owner, on: executor) { (owner, event: Pong) in
            owner.log.append("pong\(event.number)")
        }

        // When shop, plain, shop events are published
        sut.publish(ItemAdded())
        sut.publish(Pong(number: 1))
        sut.publish(ItemRemoved())

        // Then one job runs them in publish order
        #expect(executor.pendingJobCount == 1)
        executor.drain()
        #expect(owner.log.all == ["added", "pong1", "removed"])
    }

    @Test func cancelReleasesItsQueuedEventsAtOnceAndNothingRunsAfterwards() {
        // Given events queued on the lane for a protocol subscription only
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        let released = ReleaseCounter()
        let token = sut.subscribe(owner: owner, conformingTo: (any ShopEvent).self, on: executor) {
            owner, _ in
            owner.log.append("ran")
        }
        for number in 0..<3 { sut.publish(TrackedShopEvent(tracked: released.event(number))) }
        #expect(released.count == 0)

        // When it is cancelled before the executor runs
        token.cancel()

        // Then the lane drops them at once and the handler never runs
        #expect(released.count == 3)
        executor.drain()
        #expect(owner.log.all.isEmpty)
    }

    @Test func anOwnerReleasedBeforeTheJobRunsGetsNothingAndItsNextEventIsNotQueued() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let log = Log()
        var owner: Owner? = Owner(log: log)
        let released = ReleaseCounter()
        sut.subscribe(owner: owner!, conformingTo: (any ShopEvent).self, on: executor) { owner, _ in
            owner.log.append("ran")
        }
        sut.publish(TrackedShopEvent(tracked: released.event(0)))

        owner = nil
        executor.drain()
        #expect(log.all.isEmpty)
        #expect(released.count == 1)

        // The next publish finds the owner gone: nothing is queued, the event is let go
        sut.publish(TrackedShopEvent(tracked: released.event(1)))
        #expect(executor.pendingJobCount == 0)
        #expect(released.count == 2)
    }

    @Test func unsubscribingTheOwnerDropsItsQueuedProtocolEventsAtOnce() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        let released = ReleaseCounter()
        sut.subscribe(owner: owner, conformingTo: (any ShopEvent).self, on: executor) { owner, _ in
            owner.log.append("ran")
        }
        sut.publish(TrackedShopEvent(tracked: released.event(0)))

        sut.unsubscribeAll(owner: owner)

        #expect(released.count == 1)
        executor.drain()
        #expect(owner.log.all.isEmpty)
    }
}

/// A shop event whose payload counts its release.
struct TrackedShopEvent: ShopEvent {
    let tracked: TrackedEvent
    var label: String { "tracked\(tracked.number)" }
}
