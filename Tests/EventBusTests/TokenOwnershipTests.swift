import EventBusTesting
import Testing

@testable import EventBus

/// One token rule: a token stored in a bag or a set ends its subscription when the container
/// goes, for every kind; a token never stored keeps its kind's rule (owner-bound: the owner
/// decides; owner-less: the token's release cancels).
@Suite("Token ownership", .timeLimit(.minutes(3)))
struct TokenOwnershipTests {
    /// One subscription of every kind whose token was discardable before: all owner-bound.
    private func subscribeEveryOwnerBoundKind(
        on sut: EventBus, owner: Owner, executor: ManualExecutor
    ) -> [(kind: String, token: SubscriptionToken)] {
        [
            (
                "synchronous",
                sut.subscribe(owner: owner) { (owner, _: Ping) in owner.log.append("synchronous") }
            ),
            ("event only", sut.subscribe(owner: owner) { (_: Ping) in owner.log.append("event only") }),
            ("once", sut.subscribeOnce(owner: owner) { (owner, _: Ping) in owner.log.append("once") }),
            (
                "throwing",
                sut.subscribe(owner: owner) { (owner, _: Ping) throws in owner.log.append("throwing") }
            ),
            (
                "interceptor",
                sut.intercept(owner: owner) { (owner, _: Ping) in
                    owner.log.append("interceptor")
                    return .proceed
                }
            ),
            (
                "executor",
                sut.subscribe(owner: owner, on: executor) { (owner, _: Ping) in owner.log.append("executor") }
            ),
            (
                "bounded executor",
                sut.subscribe(owner: owner, on: executor, buffering: .keepNewest(4)) { (owner, _: Ping) in
                    owner.log.append("bounded executor")
                }
            ),
            (
                "stepping",
                sut.subscribeStepping(owner: owner, buffering: .unbounded) { (owner, _: Ping, promise) in
                    owner.log.append("stepping")
                    promise(.more)
                }
            ),
            (
                "paced",
                sut.subscribePaced(owner: owner, every: .seconds(1), clock: ManualClock()) {
                    (owner, _: Ping) in
                    owner.log.append("paced")
                }
            ),
            (
                "async",
                sut.subscribeAsync(owner: owner) { (owner, _: Ping) async in owner.log.append("async") }
            ),
            (
                "protocol",
                sut.subscribe(owner: owner, conformingTo: (any EventBusEvent).self) { owner, event in
                    if event is Ping { owner.log.append("protocol") }
                }
            ),
            (
                "state",
                sut.states(for: Ping.self, replaysCurrentValue: false).subscribe(owner: owner) { owner, _ in
                    owner.log.append("state")
                }
            ),
        ]
    }

    @Test func releasingTheSetEndsEveryKindWhileItsOwnerLives() {
        let sut = EventBus()
        let owner = Owner()
        let executor = ManualExecutor()
        var tokens = Set<SubscriptionToken>()
        let kinds = subscribeEveryOwnerBoundKind(on: sut, owner: owner, executor: executor)
        for (_, token) in kinds { token.store(in: &tokens) }
        #expect(sut.subscriptionSnapshot().values.joined().count == kinds.count)

        tokens = []
        _ = consume kinds
        sut.publish(Ping())
        sut.publishState(Ping())
        executor.drain()

        #expect(sut.subscriptionSnapshot().isEmpty)
        #expect(owner.log.all.isEmpty)
        #expect(tokens.isEmpty)
    }

    @Test func releasingTheBagEndsEveryKindWhileItsOwnerLives() {
        let sut = EventBus()
        let owner = Owner()
        let executor = ManualExecutor()
        var bag: SubscriptionBag? = SubscriptionBag()
        for (_, token) in subscribeEveryOwnerBoundKind(on: sut, owner: owner, executor: executor) {
            token.store(in: bag!)
        }

        bag = nil
        sut.publish(Ping())
        sut.publishState(Ping())
        executor.drain()

        #expect(sut.subscriptionSnapshot().isEmpty)
        #expect(owner.log.all.isEmpty)
    }

    @Test func removingOneTokenFromTheSetEndsOnlyItsSubscription() {
        let sut = EventBus()
        let owner = Owner()
        var tokens = Set<SubscriptionToken>()
        let first = sut.subscribe(owner: owner) { (owner, _: Ping) in owner.log.append("first") }
        first.store(in: &tokens)
        sut.subscribe(owner: owner) { (owner, _: Ping) in owner.log.append("second") }.store(in: &tokens)

        tokens.remove(first)
        _ = consume first
        sut.publish(Ping())

        #expect(owner.log.all == ["second"])
    }

    @Test func aStoredTokensSubscriptionStillEndsWithItsOwner() {
        let sut = EventBus()
        var tokens = Set<SubscriptionToken>()
        let log = Log()
        var owner: Owner? = Owner(log: log)
        sut.subscribe(owner: owner!) { (owner, _: Ping) in owner.log.append("ping") }.store(in: &tokens)

        owner = nil
        sut.publish(Ping())

        #expect(log.all.isEmpty)
        #expect(tokens.first?.isCancelled == true)
    }

    @Test func aDiscardedOwnerBoundTokenStillCancelsNothing() {
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner) { (owner, _: Ping) in owner.log.append("ping") }

        sut.publish(Ping())

        #expect(owner.log.all == ["ping"])
    }

    @Test func anOwnerBoundTokenKeptOutsideAContainerCancelsNothingWhenReleased() {
        let sut = EventBus()
        let owner = Owner()
        var token: SubscriptionToken? = sut.subscribe(owner: owner) { (owner, _: Ping) in
            owner.log.append("ping")
        }

        token = nil
        sut.publish(Ping())

        #expect(owner.log.all == ["ping"])
        #expect(token == nil)
    }
}
