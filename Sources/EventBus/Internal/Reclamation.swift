import Synchronization

// unsafe invariant 1: what a writer unlinked is freed only once no hazard slot names its list.
/// Where publishing threads announce which subscriber list they are walking, so that whoever
/// takes an entry out of that list keeps it alive until the walk is over (hazard pointers).
///
/// Each thread that publishes claims one record, kept in a global list that only grows (a
/// thread that exits hands its record to the next new thread). A record has one slot per
/// nesting depth: a publish at depth `d` writes its list's address into slot `d - 1` before it
/// reads the list and clears it afterwards. Only its own thread writes a record, so publishing
/// writes no memory that another core reads often. A writer that took entries out of a list
/// reads every slot (``isProtected(_:)``) and frees them at once when no slot names the list,
/// or leaves them to ``Reclaimer``.
///
/// Every slot access is sequentially consistent: a reader's store to its slot and its load of
/// the list, against a writer's unlink and its load of the slot, must not both miss each other.
enum HazardSlots {
    /// One per nesting depth a publish can run at (see ``EventBus/nestingLimit``).
    static let slotsPerRecord = EventBus.nestingLimit
    /// Words before the slots: the next record's address, whether a thread owns the record,
    /// how many slots it has used so far. Padded to 128 bytes so that no two records' slots
    /// share a cache line (or an adjacent-line prefetch pair).
    private static let headerWords = 16
    private static let nextWord = 0
    private static let inUseWord = 1
    private static let usedSlotsWord = 2

    /// The first record; 0 until a thread publishes.
    private static let firstRecord = Atomic<Int>(0)

    /// A record for the calling thread: a free one if any, else a new one. Its first slot is
    /// already counted as used.
    static func claimRecord() -> UnsafeMutablePointer<Atomic<Int>> {
        var address = firstRecord.load(ordering: .acquiring)
        while let record = UnsafeMutablePointer<Atomic<Int>>(bitPattern: address) {
            if record[inUseWord].compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
                return record
            }
            address = record[nextWord].load(ordering: .acquiring)
        }
        let words = headerWords + slotsPerRecord
        let raw = UnsafeMutableRawPointer.allocate(byteCount: words * 8, alignment: 128)
        let record = raw.bindMemory(to: Atomic<Int>.self, capacity: words)
        for word in 0..<words { (record + word).initialize(to: Atomic(0)) }
        record[inUseWord].store(1, ordering: .relaxed)
        record[usedSlotsWord].store(1, ordering: .relaxed)
        var head = firstRecord.load(ordering: .relaxed)
        while true {
            record[nextWord].store(head, ordering: .relaxed)
            let (exchanged, current) = firstRecord.compareExchange(
                expected: head, desired: Int(bitPattern: record), ordering: .acquiringAndReleasing)
            if exchanged { return record }
            head = current
        }
    }

    /// Hands a thread's record back when the thread exits; its slots are all clear by then.
    static func releaseRecord(_ record: UnsafeMutablePointer<Atomic<Int>>) {
        record[inUseWord].store(0, ordering: .releasing)
    }

    /// Which of a ``PublishedList``'s publish counters a new thread writes: round robin, so
    /// threads that start publishing one after another get different stripes.
    static func nextStripe() -> Int {
        stripes.wrappingAdd(1, ordering: .relaxed).oldValue % PublishedList.stripeCount
    }

    private static let stripes = Atomic<Int>(0)

    /// The slots of `record`.
    static func slots(of record: UnsafeMutablePointer<Atomic<Int>>) -> UnsafeMutablePointer<Atomic<Int>> {
        record + headerWords
    }

    /// Makes sure writers read `record`'s first `count` slots; called before a publish nested
    /// deeper than any before on this thread uses its slot.
    static func useSlots(_ count: Int, of record: UnsafeMutablePointer<Atomic<Int>>) {
        record[usedSlotsWord].store(count, ordering: .sequentiallyConsistent)
    }

    /// Whether any thread's slot names `list` now.
    static func isProtected(_ list: Int) -> Bool {
        var found = false
        forEachAnnounced { if $0 == list { found = true } }
        return found
    }

    /// Every list some thread announces now (usually none).
    static func announcedLists() -> [Int] {
        var lists: [Int] = []
        forEachAnnounced { lists.append($0) }
        return lists
    }

    private static func forEachAnnounced(_ body: (Int) -> Void) {
        var address = firstRecord.load(ordering: .sequentiallyConsistent)
        while let record = UnsafeMutablePointer<Atomic<Int>>(bitPattern: address) {
            let used = record[usedSlotsWord].load(ordering: .sequentiallyConsistent)
            let slots = record + headerWords
            for index in 0..<used {
                let list = slots[index].load(ordering: .sequentiallyConsistent)
                if list != 0 { body(list) }
            }
            address = record[nextWord].load(ordering: .acquiring)
        }
    }
}

/// Frees what writers took out of ``PublishedList``s (entries, old buffers) once no publish
/// walks the list they came from.
///
/// The common case frees at once: the writer has already unlinked the thing, reads every thread's
/// ``HazardSlots``, and finds none naming the list. Only when a publish is walking that list right
/// now is the thing kept here, and then the first of these frees it: that publish when it clears
/// its slot (it sees `pending` and calls ``reclaim()``), or any later write on the bus. So an entry
/// lives exactly as long as before the lock-free read path: until the last publish that may call it
/// returns. Writers never wait for handlers.
final class Reclaimer: Sendable {
    private let deferred = LockedValue(Deferred())
    /// How many things are kept; read by every publish that announced a list, written only
    /// under `deferred`'s lock.
    private let pending = Atomic<Int>(0)

    private struct Deferred {
        var entries: [(list: Int, entry: AnySubscription)] = []
        var buffers: [(list: Int, buffer: UnsafeMutablePointer<Atomic<Int>>)] = []
    }

    deinit {
        // No publish can run any more: the store that owns this is being freed.
        deferred.withLock { $0.buffers.forEach { $0.buffer.deallocate() } }
    }

    /// Whether anything waits to be freed; checked by a publish after it cleared its slot.
    @inline(__always)
    var hasPending: Bool { pending.load(ordering: .sequentiallyConsistent) != 0 }

    /// How many things wait (for tests).
    var pendingCount: Int { pending.load(ordering: .sequentiallyConsistent) }

    /// Drops the last references to `entries`, already taken out of their lists, now or once
    /// no publish walks those lists. `list` names the published list an entry was in. Call
    /// with no lock held: an entry's handler captures may run arbitrary `deinit` code.
    func release(_ entries: consuming [AnySubscription], list: (AnySubscription) -> Int) {
        let entries = consume entries
        let announced = HazardSlots.announcedLists()
        guard !announced.isEmpty else { return }
        let kept = entries.map { (list: list($0), entry: $0) }.filter { announced.contains($0.list) }
        guard !kept.isEmpty else { return }
        deferred.withLock {
            $0.entries += kept
            pending.store($0.entries.count + $0.buffers.count, ordering: .sequentiallyConsistent)
        }
        reclaim()
    }

    /// Frees `buffer`, which `list` no longer points to, now or once no publish announces
    /// `list`. Called under a shard lock, so it frees memory only.
    func retireBuffer(_ buffer: UnsafeMutablePointer<Atomic<Int>>, of list: PublishedList) {
        let address = Int(bitPattern: Unmanaged.passUnretained(list).toOpaque())
        guard HazardSlots.isProtected(address) else { return buffer.deallocate() }
        deferred.withLock {
            $0.buffers.append((address, buffer))
            pending.store($0.entries.count + $0.buffers.count, ordering: .sequentiallyConsistent)
        }
    }

    /// Frees every kept thing whose list no publish announces any more. The slots are read
    /// under the lock, after the things were unlinked, so no publish that could still reach
    /// one is missed; the entries are released after the unlock.
    func reclaim() {
        let (entries, buffers) = deferred.withLock {
            kept -> ([AnySubscription], [UnsafeMutablePointer<Atomic<Int>>]) in
            let announced = HazardSlots.announcedLists()
            var entries: [AnySubscription] = []
            var buffers: [UnsafeMutablePointer<Atomic<Int>>] = []
            kept.entries.removeAll { item in
                guard !announced.contains(item.list) else { return false }
                entries.append(item.entry)
                return true
            }
            kept.buffers.removeAll { item in
                guard !announced.contains(item.list) else { return false }
                buffers.append(item.buffer)
                return true
            }
            // Emptied storage is let go: after a mass release it could hold room for 100,000.
            if kept.entries.isEmpty { kept.entries = [] }
            if kept.buffers.isEmpty { kept.buffers = [] }
            pending.store(kept.entries.count + kept.buffers.count, ordering: .sequentiallyConsistent)
            return (entries, buffers)
        }
        for buffer in buffers { buffer.deallocate() }
        _ = consume entries  // released here, after the unlock
    }
}
