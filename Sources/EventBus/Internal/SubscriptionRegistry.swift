/// The subscriber lists of the event types that share one shard, as a plain value.
///
/// It holds no lock and calls no handler, so it can be tested without threads; ``SubscriptionStore``
/// wraps it in a lock and decides, under that lock, what the bus then does outside it.
///
/// Methods that drop entries hand them back ("retired" entries) instead of releasing them: the
/// last reference to an entry owns the handler closure, whose captured values may run arbitrary
/// `deinit` code (even publish on this bus), so the caller releases them after unlocking. The
/// owners that checks load are kept the same way (``takeHeldOwners()``).
struct SubscriptionRegistry {
    /// Where each event type's list sits in `lists`. Lists are never removed (a type that had
    /// subscribers keeps an empty list), so positions stay valid.
    private var positions = TypePositions()
    /// The lists in an array rather than as dictionary values: editing one in place is a
    /// single hash lookup, and the sweep walks them by position without hashing at all.
    /// (Mutating through a dictionary's `_modify` allocated coroutine frames on the heap.)
    private var lists: ContiguousArray<SubscriberList> = []
    /// The serial number the next added entry gets; never reused (see ``SubscriptionID``).
    private var nextSerial: UInt64 = 1
    /// Where ``sweep(budget:)`` goes on: a position in `lists`, and one in that list.
    private var sweepList = 0
    private var sweepPosition = 0
    /// Current values of the types published with `publishState` (see State/).
    var stateSlots = StateSlots()
    /// Each list's ``PublishedList`` by type, for publishes that take no lock.
    let published = PublishedTable()
    /// Frees what the lists' published mirrors drop, once no publish reads it.
    private let reclaimer: Reclaimer
    /// The owners that the checks of `add`, `pruneFinished`, `removeAll` and `isFinished`
    /// loaded (`sweep` takes its caller's): the store takes them before it unlocks and releases them after (see
    /// ``HeldOwners``). A registry used without a store (tests) just keeps them.
    private var heldOwners = HeldOwners()
    /// Whether the bus has a tap: every list, new ones too, then has its sign bit set.
    private var tapped = false

    init(reclaimer: Reclaimer = Reclaimer()) {
        self.reclaimer = reclaimer
    }

    /// The current list for `eventKey`. Copying it only retains its storage: publishing never
    /// allocates, and a later subscribe or cancel copies the list (copy-on-write) instead of
    /// disturbing a publish that is walking this snapshot.
    ///
    /// Inlined because callers hold the registry `inout` under the shard lock: calling a
    /// non-mutating method there copies the whole registry first, unless the call is inlined.
    @inline(__always)
    func snapshot(of eventKey: ObjectIdentifier) -> ContiguousArray<AnySubscription> {
        guard let position = positions.position(of: eventKey) else { return [] }
        return lists[position].entries
    }

    /// The list of `eventKey` if its protocol matches were resolved at `generation`, else nil
    /// (the caller resolves them and calls ``installProtocolAdapters(_:for:generation:)``).
    func snapshot(of eventKey: ObjectIdentifier, ifResolvedAt generation: UInt64) -> ContiguousArray<
        AnySubscription
    >? {
        guard let position = positions.position(of: eventKey),
            lists[position].protocolGeneration == generation
        else { return nil }
        return lists[position].entries
    }

    /// Replaces `eventKey`'s protocol matches with `adapters`, resolved at `generation`, unless
    /// a publish on another thread already installed those of the same or a newer generation.
    /// Creates the list if the type had none, so that an unmatched type is remembered as
    /// resolved too. Returns the replaced adapters.
    mutating func installProtocolAdapters(
        _ adapters: [AnySubscription], for eventKey: ObjectIdentifier, generation: UInt64
    ) -> [AnySubscription] {
        let position = positions.position(of: eventKey) ?? addList(for: eventKey)
        guard lists[position].protocolGeneration < generation else { return [] }
        return lists[position].replaceProtocolAdapters(with: adapters, generation: generation)
    }

    /// Appends `subscription` to its type's list, after pruning finished entries when the list
    /// has doubled since the last prune. That keeps subscribe amortized O(1) while dead entries
    /// can never make up more than half of a list. Returns the pruned entries.
    mutating func add(_ subscription: AnySubscription) -> [AnySubscription] {
        subscription.serial = nextSerial
        nextSerial += 1
        let position = positions.position(of: subscription.eventKey) ?? addList(for: subscription.eventKey)
        return lists[position].add(subscription, holding: &heldOwners)
    }

    /// Hands out the owners the checks loaded since the last call, for release after unlocking.
    mutating func takeHeldOwners() -> HeldOwners {
        heldOwners.take()
    }

    /// Marks every list (and every list made from now on) as tapped or not, so that a plain
    /// publish of a listed type takes the traced path while a tap is registered.
    mutating func markTapped(_ isTapped: Bool) {
        tapped = isTapped
        for list in lists { list.published.markTapped(isTapped) }
    }

    private mutating func addList(for eventKey: ObjectIdentifier) -> Int {
        lists.append(SubscriberList(reclaimer: reclaimer))
        if tapped { lists[lists.count - 1].published.markTapped(true) }
        positions.insert(lists.count - 1, for: eventKey)
        published.insert(lists[lists.count - 1].published, for: eventKey)
        return lists.count - 1
    }

    /// Marks the entry named `id` cancelled and removes it, if it is still listed, and returns
    /// it for release outside the lock. A binary search and a vacated slot (see
    /// ``SubscriberList``), whatever the entry's place in its list.
    mutating func cancel(_ id: SubscriptionID) -> AnySubscription? {
        guard let position = positions.position(of: id.eventKey) else { return nil }
        return lists[position].cancel(id)
    }

    /// Whether the entry named `id` can never run again; true once it is no longer listed.
    mutating func isFinished(_ id: SubscriptionID) -> Bool {
        guard let position = positions.position(of: id.eventKey), let index = lists[position].index(of: id)
        else {
            return true
        }
        return lists[position].entries[index].isFinished(holding: &heldOwners)
    }

    /// Room in the buffers of `eventKey`'s list (for tests of the shrinking after pruning).
    func capacities(of eventKey: ObjectIdentifier) -> (entries: Int, keys: Int)? {
        positions.position(of: eventKey).map { lists[$0].capacities }
    }

    /// Removes the entries of `eventKey` that can never run again (cancelled, fired once, or
    /// whose owner is gone) and returns them.
    mutating func pruneFinished(of eventKey: ObjectIdentifier) -> [AnySubscription] {
        var retired: [AnySubscription] = []
        var held = heldOwners.take()
        updateList(of: eventKey) { retired = $0.prune(holding: &held) }
        heldOwners = held
        return retired
    }

    /// Edits the list of `eventKey` in place, if it has one. Its entries are copied only if a
    /// publish holds a snapshot of them.
    private mutating func updateList(of eventKey: ObjectIdentifier, _ body: (inout SubscriberList) -> Void) {
        guard let position = positions.position(of: eventKey) else { return }
        body(&lists[position])
        lists[position].keepBufferAtLeastACacheLine()
    }

    /// Cancels and removes the entries owned by `owner`, of one event type or of all, and
    /// returns them.
    mutating func removeAll(ownedBy owner: AnyObject, eventKey: ObjectIdentifier? = nil) -> [AnySubscription]
    {
        var retired: [AnySubscription] = []
        let positions =
            eventKey.map { self.positions.position(of: $0).map { [$0] } ?? [] } ?? Array(lists.indices)
        for position in positions {
            retired += lists[position].removeEntries { entry in
                guard entry.isOwned(by: owner, holding: &heldOwners) else { return false }
                entry.markCancelled()
                return true
            }
            lists[position].keepBufferAtLeastACacheLine()
        }
        return retired
    }

    /// Checks up to `budget` entries for being finished, going on where the previous call
    /// stopped, and moves the finished ones to `retired`. Returns how much of the budget was
    /// used (at least 1), and whether the sweep has passed the last list and will start over.
    ///
    /// This finds dead owners in lists of types that are never published again, whose entries
    /// nothing else would ever prune. Their handlers may capture the bus itself, which would
    /// then never be released (bus → list → entry → handler → bus).
    mutating func sweep(
        budget: Int, into retired: inout [AnySubscription], holding held: inout HeldOwners
    ) -> (used: Int, wrapped: Bool) {
        // Before the loop, not only in it: the optimizer makes `lists` unique before the loop, and
        // the empty array of a shard without lists is the shared empty storage, so every visit to
        // such a shard copied it.
        guard sweepList < lists.count else {
            (sweepList, sweepPosition) = (0, 0)
            return (1, true)
        }
        var used = 0
        while used < budget {
            guard sweepList < lists.count else {
                (sweepList, sweepPosition) = (0, 0)
                return (max(used, 1), true)
            }
            let window = lists[sweepList].removeFinished(
                from: sweepPosition, limit: budget - used, into: &retired, holding: &held)
            used += max(window.checked, 1)
            guard window.reachedEnd else {
                sweepPosition += window.checked - window.removed
                break
            }
            (sweepList, sweepPosition) = (sweepList + 1, 0)
        }
        return (used, false)
    }

    /// Cancels and removes every entry, for a bus that is being released, and returns them.
    /// Marking them cancelled also stops an executor drain that is running one of them.
    mutating func removeEverything() -> [AnySubscription] {
        var retired: [AnySubscription] = []
        for position in lists.indices {
            retired += lists[position].removeEntries { entry in
                entry.markCancelled()
                return true
            }
        }
        return retired
    }

    /// Every type's list (retained buffers, not copies), for introspection.
    func allLists() -> [ContiguousArray<AnySubscription>] {
        lists.map(\.entries)
    }

    /// How many entries are listed for `eventKey`, finished or not (for tests and diagnostics).
    func count(of eventKey: ObjectIdentifier) -> Int {
        positions.position(of: eventKey).map { lists[$0].count } ?? 0
    }

    /// How many entries are listed for every type, finished or not (for tests and diagnostics).
    var totalCount: Int {
        lists.reduce(0) { $0 + $1.count }
    }
}
