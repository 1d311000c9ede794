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
