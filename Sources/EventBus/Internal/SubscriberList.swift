import Synchronization

/// The subscriptions of one event type, in delivery order, with what finds one of them without a
/// scan.
///
/// `entries` is what a publish walks. Beside it, `keys` holds each slot's sort key (priority and
/// the serial number the registry gave the entry), so a token's entry is found by binary search. A
/// cancelled entry is not shifted out: its slot gets the list's *vacancy*, a stand-in that is
/// always finished, and the entry is handed back for release at once. Vacancies go when a publish
/// meets one (it prunes finished entries, as before), or when they make up half of the list. So
/// cancelling any one of 10,000 subscriptions costs a binary search, where it used to cost a scan
/// and a shift.
struct SubscriberList {
    private static let minimumPruneThreshold = 8

    private(set) var entries: ContiguousArray<AnySubscription> = []
    /// `keys[i]` is the sort key of the entry first filed at `entries[i]`; it stays when the slot
    /// is vacated, so the keys stay sorted and binary search keeps working.
    private var keys: ContiguousArray<SlotKey> = []
    /// The stand-in for cancelled entries (one per list, made by the first cancel).
    private var vacancy: AnySubscription?
    private var vacancyCount = 0
    private var pruneThreshold = minimumPruneThreshold
    /// The protocol-subscription generation the list's adapters were resolved at (0: never).
    private(set) var protocolGeneration: UInt64 = 0
    /// `entries` as publishes read them, without the lock; every change to `entries` is
    /// mirrored there before the lock is released.
    let published: PublishedList

    init(reclaimer: Reclaimer = Reclaimer()) {
        published = PublishedList(reclaimer: reclaimer)
    }

    /// Listed entries that are not vacancies, finished or not.
    var count: Int { entries.count - vacancyCount }

    /// Swaps the protocol adapters for `adapters` and stamps the list; returns the old ones.
    mutating func replaceProtocolAdapters(with adapters: [AnySubscription], generation: UInt64)
        -> [AnySubscription]
    {
        let retired = removeEntries { $0.tier == 1 }
        for adapter in adapters { insertInDeliveryOrder(adapter) }
        keepBufferAtLeastACacheLine()
        protocolGeneration = generation
        published.resolvedGeneration.store(generation, ordering: .releasing)
        return retired
    }

    /// Files `subscription` in delivery order; returns the entries pruned to make room, if any.
    /// The owners the prune loaded go to `held` (see ``HeldOwners``).
    mutating func add(_ subscription: AnySubscription, holding held: inout HeldOwners) -> [AnySubscription] {
        let retired = count >= pruneThreshold ? prune(holding: &held) : []
        insertInDeliveryOrder(subscription)
        keepBufferAtLeastACacheLine()
        return retired
    }

    /// Keeps the list sorted by descending priority (then tier, then subscription order), so
    /// that publishing walks it front to back and never sorts. The common case, a priority no
    /// higher than the last entry's, is an append after one comparison.
    mutating func insertInDeliveryOrder(_ subscription: AnySubscription) {
        subscription.startCounting(on: published)
        if subscription.wantsCallSites { published.markWantsCallSites() }
        let key = SlotKey(subscription)
        var index = keys.endIndex
        while index > keys.startIndex, !keys[index - 1].staysAhead(of: key) {
            index -= 1
        }
        if index == keys.endIndex {
            entries.append(subscription)
            keys.append(key)
            published.append(subscription, entries: entries)
        } else {
            entries.insert(subscription, at: index)
            keys.insert(key, at: index)
            published.rebuild(from: entries)
        }
    }

    /// The slot of the entry named `id`, found by binary search on the keys, or nil when it is
    /// no longer listed (cancelled, pruned, or never here).
    func index(of id: SubscriptionID) -> Int? {
        let target = SlotKey(priority: id.priority, serial: id.serial)
        // The newest entry first: short-lived subscriptions are mostly cancelled newest first, and
        // one comparison beats the search.
        if let last = keys.last, last == target {
            return id.names(entries[entries.count - 1]) ? entries.count - 1 : nil
        }
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle].precedes(target) { low = middle + 1 } else { high = middle }
        }
        guard low < keys.count, keys[low] == target, id.names(entries[low]) else { return nil }
        return low
    }

    /// Vacates the slot of the entry named `id` and returns the entry (marked cancelled), or nil
    /// when it is not listed. O(log n), plus an occasional compaction that removes the
    /// vacancies once they are half the list (amortized O(1) per cancel).
    ///
    /// The newest entry (the last slot) is removed outright when no publish walks the list:
    /// short-lived subscriptions are usually cancelled newest first, and a vacancy there would
    /// only wait for a compaction (which allocates a new published buffer).
    mutating func cancel(_ id: SubscriptionID) -> AnySubscription? {
        guard let index = index(of: id) else { return nil }
        if index == entries.count - 1, published.removeLastIfUnannounced() {
            let entry = entries.removeLast()
            keys.removeLast()
            entry.markCancelled()
            return entry
        }
        let entry = vacate(index)
        entry.markCancelled()
        _ = compactIfMostlyVacant(before: 0)
        return entry
    }

    /// Puts the vacancy in slot `index` and returns the entry that was there.
    private mutating func vacate(_ index: Int) -> AnySubscription {
        let entry = entries[index]
        let stand = vacancy ?? entry.makeVacancy()
        vacancy = stand
        entries[index] = stand
        published.replace(at: index, with: stand)
        vacancyCount += 1
        return entry
    }

    /// Removes every vacancy once they are at least half of the list, so a list never holds
    /// more than twice its live entries. Returns how many slots before `position` went.
    private mutating func compactIfMostlyVacant(before position: Int) -> Int {
        guard vacancyCount >= Self.minimumPruneThreshold, vacancyCount * 2 >= entries.count,
            let stand = vacancy
        else { return 0 }
        let shift = entries[..<min(position, entries.count)].reduce(0) { $0 + ($1 === stand ? 1 : 0) }
        _ = removeEntries { $0 === stand }
        keepBufferAtLeastACacheLine()
        return shift
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

    /// Moves the finished entries among `limit` entries from `start` to `retired`, vacating
    /// their slots (no shifting: this runs every few subscribes, on lists of any length).
    /// Returns how many were checked, how many slots before `start + checked` a compaction
    /// removed, and whether the check reached the end of the list. The buffer is only written
    /// (and copied, if a publish holds it) when something is found.
    mutating func removeFinished(
        from start: Int, limit: Int, into retired: inout [AnySubscription], holding held: inout HeldOwners
    ) -> (checked: Int, removed: Int, reachedEnd: Bool) {
        guard start < entries.count else { return (0, 0, true) }
        let end = min(entries.count, start + limit)
        let reachedEnd = end == entries.count
        for index in start..<end where entries[index] !== vacancy && entries[index].isFinished(holding: &held)
        {
            retired.append(vacate(index))
        }
        return (end - start, compactIfMostlyVacant(before: end), reachedEnd)
    }

    /// Removes finished entries (vacancies included) and returns them, for release outside the
    /// lock, as the owners the check loaded in `held`.
    mutating func prune(holding held: inout HeldOwners) -> [AnySubscription] {
        let retired = removeEntries { $0.isFinished(holding: &held) }
        pruneThreshold = max(Self.minimumPruneThreshold, count * 2)
        return retired
    }

    /// Removes the entries `shouldRemove` picks, among `range` (default: all), in one pass that
    /// keeps `keys` beside `entries`. Returns them, vacancies left out.
    mutating func removeEntries(
        in range: Range<Int>? = nil, where shouldRemove: (AnySubscription) -> Bool
    ) -> [AnySubscription] {
        let range = range ?? entries.indices
        var removed: [AnySubscription] = []
        var kept = range.lowerBound
        for index in range {
            let entry = entries[index]
            if shouldRemove(entry) {
                if entry === vacancy { vacancyCount -= 1 } else { removed.append(entry) }
            } else {
                if kept != index {
                    entries[kept] = entry
                    keys[kept] = keys[index]
                }
                kept += 1
            }
        }
        if kept < range.upperBound {
            entries.removeSubrange(kept..<range.upperBound)
            keys.removeSubrange(kept..<range.upperBound)
            shrinkIfMostlyEmpty()
            published.rebuild(from: entries)
        }
        return removed
    }

    /// An array keeps its capacity when elements are removed: after 100,000 owners died and
    /// one publish pruned them, the list kept room for 100,000 entries and keys (2.4 MB). Once
    /// three quarters of the room is unused, both move to buffers sized for what is left (the
    /// copy is paid for by the removals before it). The published mirror is rebuilt by the
    /// caller at twice the count.
    private mutating func shrinkIfMostlyEmpty() {
        guard entries.capacity > 64, entries.count * 4 < entries.capacity else { return }
        var smallerEntries = ContiguousArray<AnySubscription>()
        smallerEntries.reserveCapacity(max(4, entries.count))
        smallerEntries.append(contentsOf: entries)
        entries = smallerEntries
        var smallerKeys = ContiguousArray<SlotKey>()
        smallerKeys.reserveCapacity(max(4, keys.count))
        smallerKeys.append(contentsOf: keys)
        keys = smallerKeys
    }

    /// Room in the entries' and keys' buffers (for tests of the shrinking).
    var capacities: (entries: Int, keys: Int) { (entries.capacity, keys.capacity) }
}

/// Where an entry sorts in its list: descending priority, then ascending serial. Protocol
/// adapters (tier 1) sort after every exact-type entry of their priority, so they get the
/// largest serial.
struct SlotKey: Equatable {
    let priority: Int
    let serial: UInt64

    init(priority: Int, serial: UInt64) {
        self.priority = priority
        self.serial = serial
    }

    init(_ entry: AnySubscription) {
        self.init(priority: entry.priority, serial: entry.tier == 0 ? entry.serial : .max)
    }

    /// Strictly before `other` in delivery order.
    func precedes(_ other: SlotKey) -> Bool {
        priority > other.priority || (priority == other.priority && serial < other.serial)
    }

    /// Whether an entry with this key stays ahead of a new entry with `other`: equal keys keep
    /// their order (adapters, and entries filed without a registry in tests, share a serial).
    func staysAhead(of other: SlotKey) -> Bool {
        priority > other.priority || (priority == other.priority && serial <= other.serial)
    }
}
