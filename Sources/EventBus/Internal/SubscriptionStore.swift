import Synchronization

/// The bus's subscriptions, split into lock-guarded shards by event type so that publishers of
/// different types rarely contend on one lock.
final class SubscriptionStore: Sendable {
    private static let shardCount = 16
    private let shards: [LockedValue<SubscriptionRegistry>]

    init() {
        shards = (0..<Self.shardCount).map { _ in LockedValue(SubscriptionRegistry()) }
    }

    /// Fibonacci hashing of the type's metadata address spreads neighbouring types over shards.
    /// The address is used directly, not `hashValue`: that would run SipHash on every publish
    /// and, being seeded per process, put two types in the same shard in some runs and not in
    /// others, so contention would change from run to run.
    private func shard(for eventKey: ObjectIdentifier) -> LockedValue<SubscriptionRegistry> {
        let bits = UInt(bitPattern: Int(bitPattern: eventKey)) &* 0x9E37_79B9_7F4A_7C15
        return shards[Int(bits >> (UInt.bitWidth - 4))]
    }

    func snapshot(of eventKey: ObjectIdentifier) -> ContiguousArray<AnySubscription> {
        shard(for: eventKey).withLock { $0.snapshot(of: eventKey) }
    }

    func add(_ subscription: AnySubscription) {
        shard(for: subscription.eventKey).withLock { $0.add(subscription) }
    }

    func remove(_ subscription: AnySubscription) {
        shard(for: subscription.eventKey).withLock { $0.remove(subscription) }
    }

    func pruneFinished(of eventKey: ObjectIdentifier) {
        shard(for: eventKey).withLock { $0.pruneFinished(of: eventKey) }
    }

    func removeAll(ownedBy owner: AnyObject, eventKey: ObjectIdentifier?) {
        if let eventKey {
            shard(for: eventKey).withLock { $0.removeAll(ownedBy: owner, eventKey: eventKey) }
        } else {
            for shard in shards {
                shard.withLock { $0.removeAll(ownedBy: owner) }
            }
        }
    }

    func count(of eventKey: ObjectIdentifier) -> Int {
        shard(for: eventKey).withLock { $0.count(of: eventKey) }
    }
}
