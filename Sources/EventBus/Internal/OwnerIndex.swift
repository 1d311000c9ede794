// unsafe invariant 4: an entry is indexed before it is listed and unindexed before its last reference goes.
/// Which listed entries each owner has, so that `unsubscribeAll(owner:)` visits that owner's entries
/// only, not every list on the bus.
///
/// Each owner's entries form a ring through the entries themselves
/// (``AnySubscription/ownerLinks``), so indexing allocates nothing per subscription and an entry
/// leaves its ring in O(1). The table files each owner under its *oldest* indexed entry, the ring's
/// anchor: a new entry joins the ring beside the anchor, and an entry that is not the anchor leaves
/// it, without writing the table. Short-lived subscriptions of an owner that already has one (the
/// usual churn) then cost a read-only probe on subscribe and no probe at all on cancel. The links
/// are unretained: an entry is indexed before it is listed and unindexed (by ``SubscriptionStore``)
/// before its last registry reference is dropped, so every entry reachable from here is alive. Keys
/// are owner addresses taken at subscribe time; an address can be reused by a new owner after the
/// old one died, so callers check `isOwned(by:)` on what they get back.
///
/// Guarded by the store's index lock, like the links.
struct OwnerIndex {
    /// Each owner's anchor.
    private var anchors = OwnerTable()

    /// Number of owners with at least one indexed entry (for tests and diagnostics).
    var ownerCount: Int { anchors.count }

    mutating func insert(_ entry: AnySubscription, owner: ObjectIdentifier) {
        let new = Unmanaged.passUnretained(entry)
        // One probe, which writes the table only for an owner's first entry.
        guard let anchor = anchors.head(of: owner, orFile: new) else {
            entry.ownerLinks = OwnerLinks(owner: owner, newer: new, older: new, isAnchor: true)
            return
        }
        // The ring runs from the anchor (the oldest) to ever newer entries and back: the newest
        // sits between the previous newest and the anchor.
        anchor._withUnsafeGuaranteedRef { anchorEntry in
            let newest = anchorEntry.ownerLinks.older
            entry.ownerLinks = OwnerLinks(owner: owner, newer: anchor, older: newest)
            newest?._withUnsafeGuaranteedRef { $0.ownerLinks.newer = new }
            anchorEntry.ownerLinks.older = new
        }
    }

    /// Unlinks `entry`; does nothing if it is not indexed.
    mutating func remove(_ entry: AnySubscription) {
        let links = entry.ownerLinks
        guard let owner = links.owner, let newer = links.newer, let older = links.older else { return }
        entry.ownerLinks = OwnerLinks()
        guard newer.toOpaque() != Unmanaged.passUnretained(entry).toOpaque() else {
            anchors.removeHead(for: owner)  // its only entry; gives back room once mostly empty
            return
        }
        newer._withUnsafeGuaranteedRef { $0.ownerLinks.older = older }
        older._withUnsafeGuaranteedRef { $0.ownerLinks.newer = newer }
        // Only the anchor's departure writes the table: the next oldest entry takes its place.
        if links.isAnchor {
            newer._withUnsafeGuaranteedRef { $0.ownerLinks.isAnchor = true }
            _ = anchors.exchangeHead(newer, for: owner)
        }
    }

    /// How many owners the index has room for (for tests of the shrinking).
    var capacity: Int { anchors.capacity }

    /// The entries indexed under `owner`'s address, retained, newest first.
    func entries(of owner: ObjectIdentifier) -> [AnySubscription] {
        guard let anchor = anchors.head(of: owner) else { return [] }
        var found: [AnySubscription] = []
        var cursor = anchor.takeUnretainedValue().ownerLinks.older
        while let current = cursor {
            let entry = current.takeUnretainedValue()
            found.append(entry)
            if current.toOpaque() == anchor.toOpaque() { break }
            cursor = entry.ownerLinks.older
        }
        return found
    }
}

/// An entry's place in its owner's ring in ``OwnerIndex``; empty when not indexed. `older` of the
/// oldest entry (the anchor) is the newest, and `newer` of the newest is the anchor; an owner's
/// only entry links to itself both ways.
struct OwnerLinks {
    var owner: ObjectIdentifier?
    var newer: Unmanaged<AnySubscription>?
    var older: Unmanaged<AnySubscription>?
    /// Whether the table files the owner under this entry (its oldest).
    var isAnchor = false
}

/// Owner addresses to one indexed entry of each owner (its oldest, the anchor of its ring): the
/// map behind ``OwnerIndex``, an open-addressing table with linear probing and Fibonacci hashing.
///
/// Not a `Dictionary`: even with a key hashed by one multiply, a subscribe's `updateValue` and a
/// cancel's removal went through uniqueness checks and the layers of the generic native storage;
/// a probe here is a multiply, a shift and a compare or two. Keys are object addresses, which
/// callers cannot choose, so a multiplicative hash cannot be flooded. Removal shifts the following
/// entries back (no tombstones), so a table that sees millions of subscribes and cancels never
/// degrades.
///
/// A plain value, guarded by the store's index lock like the rest of ``OwnerIndex``.
struct OwnerTable {
    private struct Slot {
        /// The owner's address; 0 marks a free slot (no object lives at address 0).
        var owner: UInt = 0
        var head: Unmanaged<AnySubscription>?
    }

    /// A power of two in length, at most half full; empty until the first insert, so a bus
    /// with no owner-bound subscription allocates nothing here.
    private var slots: ContiguousArray<Slot> = []
    /// `UInt.bitWidth - log2(slots.count)`: the product's top bits are the home slot.
    private var shift = UInt.bitWidth
    private(set) var count = 0

    /// How many owners fit before the table grows (for tests of the shrinking).
    var capacity: Int { slots.count / 2 }

    /// The head filed under `owner`, if any.
    func head(of owner: ObjectIdentifier) -> Unmanaged<AnySubscription>? {
        guard !slots.isEmpty else { return nil }
        let (index, found) = find(Self.key(owner))
        return found ? slots[index].head : nil
    }

    /// The head filed under `owner`, or, if there is none, files `head` under it and returns
    /// nil: one probe, and the table is written only for a new owner.
    mutating func head(of owner: ObjectIdentifier, orFile head: Unmanaged<AnySubscription>)
        -> Unmanaged<AnySubscription>?
    {
        let key = Self.key(owner)
        var freeSlot: Int?
        if !slots.isEmpty {
            let (index, found) = find(key)
            if found { return slots[index].head }
            freeSlot = index
        }
        file(head, newKey: key, freeSlot: freeSlot)
        return nil
    }

    /// Files `head` under `owner` and returns the head it replaces, if any.
    mutating func exchangeHead(_ head: Unmanaged<AnySubscription>, for owner: ObjectIdentifier)
        -> Unmanaged<AnySubscription>?
    {
        let key = Self.key(owner)
        var freeSlot: Int?
        if !slots.isEmpty {
            let (index, found) = find(key)
            if found {
                defer { slots[index].head = head }
                return slots[index].head
            }
            freeSlot = index
        }
        file(head, newKey: key, freeSlot: freeSlot)
        return nil
    }

    /// Files `head` under `key`, which is not filed: in `freeSlot` (where the probe for `key`
    /// stopped) while the table stays at most half full, else after growing it.
    @inline(__always)
    private mutating func file(_ head: Unmanaged<AnySubscription>, newKey key: UInt, freeSlot: Int?) {
        if let freeSlot, (count + 1) * 2 <= slots.count {
            slots[freeSlot] = Slot(owner: key, head: head)
        } else {
            resize(to: max(16, slots.count * 2))
            slots[find(key).index] = Slot(owner: key, head: head)
        }
        count += 1
    }

    /// Forgets `owner`; does nothing if it is not filed.
    mutating func removeHead(for owner: ObjectIdentifier) {
        guard !slots.isEmpty else { return }
        let (start, found) = find(Self.key(owner))
        guard found else { return }
        var hole = start
        // Backward shift: an entry after the hole moves into it unless its home slot lies
        // after the hole (cyclically), so every entry stays reachable from its home.
        let mask = slots.count - 1
        var index = hole
        while true {
            index = (index + 1) & mask
            let key = slots[index].owner
            if key == 0 { break }
            let home = self.home(of: key)
            if (index &- home) & mask >= (index &- hole) & mask {
                slots[hole] = slots[index]
                hole = index
            }
        }
        slots[hole] = Slot()
        count -= 1
        shrinkIfMostlyEmpty()
    }

    /// After 100,000 owners die, their slots would stay: once seven eighths of a large table
    /// are free, it moves to one sized for what is left (an O(n) copy paid for by the removals
    /// before it).
    private mutating func shrinkIfMostlyEmpty() {
        guard slots.count > 128, count * 8 < slots.count else { return }
        var size = 16
        while size < count * 4 { size *= 2 }
        resize(to: size)
    }

    private mutating func resize(to size: Int) {
        let old = slots
        slots = ContiguousArray(repeating: Slot(), count: size)
        shift = UInt.bitWidth - size.trailingZeroBitCount
        for slot in old where slot.owner != 0 {
            slots[find(slot.owner).index] = slot
        }
    }

    /// The slot holding `key`, or the free slot where it would go.
    @inline(__always)
    private func find(_ key: UInt) -> (index: Int, found: Bool) {
        let mask = slots.count - 1
        var index = home(of: key)
        while true {
            let current = slots[index].owner
            if current == key { return (index, true) }
            if current == 0 { return (index, false) }
            index = (index + 1) & mask
        }
    }

    @inline(__always)
    private func home(of key: UInt) -> Int {
        // Addresses are 16-byte aligned: the product's high bits mix all of them.
        Int(bitPattern: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift))
    }

    private static func key(_ owner: ObjectIdentifier) -> UInt {
        UInt(bitPattern: Int(bitPattern: owner))
    }
}
