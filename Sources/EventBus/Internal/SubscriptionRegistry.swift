/// The subscriber lists of the event types that share one shard, as a plain value.
///
/// It holds no lock and calls no handler, so it can be tested without threads; ``SubscriptionStore``
/// wraps it in a lock and decides, under that lock, what the bus then does outside it.
struct SubscriptionRegistry {
    private var lists: [ObjectIdentifier: SubscriberList] = [:]

    /// The current list for `eventKey`. Copying it only retains its storage: publishing never
    /// allocates, and a later subscribe or cancel copies the list (copy-on-write) instead of
    /// disturbing a publish that is walking this snapshot.
    func snapshot(of eventKey: ObjectIdentifier) -> ContiguousArray<AnySubscription> {
        lists[eventKey]?.entries ?? []
    }

    /// Appends `subscription` to its type's list, after pruning finished entries when the list
    /// has doubled since the last prune. That keeps subscribe amortized O(1) while dead entries
    /// can never make up more than half of a list.
    mutating func add(_ subscription: AnySubscription) {
        lists[subscription.eventKey, default: SubscriberList()].add(subscription)
    }

    /// Removes `subscription` if it is still listed.
    mutating func remove(_ subscription: AnySubscription) {
        updateList(of: subscription.eventKey) { $0.entries.removeAll { $0 === subscription } }
    }

    /// Removes the entries of `eventKey` that can never run again (cancelled, fired once, or
    /// whose owner is gone).
    mutating func pruneFinished(of eventKey: ObjectIdentifier) {
        updateList(of: eventKey) { $0.prune() }
    }

    /// Mutates the list of `eventKey`, if it has one, by moving it out and back in.
    ///
    /// Mutating through `lists[eventKey]?` goes through three nested `_modify` coroutines of
    /// `Dictionary`, and each allocated its frame on the heap: three of the five allocations
    /// of a subscribe + cancel. Moving the list out also leaves it uniquely referenced, so
    /// the entries are edited in place unless a publish holds a snapshot of them.
    private mutating func updateList(of eventKey: ObjectIdentifier, _ body: (inout SubscriberList) -> Void) {
        guard var list = lists.removeValue(forKey: eventKey) else { return }
        body(&list)
        lists.updateValue(list, forKey: eventKey)
    }

    /// Cancels and removes the entries owned by `owner`, of one event type or of all.
    mutating func removeAll(ownedBy owner: AnyObject, eventKey: ObjectIdentifier? = nil) {
        for key in lists.keys where eventKey == nil || key == eventKey {
            lists[key]?.entries.removeAll { entry in
                guard entry.isOwned(by: owner) else { return false }
                entry.markCancelled()
                return true
            }
        }
    }

    /// How many entries are listed for `eventKey`, finished or not (for tests and diagnostics).
    func count(of eventKey: ObjectIdentifier) -> Int {
        lists[eventKey]?.entries.count ?? 0
    }
}

/// The subscriptions of one event type, in subscription order.
struct SubscriberList {
    private static let minimumPruneThreshold = 8

    var entries: ContiguousArray<AnySubscription> = []
    private var pruneThreshold = minimumPruneThreshold

    mutating func add(_ subscription: AnySubscription) {
        if entries.count >= pruneThreshold {
            prune()
        }
        entries.append(subscription)
    }

    mutating func prune() {
        entries.removeAll { $0.isFinished }
        pruneThreshold = max(Self.minimumPruneThreshold, entries.count * 2)
    }
}
