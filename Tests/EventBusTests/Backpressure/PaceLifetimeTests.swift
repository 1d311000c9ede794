import EventBus
import EventBusTesting
import Testing

/// A paced subscription's pending sleep ends with the subscription. It used to stay asleep on
/// the clock until the clock reached its deadline: with a `ManualClock` that a test never moves
/// again, task and clock then held each other for good (LeakSanitizer reported them).
@Suite("Pace: the pending sleep ends with the subscription", .timeLimit(.minutes(3)))
struct PaceLifetimeTests {
    /// Given a paced subscription asleep after delivering its first event.
    private func givenAPacedSubscriptionAsleep(
        on sut: EventBus, owner: Owner, clock: ManualClock
    ) async -> SubscriptionToken {
        let token = sut.subscribePaced(owner: owner, every: .seconds(1), clock: clock) { (_, _: Letter) in }
        sut.publish(Letter("A"))
        await waitUntil { clock.sleeperCount == 1 }
        return token
    }

    @Test func cancellingAPacedSubscriptionLeavesNoSleeperOnTheClock() async {
        let sut = EventBus()
        let clock = ManualClock()
        let owner = Owner()
        let token = await givenAPacedSubscriptionAsleep(on: sut, owner: owner, clock: clock)

        token.cancel()

        await waitUntil { clock.sleeperCount == 0 }
        #expect(clock.sleeperCount == 0)
        withExtendedLifetime(owner) {}
    }

    @Test func releasingTheOwnerEndsThePendingSleepAtTheNextPublish() async {
        let sut = EventBus()
        let clock = ManualClock()
        var owner: Owner? = Owner()
        _ = await givenAPacedSubscriptionAsleep(on: sut, owner: owner!, clock: clock)

        owner = nil
        sut.publish(Letter("B"))  // finds the owner gone and ends the subscription

        await waitUntil { clock.sleeperCount == 0 }
        #expect(clock.sleeperCount == 0)
    }

    @Test func releasingTheBusEndsThePendingSleepOfALiveSubscription() async {
        var sut: EventBus? = EventBus()
        let clock = ManualClock()
        let owner = Owner()
        _ = await givenAPacedSubscriptionAsleep(on: sut!, owner: owner, clock: clock)

        sut = nil

        await waitUntil { clock.sleeperCount == 0 }
        #expect(clock.sleeperCount == 0)
        withExtendedLifetime(owner) {}
    }
}
