/// Which listed entries each owner has, so that `unsubscribeAll(for:)` visits that owner's
/// entries only, not every list on the bus (issue 12, scale: 4.3 ms on a bus with 10,000
/// event types before).
///
/// Each owner's entries form a doubly linked chain through the entries themselves
/// (``AnySubscription/ownerLinks``), so indexing allocates nothing per subscription and an
/// entry leaves its chain in O(1). The links are unretained: an entry is indexed before it is
/// listed and unindexed (by ``SubscriptionStore``) before its last registry reference is
/// dropped, so every entry reachable from here is alive. Keys are owner addresses taken at
/// subscribe time; an address can be reused by a new owner after the old one died, so callers
/// check `isOwned(by:)` on what they get back.
///
/// Guarded by the store's index lock, like the links.
struct OwnerIndex {
    private var heads = OwnerTable()

    /// Number of owners with at least one indexed entry (for tests and diagnostics).
    var ownerCount: Int { heads.count }

    mutating func insert(_ entry: AnySubscription, owner: ObjectIdentifier) {
        // One probe: the new entry becomes the head, and the old head (if any) comes back.
        let head = heads.exchangeHead(.passUnretained(entry), for: owner)
        var links = OwnerLinks(owner: owner)
        if let head {
            links.next = head
            head._withUnsafeGuaranteedRef { $0.ownerLinks.previous = .passUnretained(entry) }
        }
        entry.ownerLinks = links
    }

    /// Unlinks `entry`; does nothing if it is not indexed.
    mutating func remove(_ entry: AnySubscription) {
        let links = entry.ownerLinks
        guard let owner = links.owner else { return }
        entry.ownerLinks = OwnerLinks()
        links.next?._withUnsafeGuaranteedRef { $0.ownerLinks.previous = links.previous }
        if let previous = links.previous {
            previous._withUnsafeGuaranteedRef { $0.ownerLinks.next = links.next }
        } else if let next = links.next {
            _ = heads.exchangeHead(next, for: owner)
        } else {
            heads.removeHead(for: owner)  // gives back room once the table is mostly empty
        }
    }

    /// How many owners the index has room for (for tests of the shrinking).
    var capacity: Int { heads.capacity }

    /// The entries indexed under `owner`'s address, retained, newest first.
    func entries(of owner: ObjectIdentifier) -> [AnySubscription] {
        var found: [AnySubscription] = []
        var cursor = heads.head(of: owner)
        while let current = cursor {
            let entry = current.takeUnretainedValue()
            found.append(entry)
            cursor = entry.ownerLinks.next
        }
        return found
    }
}

/// An entry's place in its owner's chain in ``OwnerIndex``; empty when not indexed.
struct OwnerLinks {
    var owner: ObjectIdentifier?
    var previous: Unmanaged<AnySubscription>?
    var next: Unmanaged<AnySubscription>?
}
