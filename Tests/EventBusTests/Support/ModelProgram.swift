import EventBus

/// One thread's program in the model-based test: operations drawn from a seed, so a failing run
/// replays its programs with `MODEL_SEED` (the threads' interleaving is the machine's).
enum ModelOperation: Equatable {
    /// A new subscription of this thread's `ModelHop` or `ModelRelay` type, or its `ModelGauge` state.
    case subscribe(ModelSubscriberKind, ModelTopic, ModelReaction)
    /// `token.cancel()` on the subscription picked (an index into the live ones).
    case cancel(pick: Int)
    /// Drops the last reference to the owner picked, ending its subscriptions.
    case killOwner(pick: Int)
    /// Drops the thread's ``SubscriptionBag``, which ends what was stored in it: owner-less
    /// subscriptions whose tokens nothing else holds.
    case releaseBag
    case publish(ModelTopic)
    case publishState
    /// A publish of the type every thread publishes and long-lived subscribers hear.
    case publishShared
    /// A subscription of the type every thread publishes, or the cancel of one.
    case churnSubscribe, churnCancel(pick: Int)
    case publishChurn
}

enum ModelSubscriberKind: CaseIterable { case token, owner, bag }

/// Which of the thread's types: `ModelHop`s may publish a `ModelRelay` from their handler (nested).
enum ModelTopic: CaseIterable { case hop, relay, gauge }

/// What a handler does besides recording the event.
enum ModelReaction: Equatable {
    case none
    /// Publishes a `ModelRelay` from inside a `ModelHop`'s handler.
    case publishNested
    /// Cancels the thread's subscription with this number, if it is still live.
    case cancel(subscriber: Int)
}

enum ModelProgram {
    /// `count` operations for one thread, from `seed`.
    static func operations(count: Int, seed: UInt64) -> [ModelOperation] {
        var random = SplitMix64(seed: seed)
        var made = 0
        return (0..<count).map { _ -> ModelOperation in
            let roll = Int.random(in: 0..<100, using: &random)
            let pick = Int.random(in: 0..<1_000, using: &random)
            switch roll {
            case 0..<22:
                let topic = ModelTopic.allCases.randomElement(using: &random)!
                let kind = ModelSubscriberKind.allCases.randomElement(using: &random)!
                let reaction: ModelReaction =
                    switch Int.random(in: 0..<6, using: &random) {
                    case 0 where topic == .hop: .publishNested
                    case 1 where made > 0: .cancel(subscriber: Int.random(in: 0..<made, using: &random))
                    default: .none
                    }
                made += 1
                return .subscribe(kind, topic, reaction)
            case 22..<32: return .cancel(pick: pick)
            case 32..<38: return .killOwner(pick: pick)
            case 38..<41: return .releaseBag
            case 41..<63: return .publish(Bool.random(using: &random) ? .hop : .relay)
            case 63..<70: return .publishState
            case 70..<80: return .publishShared
            case 80..<85: return .churnSubscribe
            case 85..<89: return .churnCancel(pick: pick)
            default: return .publishChurn
            }
        }
    }
}

/// Distinct event types for each thread, so each thread's own deliveries are deterministic and
/// comparable one for one with the reference bus, while the threads share the bus's shards,
/// reclaimer, hazard records, owner index and sweep.
protocol ModelLane: Sendable { static var index: Int { get } }
enum ModelLaneA: ModelLane { static let index = 0 }
enum ModelLaneB: ModelLane { static let index = 1 }
enum ModelLaneC: ModelLane { static let index = 2 }

struct ModelHop<Lane: ModelLane>: EventBusEvent { let number: Int }
struct ModelRelay<Lane: ModelLane>: EventBusEvent { let number: Int }
struct ModelGauge<Lane: ModelLane>: EventBusEvent { let number: Int }

/// Published by every thread; `publisher` and `number` give each publisher's order.
struct ModelSharedHop: EventBusEvent {
    let publisher: Int
    let number: Int
}

struct ModelChurnHop: EventBusEvent {
    let publisher: Int
    let number: Int
}

/// An owner whose death the test can count.
final class ModelOwner: Sendable {
    private let tracked: Tracked

    init(live: Tally) { tracked = Tracked(in: live) }
}
