import EventBusTesting
import Testing

@testable import EventBus

/// Every owner-bound kind under the one token rule: a set or bag only keeps its tokens, so its
/// release leaves each subscription to its owner, while `cancelAll()` and `cancel()` end them.
/// (`TokenLifetimeRuleTests` crosses kinds with every way of keeping a token.)
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
            (
                "event only",
                sut.subscribe(owner: owner) { [log = owner.log] (_: Ping) in log.append("event only") }
            ),
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

    @Test func releasingTheSetOrTheBagLeavesEveryOwnerBoundKindToItsOwner() async {
        // Given every owner-bound kind, kept half in a set with store(in:), half in a bag
        let sut = EventBus()
        let log = Log()
        var owner: Owner? = Owner(log: log)
        let executor = ManualExecutor()
        var tokens: Set<SubscriptionToken>? = []
        var bag: SubscriptionBag? = SubscriptionBag()
        let kinds = subscribeEveryOwnerBoundKind(on: sut, owner: owner!, executor: executor)
        for (index, (_, token)) in kinds.enumerated() {
            if index.isMultiple(of: 2) { token.store(in: &tokens!) } else { token.store(in: bag!) }
        }
        let everyKind = Set(kinds.map(\.kind))
        _ = consume kinds

        // When the set and the bag go
        tokens = nil
        bag = nil
        sut.publish(Ping())
        sut.publishState(Ping())
        executor.drain()

        // Then every kind still runs: the set and the bag only kept tokens
        await waitUntil { Set(log.all).isSuperset(of: everyKind) }

        // And once the owner goes, nothing runs and nothing stays listed
        let before = log.count
        owner = nil
        sut.publish(Ping())
        sut.publishState(Ping())
        executor.drain()
        #expect(log.count == before)
        #expect(sut.subscriptionSnapshot().isEmpty)
        #expect(tokens == nil && bag == nil && owner == nil)
    }

    @Test func cancellingTheBagEndsEveryKindWhileItsOwnerLives() {
        // Given every owner-bound kind kept in a bag
        let sut = EventBus()
        let owner = Owner()
        let executor = ManualExecutor()
        let bag = SubscriptionBag()
        for (_, token) in subscribeEveryOwnerBoundKind(on: sut, owner: owner, executor: executor) {
            token.store(in: bag)
        }

        // When the bag is cancelled
        bag.cancelAll()
        sut.publish(Ping())
        sut.publishState(Ping())
        executor.drain()

        // Then none of them runs, and none is listed
        #expect(sut.subscriptionSnapshot().isEmpty)
        #expect(owner.log.all.isEmpty)
    }

    @Test func removingAnOwnerlessTokenFromTheSetEndsOnlyItsSubscription() {
        let sut = EventBus()
        let log = Log()
        var tokens = Set<SubscriptionToken>()
        let first = sut.subscribe { (_: Ping) in log.append("first") }
        first.store(in: &tokens)
        sut.subscribe { (_: Ping) in log.append("second") }.store(in: &tokens)

        tokens.remove(first)
        _ = consume first
        sut.publish(Ping())

        #expect(log.all == ["second"])
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
        #expect(tokens.first?.isFinished == true)
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
