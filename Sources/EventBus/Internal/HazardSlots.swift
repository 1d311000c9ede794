import Synchronization

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
