/// The subscriber lists of the event types that share one shard, as a plain value.
///
/// It holds no lock and calls no handler, so it can be tested without threads; ``SubscriptionStore``
/// wraps it in a lock and decides, under that lock, what the bus then does outside it.
///
/// Methods that drop entries hand them back ("retired" entries) instead of releasing them: the
/// last reference to an entry owns the handler closure, whose captured values may run arbitrary
/// `deinit` code (even publish on this bus), so the caller releases them after unlocking.
struct SubscriptionRegistry {
    private var lists: [ObjectIdentifier: SubscriberList] = [:]

    /// The current list for `eventKey`. Copying it only retains its storage: publishing never
    /// allocates, and a later subscribe or cancel copies the list (copy-on-write) instead of
    /// disturbing a publish that is walking this snapshot.
    func snapshot(of eventKey: ObjectIdentifier) -> ContiguousArray<AnySubscription> {
        lists[eventKey]?.entries ?? []
    }

    /// The list of `eventKey` if its protocol matches were resolved at `generation`, else nil
    /// (the caller resolves them and calls ``installProtocolAdapters(_:for:generation:)``).
    func snapshot(of eventKey: ObjectIdentifier, ifResolvedAt generation: UInt64) -> ContiguousArray<
        AnySubscription
    >? {
        guard let list = lists[eventKey], list.protocolGeneration == generation else { return nil }
        return list.entries
    }

    /// Replaces `eventKey`'s protocol matches with `adapters`, resolved at `generation`, unless
    /// a publish on another thread already installed those of the same or a newer generation.
    /// Creates the list if the type had none, so that an unmatched type is remembered as
    /// resolved too. Returns the replaced adapters.
    mutating func installProtocolAdapters(
        _ adapters: [AnySubscription], for eventKey: ObjectIdentifier, generation: UInt64
    ) -> [AnySubscription] {
        var list = lists.removeValue(forKey: eventKey) ?? SubscriberList()
        defer { lists.updateValue(list, forKey: eventKey) }
        guard list.protocolGeneration < generation else { return [] }
        return list.replaceProtocolAdapters(with: adapters, generation: generation)
    }

    /// Appends `subscription` to its type's list, after pruning finished entries when the list
    /// has doubled since the last prune. That keeps subscribe amortized O(1) while dead entries
    /// can never make up more than half of a list. Returns the pruned entries.
    mutating func add(_ subscription: AnySubscription) -> [AnySubscription] {
        lists[subscription.eventKey, default: SubscriberList()].add(subscription)
    }

    /// Removes `subscription` if it is still listed. The caller (a token) still references it,
    /// so nothing is released here.
    mutating func remove(_ subscription: AnySubscription) {
        updateList(of: subscription.eventKey) { $0.entries.removeAll { $0 === subscription } }
    }

    /// Removes the entries of `eventKey` that can never run again (cancelled, fired once, or
    /// whose owner is gone) and returns them.
    mutating func pruneFinished(of eventKey: ObjectIdentifier) -> [AnySubscription] {
        var retired: [AnySubscription] = []
        updateList(of: eventKey) { retired = $0.prune() }
        return retired
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
        list.keepBufferAtLeastACacheLine()
        lists.updateValue(list, forKey: eventKey)
    }

    /// Cancels and removes the entries owned by `owner`, of one event type or of all, and
    /// returns them.
    mutating func removeAll(ownedBy owner: AnyObject, eventKey: ObjectIdentifier? = nil) -> [AnySubscription]
    {
        // The keys are copied first: iterating `lists.keys` while editing `lists` would make
        // the edits copy the whole dictionary.
        let keys = eventKey.map { [$0] } ?? Array(lists.keys)
        var retired: [AnySubscription] = []
        for key in keys {
            updateList(of: key) { list in
                list.entries.removeAll { entry in
                    guard entry.isOwned(by: owner) else { return false }
                    entry.markCancelled()
                    retired.append(entry)
                    return true
                }
            }
        }
        return retired
    }

    /// Every type's list (retained buffers, not copies), for introspection.
    func allLists() -> [ContiguousArray<AnySubscription>] {
        lists.values.map(\.entries)
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
    /// The protocol-subscription generation the list's adapters were resolved at (0: never).
    private(set) var protocolGeneration: UInt64 = 0

    /// Swaps the protocol adapters for `adapters` and stamps the list; returns the old ones.
    mutating func replaceProtocolAdapters(with adapters: [AnySubscription], generation: UInt64)
        -> [AnySubscription]
    {
        var retired: [AnySubscription] = []
        entries.removeAll { entry in
            guard entry.tier == 1 else { return false }
            retired.append(entry)
            return true
        }
        for adapter in adapters { insertInDeliveryOrder(adapter) }
        keepBufferAtLeastACacheLine()
        protocolGeneration = generation
        return retired
    }

    /// Files `subscription` in delivery order; returns the entries pruned to make room, if any.
    mutating func add(_ subscription: AnySubscription) -> [AnySubscription] {
        let retired = entries.count >= pruneThreshold ? prune() : []
        insertInDeliveryOrder(subscription)
        keepBufferAtLeastACacheLine()
        return retired
    }

    /// Keeps the list sorted by descending priority (then tier, then subscription order), so
    /// that publishing walks it front to back and never sorts. The common case, a priority no
    /// higher than the last entry's, is an append after one comparison.
    mutating func insertInDeliveryOrder(_ subscription: AnySubscription) {
        var index = entries.endIndex
        while index > entries.startIndex, !entries[index - 1].staysAhead(of: subscription) {
            index -= 1
        }
        entries.insert(subscription, at: index)
    }

    /// Every publish retains and releases `entries`' buffer, writing the reference count at its
    /// start. A buffer of at least 64 bytes (a 32-byte header plus four references) keeps that
    /// word at least a cache line away from any other type's buffer, so publishers of different
    /// types never bounce one cache line between cores (seen as two-thread publishing that did
    /// not scale in some runs of eventbench, depending on where malloc put the buffers).
    mutating func keepBufferAtLeastACacheLine() {
        if !entries.isEmpty, entries.capacity < 4 {
            entries.reserveCapacity(4)
        }
    }

    /// Removes finished entries and returns them, for release outside the lock.
    mutating func prune() -> [AnySubscription] {
        var retired: [AnySubscription] = []
        entries.removeAll { entry in
            guard entry.isFinished else { return false }
            retired.append(entry)
            return true
        }
        pruneThreshold = max(Self.minimumPruneThreshold, entries.count * 2)
        return retired
    }
}
