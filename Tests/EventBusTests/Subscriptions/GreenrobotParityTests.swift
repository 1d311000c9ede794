import EventBusTesting
import Testing

@testable import EventBus

/// What greenrobot users look for: per-owner introspection, removing a sticky value only if it
/// is still current, the source bus on a dead event, the failing owner on a failure report.
@Suite("greenrobot parity")
struct GreenrobotParityTests {
    private struct Refused: Error {}

    @Test func isSubscribedFollowsTheOwnersSubscriptions() {
        let sut = EventBus()
        let owner = Owner()
        let other = Owner()
        #expect(!sut.isSubscribed(owner: owner))

        let token = sut.subscribe(owner: owner) { (_, _: Ping) in }
        sut.subscribe(owner: owner, conformingTo: (any ShopEvent).self) { _, _ in }
        sut.subscribe(owner: other) { (_, _: Pong) in }

        #expect(sut.isSubscribed(owner: owner))
        #expect(sut.isSubscribed(owner: owner, for: Ping.self))
        #expect(!sut.isSubscribed(owner: owner, for: Pong.self))
        #expect(sut.isSubscribed(owner: owner, for: (any ShopEvent).self))
        #expect(sut.subscriptions(owner: owner).count == 2)

        token.cancel()
        sut.unsubscribeAll(owner: owner)

        #expect(!sut.isSubscribed(owner: owner))
        #expect(!sut.isSubscribed(owner: owner, for: (any ShopEvent).self))
        #expect(sut.isSubscribed(owner: other, for: Pong.self))
    }

    @Test func isSubscribedSeesStateSubscriptionsAndForgetsAReleasedOwner() {
        let sut = EventBus()
        var owner: Owner? = Owner()
        sut.states(for: Basket.self).subscribe(owner: owner!) { _, _ in }
        #expect(sut.isSubscribed(owner: owner!, for: Basket.self))

        owner = nil
        // A new object may get the released owner's address: the bus checks the owner itself.
        let newcomer = Owner()

        #expect(!sut.isSubscribed(owner: newcomer))
    }

    @Test func clearStateIfCurrentForgetsOnlyTheCurrentValue() {
        let sut = EventBus()
        sut.publishState(Basket(items: ["tea"]))

        #expect(!sut.clearState(ifCurrent: Basket(items: ["jam"])))
        #expect(sut.currentState(for: Basket.self) == Basket(items: ["tea"]))

        #expect(sut.clearState(ifCurrent: Basket(items: ["tea"])))
        #expect(sut.currentState(for: Basket.self) == nil)
        #expect(!sut.clearState(ifCurrent: Basket(items: ["tea"])))
    }

    @Test func aDeadEventNamesItsBusWeakly() {
        let received = LockBox<[DeadEvent]>([])
        var sut: EventBus? = EventBus()
        let token = sut!.subscribe(for: DeadEvent.self) { dead in received.mutate { $0.append(dead) } }

        sut!.publish(Ping())

        #expect(received.value.first?.bus === sut)
        withExtendedLifetime(token) {}
        sut = nil  // the recorded dead event does not keep the bus alive
        #expect(received.value.first?.bus == nil)
        #expect(DeadEvent(event: Ping()).bus == nil)
    }

    @Test func aFailureReportNamesTheFailingOwnerWeakly() {
        let sut = EventBus()
        let reports = LockBox<[SubscriberFailure]>([])
        sut.setFailureHandler { failure in reports.mutate { $0.append(failure) } }
        var owner: Owner? = Owner("loyalty")
        sut.subscribe(owner: owner!) { (_, _: Ping) throws in throw Refused() }
        let ownerless = sut.subscribe(for: Pong.self) { _ throws in throw Refused() }

        sut.publish(Ping())
        sut.publish(Pong())

        #expect((reports.value.first?.owner as? Owner)?.name == "loyalty")
        #expect(reports.value.last?.owner == nil)
        owner = nil
        #expect(reports.value.first?.owner == nil)
        withExtendedLifetime(ownerless) {}
    }
}
