import EventBusTesting
import Testing

@testable import EventBus

/// The one token rule, for every kind and every way of keeping a token: a subscription with an
/// owner ends when its owner goes; one without an owner ends when its token goes. How the token
/// is kept (discarded, a stored property, a set, a bag, with or without `store(in:)`) never
/// changes which.
@Suite("Token lifetime rule", .timeLimit(.minutes(1)))
struct TokenLifetimeRuleTests {
    @Test(arguments: SubscriptionKind.allCases, TokenKeeping.allCases)
    func aSubscriptionEndsWithItsOwnerIfItHasOneAndWithItsTokenIfNot(
        kind: SubscriptionKind, keeping: TokenKeeping
    ) {
        // Given a subscription of `kind` whose token is kept by `keeping` in a holder object
        let world = RuleWorld()
        var owner: Owner? = Owner()
        var holder: TokenHolder? = TokenHolder(keeping: keeping) { kind.subscribe(in: world, owner: owner!) }
        world.publish(1, for: kind)

        // When the holder goes, then the owner
        holder = nil
        world.publish(2, for: kind)
        owner = nil
        world.publish(3, for: kind)

        // Then an owner-bound subscription ran until its owner went, whatever kept its token; an
        // owner-less one ran while its token was held, and never once its token was discarded
        let expected: [Int] =
            switch (kind.isOwnerBound, keeping) {
            case (true, _): [1, 2]
            case (false, .discarded): []
            case (false, _): [1]
            }
        #expect(world.reached == expected)
        #expect(holder == nil && owner == nil)
    }

    @Test(arguments: SubscriptionKind.allCases, [TokenKeeping.bagInsert, .storeInBag])
    func cancellingTheBagEndsEveryKindWhileItsOwnerLives(kind: SubscriptionKind, keeping: TokenKeeping) {
        // Given a subscription of `kind` kept in a bag, and its owner alive
        let world = RuleWorld()
        let owner = Owner()
        let holder = TokenHolder(keeping: keeping) { kind.subscribe(in: world, owner: owner) }
        world.publish(1, for: kind)

        // When the bag is cancelled
        holder.bag.cancelAll()
        world.publish(2, for: kind)

        // Then the subscription ended, owner-bound or not
        #expect(world.reached == [1])
        #expect(holder.bag.count == 0)
    }

    @Test(arguments: SubscriptionKind.allCases)
    func theTokenReportsFinishedOnceTheRuleHasEndedTheSubscription(kind: SubscriptionKind) {
        // Given a subscription of `kind` whose token is kept
        let world = RuleWorld()
        var owner: Owner? = Owner()
        let token = kind.subscribe(in: world, owner: owner!)
        #expect(!token.isFinished)

        // When its owner goes (an owner-less one's token is still held)
        owner = nil

        // Then only an owner-bound subscription is finished
        #expect(token.isFinished == kind.isOwnerBound)
        #expect(owner == nil)
    }

    @Test(arguments: SubscriptionKind.allCases)
    func releasingTheBusFinishesEveryKindWhoseTokenIsKept(kind: SubscriptionKind) {
        // Given a subscription of `kind` whose token and owner outlive the bus
        var world: RuleWorld? = RuleWorld()
        let owner = Owner()
        let token = kind.subscribe(in: world!, owner: owner)

        // When the bus goes
        world = nil

        // Then the token reports its subscription finished
        #expect(token.isFinished)
        #expect(world == nil)
    }
}

/// The kinds the rule table covers: each synchronous, executor, stepping and state shape, with
/// and without an owner where the API has both.
enum SubscriptionKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case ownerBoundSynchronous, ownerlessSynchronous, ownerBoundExecutor
    case ownerBoundStepping, ownerlessStepping, ownerBoundStateQuery, ownerlessStateQuery

    var testDescription: String { rawValue }

    var isOwnerBound: Bool {
        switch self {
        case .ownerBoundSynchronous, .ownerBoundExecutor, .ownerBoundStepping, .ownerBoundStateQuery: true
        case .ownerlessSynchronous, .ownerlessStepping, .ownerlessStateQuery: false
        }
    }

    var isState: Bool { self == .ownerBoundStateQuery || self == .ownerlessStateQuery }

    /// Subscribes; an owner-less kind's handler does not capture `owner`.
    func subscribe(in world: RuleWorld, owner: Owner) -> SubscriptionToken {
        let (bus, log) = (world.bus, world.log)
        return switch self {
        case .ownerBoundSynchronous:
            bus.subscribe(owner: owner) { (_, event: Ping) in log.append("\(event.number)") }
        case .ownerlessSynchronous:
            bus.subscribe { (event: Ping) in log.append("\(event.number)") }
        case .ownerBoundExecutor:
            bus.subscribe(owner: owner, on: world.executor) { (_, event: Ping) in
                log.append("\(event.number)")
            }
        case .ownerBoundStepping:
            bus.subscribeStepping(owner: owner, buffering: .unbounded) { (_, event: Ping, promise) in
                log.append("\(event.number)")
                promise(.more)
            }
        case .ownerlessStepping:
            bus.subscribeStepping(buffering: .unbounded) { (event: Ping, promise) in
                log.append("\(event.number)")
                promise(.more)
            }
        case .ownerBoundStateQuery:
            bus.states(for: Ping.self, replaysCurrentValue: false).subscribe(owner: owner) { _, value in
                log.append("\(value.number)")
            }
        case .ownerlessStateQuery:
            bus.states(for: Ping.self, replaysCurrentValue: false).subscribe { value in
                log.append("\(value.number)")
            }
        }
    }
}

/// The ways a token can be kept: all of them only keep it.
enum TokenKeeping: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case discarded, storedProperty, setInsert, storeInSet, bagInsert, storeInBag

    var testDescription: String { rawValue }
}

/// An object that keeps one token the way `keeping` says, as a view model would.
final class TokenHolder {
    var property: SubscriptionToken?
    var set = Set<SubscriptionToken>()
    let bag = SubscriptionBag()

    /// `subscribe`'s token never lands in a caller's local, so the holder's release is the
    /// token's last one.
    init(keeping: TokenKeeping, _ subscribe: () -> SubscriptionToken) {
        switch keeping {
        case .discarded: _ = subscribe()
        case .storedProperty: property = subscribe()
        case .setInsert: set.insert(subscribe())
        case .storeInSet: subscribe().store(in: &set)
        case .bagInsert: bag.insert(subscribe())
        case .storeInBag: subscribe().store(in: bag)
        }
    }
}

/// A bus, the executor its executor kind runs on, and what reached the handler.
final class RuleWorld {
    let bus = EventBus()
    let executor = ManualExecutor()
    let log = Log()

    /// The numbers that reached the handler, in order.
    var reached: [Int] { log.all.map { Int($0)! } }

    /// Publishes `number` the way `kind` hears it, and runs what the executor queued.
    func publish(_ number: Int, for kind: SubscriptionKind) {
        if kind.isState {
            bus.publishState(Ping(number: number))
        } else {
            bus.publish(Ping(number: number))
        }
        executor.drain()
    }
}
