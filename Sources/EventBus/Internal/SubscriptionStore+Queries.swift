/// The store's read-only queries: an owner's live entries (introspection), and counts and
/// capacities for tests and diagnostics. None of them is on a publish or subscribe path.
extension SubscriptionStore {
    /// The live entries of `owner`, found through the owner index (so the cost follows the
    /// owner's subscriptions, not the bus's), of `eventKey` only if given.
    func liveEntries(ownedBy owner: AnyObject, eventKey: ObjectIdentifier?) -> [AnySubscription] {
        owners.withLock { $0.entries(of: ObjectIdentifier(owner)) }.filter {
            $0.isOwned(by: owner) && !$0.isFinished && (eventKey == nil || $0.eventKey == eventKey)
        }
    }

    /// Owners with indexed entries (for tests and diagnostics).
    var indexedOwnerCount: Int { owners.withLock { $0.ownerCount } }

    func count(of eventKey: ObjectIdentifier) -> Int {
        withShard(for: eventKey) { $0.count(of: eventKey) }
    }

    /// Entries that can still run, of one type: the lock is held only to retain the list, and
    /// the entries (a flag and a weak load each) are checked after it is released.
    func liveCount(of eventKey: ObjectIdentifier) -> Int {
        withShard(for: eventKey) { $0.snapshot(of: eventKey) }.reduce(0) { $0 + ($1.isFinished ? 0 : 1) }
    }

    /// Every listed entry, list by list in delivery order. Each shard's lock is held only to
    /// retain its lists' buffers.
    func allEntries() -> [AnySubscription] {
        var all: [AnySubscription] = []
        for shard in shards {
            let lists = shard.withLock { $0.allLists() }
            for list in lists { all.append(contentsOf: list) }
        }
        return all
    }

    /// Room kept for `eventKey`'s entries, and for owners in the owner index (for tests).
    func capacities(of eventKey: ObjectIdentifier) -> (entries: Int, keys: Int, owners: Int) {
        let list = withShard(for: eventKey) { $0.capacities(of: eventKey) } ?? (entries: 0, keys: 0)
        return (list.entries, list.keys, owners.withLock { $0.capacity })
    }

    /// Entries listed for every type, finished or not (for tests and diagnostics).
    var totalCount: Int {
        shards.reduce(0) { total, shard in total + shard.withLock { $0.totalCount } }
    }
}
