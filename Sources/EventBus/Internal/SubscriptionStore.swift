import Synchronization

/// The bus's subscriptions, split into lock-guarded shards by event type so that publishers of
/// different types rarely contend on one lock.
final class SubscriptionStore: Sendable {
    private static let shardCount = 16
    /// Internal rather than private, like `owners`, for the queries in `SubscriptionStore+Queries.swift`.
    let shards: [LockedValue<SubscriptionRegistry>]
    /// The same shards, unretained. `shards` keeps them alive as long as the store, so the hot
    /// path need not retain and release one per call: two atomic operations on an object that
    /// every publisher of that shard's types writes to.
    // unsafe invariant 4: the store's `shards` array keeps the shards.
    private let unretainedShards: [Unmanaged<LockedValue<SubscriptionRegistry>>]
    /// Set by the first subscription to ``DeadEvent``, never cleared: until then, a publish that
    /// reaches nobody costs one load instead of building a dead event nobody wants.
    private let deadEventsWanted = Atomic<Bool>(false)
    /// Owner-bound entries by owner, for ``removeAll(ownedBy:eventKey:)`` of every type. Its
    /// own lock: it is only taken by owner-bound subscribes and by removals of owner-bound
    /// entries, never by a publish.
    let owners = LockedValue(OwnerIndex())

    /// Every this many subscribes, one sweep step checks `sweepBudget` entries; see
    /// ``sweepSomeEntries()``.
    private static let sweepInterval = 16
    private static let sweepBudget = 16
    private let subscribeCount = Atomic<Int>(0)
    /// The shard the sweep is going through; it moves on when that shard's sweep wraps.
    private let sweptShard = Atomic<Int>(0)
    /// Frees entries and buffers that publishes may still be reading (see ``PublishedList``).
    let reclaimer = Reclaimer()
    /// Each shard's table of published lists, unretained (the registries keep them): what a
    /// publish reads instead of taking the shard's lock.
    // unsafe invariant 1: a shard's table lives as long as the store.
    private let publishedTables: [Unmanaged<PublishedTable>]

    init() {
        let reclaimer = self.reclaimer
        shards = (0..<Self.shardCount).map { _ in LockedValue(SubscriptionRegistry(reclaimer: reclaimer)) }
        // unsafe invariant 4: the store's `shards` array keeps the shards.
        unretainedShards = shards.map { Unmanaged.passUnretained($0) }
        // unsafe invariant 1: a shard's table lives as long as the store.
        publishedTables = shards.map { shard in shard.withLock { Unmanaged.passUnretained($0.published) } }
    }

    /// Fibonacci hashing of the type's metadata address spreads neighbouring types over shards.
    /// The address is used directly, not `hashValue`: that would run SipHash on every publish
    /// and, being seeded per process, put two types in the same shard in some runs and not in
    /// others, so contention would change from run to run.
    @inline(__always)
    private static func shardIndex(of eventKey: ObjectIdentifier) -> Int {
        let bits = UInt(bitPattern: Int(bitPattern: eventKey)) &* 0x9E37_79B9_7F4A_7C15
        return Int(bits >> (UInt.bitWidth - 4))
    }

    /// Sets or clears every list's tap mark, as `isTapped()` says under each shard's lock: a
    /// tap added or cancelled while another pass runs is seen by the pass it started.
    func markTapped(_ isTapped: () -> Bool) {
        for shard in shards { shard.withLock { $0.markTapped(isTapped()) } }
    }

    func withShard<Result>(
        for eventKey: ObjectIdentifier, _ body: (inout SubscriptionRegistry) -> Result
    ) -> Result {
        // unsafe invariant 4: the store's `shards` array keeps the shards.
        unretainedShards[Self.shardIndex(of: eventKey)]._withUnsafeGuaranteedRef { $0.withLock(body) }
    }

    /// The list a publish of `eventKey` reads without a lock, or nil if the type never had
    /// subscribers. It lives as long as the store.
    @inline(__always)
    // unsafe invariant 1: tables and lists live as long as the store.
    func publishedList(of eventKey: ObjectIdentifier) -> Unmanaged<PublishedList>? {
        publishedTables.withUnsafeBufferPointer { tables in
            tables[Self.shardIndex(of: eventKey)]._withUnsafeGuaranteedRef { $0.list(of: eventKey) }
        }
    }

    /// The address a publish announces in its hazard slot while it walks `eventKey`'s list.
    private func announcedAddress(of eventKey: ObjectIdentifier) -> Int {
        publishedList(of: eventKey).map { Int(bitPattern: $0.toOpaque()) } ?? 0
    }

    // The list taken under the shard's lock (its buffer retained, not copied), for publishes while
    // protocol subscriptions exist (`snapshotResolvingProtocols`, through the `ifResolvedAt:`
    // variant, or this one after resolving) and for introspection. A plain publish reads
    // `publishedList(of:)` without the lock instead. Both stay inlined: the optimizer stopped
    // inlining them once the registry kept its lists in an array.
    @inline(__always)
    func snapshot(of eventKey: ObjectIdentifier) -> ContiguousArray<AnySubscription> {
        withShard(for: eventKey) { $0.snapshot(of: eventKey) }
    }

    @inline(__always)
    func snapshot(of eventKey: ObjectIdentifier, ifResolvedAt generation: UInt64) -> ContiguousArray<
        AnySubscription
    >? {
        withShard(for: eventKey) { $0.snapshot(of: eventKey, ifResolvedAt: generation) }
    }

    func installProtocolAdapters(
        _ adapters: [AnySubscription], for eventKey: ObjectIdentifier, generation: UInt64
    ) {
        let retired = withShard(for: eventKey) {
            $0.installProtocolAdapters(adapters, for: eventKey, generation: generation)
        }
        release(retired)
    }

    // Retired entries are returned out of the locked region and released when the caller's
    // binding ends, after the unlock: their handlers' captures may run `deinit` code that
    // publishes on this very bus.

    var hasDeadEventSubscribers: Bool { deadEventsWanted.load(ordering: .relaxed) }

    func add(_ subscription: AnySubscription) {
        if subscription.eventKey == ObjectIdentifier(DeadEvent.self) {
            deadEventsWanted.store(true, ordering: .relaxed)
        }
        indexOwner(of: subscription)
        let (retired, held) = withShard(for: subscription.eventKey) {
            ($0.add(subscription), $0.takeHeldOwners())
        }
        release(retired)
        _ = consume held  // the owners the prune loaded, released after the unlock (HeldOwners)
        if subscribeCount.wrappingAdd(1, ordering: .relaxed).oldValue % Self.sweepInterval == 0 {
            sweepSomeEntries()
        }
    }

    /// Checks a few more entries of the bus, shard after shard, so that every dead entry is
    /// found within a bounded number of later subscribes of any type (about as many as there
    /// are entries, plus a few dozen), even in a list whose type is never published again.
    /// Publishing prunes only the entries it meets and stays as it was.
    ///
    /// A step of 16 entries every 16 subscribes rather than one entry on every subscribe, so the
    /// extra lock is paid once per 16. Not faster: checking an entry whose owner lives is dear
    /// (the weak load and, after the unlock, the release of the owner it held, both on the side
    /// table's slow paths, and the array that holds it), so a faster sweep would be a large share
    /// of every owner-bound subscribe + cancel. At one entry per subscribe the tests' bounds
    /// still hold (`ScaleTests`, `StressTests`, `SubscriptionReleaseTests`).
    ///
    /// Each shard visited also costs `shardVisitCost` of the budget: on a bus whose few entries
    /// are spread over many shards, a step otherwise took a lock for every entry or two. A full
    /// pass costs at most the entries plus 32 (a visit, and at least one unit of checking, per
    /// shard), so the bound above grows by a couple of dozen subscribes at most. Not more per
    /// visit: at one step per 16 subscribes, a pass over the 16 shards could then spend the
    /// whole budget of `ScaleTests`' 48 subscribes on visits before checking any entry.
    private static let shardVisitCost = 1

    private func sweepSomeEntries() {
        var remaining = Self.sweepBudget
        // One for every shard the step visits: the owners stay alive across the next lock, which is
        // harmless, and the step allocates at most once.
        var held = HeldOwners()
        for _ in 0..<Self.shardCount where remaining > 0 {
            let index = sweptShard.load(ordering: .relaxed)
            var retired: [AnySubscription] = []
            // unsafe invariant 4: the store's `shards` array keeps the shards.
            let step = unretainedShards[index]._withUnsafeGuaranteedRef {
                $0.withLock { $0.sweep(budget: remaining, into: &retired, holding: &held) }
            }
            release(retired)
            remaining -= step.used + Self.shardVisitCost
            guard step.wrapped else { break }
            // A racing sweeper may have moved on already; then this one follows it.
            _ = sweptShard.compareExchange(
                expected: index, desired: (index + 1) % Self.shardCount, ordering: .relaxed)
        }
        _ = consume held  // released after the last unlock
    }

    func cancel(_ id: SubscriptionID) {
        let retired = withShard(for: id.eventKey) { $0.cancel(id) }
        if let retired { release(retired) }
    }

    func isFinished(_ id: SubscriptionID) -> Bool {
        withShard(for: id.eventKey) { ($0.isFinished(id), $0.takeHeldOwners()) }.0
    }

    func pruneFinished(of eventKey: ObjectIdentifier) {
        let (retired, held) = withShard(for: eventKey) {
            ($0.pruneFinished(of: eventKey), $0.takeHeldOwners())
        }
        release(retired)
        _ = consume held
    }

    func removeAll(ownedBy owner: AnyObject, eventKey: ObjectIdentifier?) {
        if let eventKey {
            let (retired, held) = withShard(for: eventKey) {
                ($0.removeAll(ownedBy: owner, eventKey: eventKey), $0.takeHeldOwners())
            }
            release(retired)
            _ = consume held
        } else {
            // Only this owner's entries, found through the index: each is cancelled by a binary
            // search in its list, so the cost follows the owner's subscriptions, not the number
            // of types on the bus. The serial is read under the shard lock that guards it.
            let candidates = owners.withLock { $0.entries(of: ObjectIdentifier(owner)) }
            for entry in candidates where entry.isOwned(by: owner) {
                let retired = withShard(for: entry.eventKey) { $0.cancel(SubscriptionID(entry)) }
                if let retired { release(retired) }
            }
        }
    }

    /// Cancels and removes every entry, for a bus that is being released.
    func removeEverything() {
        for shard in shards {
            let retired = shard.withLock { $0.removeEverything() }
            release(retired)
            let states = shard.withLock { $0.removeAllStates() }
            _ = consume states  // current values, released after the unlock
        }
    }

    /// Files an owner-bound entry in the owner index. Called before the entry is listed, so that
    /// whatever removes it from its list later finds it in the index (see ``OwnerIndex``).
    ///
    /// Always inlined: with the index's ring the optimizer stopped inlining it into ``add(_:)``,
    /// and every owner-less subscribe paid for the call.
    @inline(__always)
    func indexOwner(of subscription: AnySubscription) {
        if let owner = subscription.ownerIndexKey {
            owners.withLock { $0.insert(subscription, owner: owner) }
        }
    }

    /// Drops the last registry references to retired entries; called with no lock held. They
    /// leave the owner index first, while they are still alive. Every path that takes entries
    /// out of a list ends here. A publish walking the published list they were in may still
    /// call them, so the ``Reclaimer`` keeps those until it is done; the rest go at once.
    ///
    /// Most calls (every subscribe's prune, most sweep visits) retire nothing: that test is inlined
    /// at every call site, since the call's prologue alone was most of the cost.
    @inline(__always)
    func release(_ retired: consuming [AnySubscription]) {
        let entries = consume retired
        if entries.isEmpty, !reclaimer.hasPending { return }
        releaseSome(entries)
    }

    /// ``release(_:)`` once there is something to do: entries to release, or kept ones to free.
    private func releaseSome(_ entries: [AnySubscription]) {
        guard !entries.isEmpty else { return reclaimer.reclaim() }
        if entries.contains(where: \.isOwnerBound) {
            owners.withLock { index in
                for entry in entries where entry.isOwnerBound { index.remove(entry) }
            }
        }
        for entry in entries where entry.isFinished { entry.retire() }
        reclaimer.release(entries) { announcedAddress(of: $0.eventKey) }
        if reclaimer.hasPending { reclaimer.reclaim() }
    }

    /// ``release(_:)`` for one entry, without allocating an array on every cancel.
    private func release(_ retired: consuming AnySubscription) {
        let entry = consume retired
        if entry.isOwnerBound { owners.withLock { $0.remove(entry) } }
        entry.retire()
        if HazardSlots.isProtected(announcedAddress(of: entry.eventKey)) {
            reclaimer.release([entry]) { announcedAddress(of: $0.eventKey) }
        }
        if reclaimer.hasPending { reclaimer.reclaim() }
    }
}
