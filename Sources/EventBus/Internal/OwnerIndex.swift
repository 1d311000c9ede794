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
    private var heads: [OwnerKey: Unmanaged<AnySubscription>] = [:]

    /// Number of owners with at least one indexed entry (for tests and diagnostics).
    var ownerCount: Int { heads.count }

    mutating func insert(_ entry: AnySubscription, owner: ObjectIdentifier) {
        let key = OwnerKey(owner)
        // One hash lookup: the new entry becomes the head, and the old head (if any) comes back.
        let head = heads.updateValue(.passUnretained(entry), forKey: key)
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
        } else {
            heads[OwnerKey(owner)] = links.next
            if links.next == nil { shrinkIfMostlyEmpty() }
        }
    }

    /// A dictionary never gives back the buckets its removed keys used: after 100,000 owners
    /// died, their 2 MB of buckets stayed. Once three quarters of them are empty, the index
    /// moves to a dictionary sized for what is left: an O(n) copy paid for by the 3n removals
    /// before it, so amortized O(1) per removal.
    private mutating func shrinkIfMostlyEmpty() {
        guard heads.capacity > 64, heads.count * 4 < heads.capacity else { return }
        heads = Dictionary(heads.lazy.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// How many owners the index has room for (for tests of the shrinking).
    var capacity: Int { heads.capacity }

    /// The entries indexed under `owner`'s address, retained, newest first.
    func entries(of owner: ObjectIdentifier) -> [AnySubscription] {
        var found: [AnySubscription] = []
        var cursor = heads[OwnerKey(owner)]
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

/// An owner's address as a dictionary key, hashed by a multiply-and-fold instead of SipHash.
///
/// `Dictionary` asks its keys for `_rawHashValue(seed:)`; the default runs a full SipHash-1-3
/// round per lookup (about a hundred instructions, three lookups per owner-bound subscribe +
/// cancel). Keys here are object addresses, which callers cannot choose, so the flooding
/// resistance SipHash buys is not needed. The requirement is underscored but part of
/// `Hashable`'s stable ABI; `hash(into:)` stays consistent with it for any other hasher.
struct OwnerKey: Hashable {
    let address: UInt

    init(_ owner: ObjectIdentifier) {
        address = UInt(bitPattern: Int(bitPattern: owner))
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(address)
    }

    func _rawHashValue(seed: Int) -> Int {
        // The dictionary takes the low bits, and addresses are 16-byte aligned: fold the
        // product's well-mixed high half down onto them.
        let product = (address ^ UInt(bitPattern: seed)) &* 0x9E37_79B9_7F4A_7C15
        return Int(bitPattern: product ^ (product >> 32))
    }
}
