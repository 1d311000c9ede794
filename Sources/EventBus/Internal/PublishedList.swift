import Synchronization

// unsafe invariant 1: read unretained by publishes that announce the list in their hazard slot.
/// One event type's subscriber list as publishes read it: without a lock and without retaining
/// anything.
///
/// The ``SubscriberList`` stays the truth and owns the entries; this is a mirror of its
/// `entries` as unretained references in a buffer of atomic words, `[count, capacity, entry…]`.
/// The writer keeps it equal to `entries` under the shard lock: appending within capacity and
/// vacating a slot edit the current buffer in place (a publish that already read the count
/// never sees the appended entry, and sees either the entry or its vacancy in a vacated slot);
/// any other change (an insertion before the end, pruning, compaction, growth) builds a new
/// buffer and swaps it in. A publish announces the list in its thread's ``HazardSlots`` before
/// it loads the buffer, so a writer that swapped a buffer out, or took an entry out, frees it
/// only when no publish announces this list (see ``Reclaimer``).
// Safe: `current` and `count` are atomics; the buffers' words are atomics; `reclaimer` is
// immutable.
final class PublishedList: @unchecked Sendable {
    static let countWord = 0
    static let capacityWord = 1
    static let firstEntryWord = 2

    /// The address of the current buffer.
    private let current: Atomic<Int>
    /// Listed entries (vacancies included), with the sign bit set once an entry wants its
    /// publishes' call sites (``markWantsCallSites()``) and while a tap is registered
    /// (``markTapped(_:)``): a plain publish tests `count <= 0`, the one comparison it made for
    /// an empty list, and only then tells an empty list (skipped without announcing it) from one
    /// that needs the traced path. The walk reads the count in the buffer, which never has the
    /// bit.
    let count = Atomic<Int>(0)
    /// `Int.min` once an entry wanted call sites or while the bus is tapped, else 0: or-ed into
    /// every `count` stored. Written under the shard lock, like every writer-side field.
    private var callSiteBit = 0
    private var entryWantsCallSites = false
    private var tapped = false
    /// The protocol-subscription generation the list's protocol matches were resolved at (0:
    /// never). Stored after the matches are mirrored, so a publish that finds the bus's
    /// current generation here reads a buffer with them (see ``SubscriberList``).
    let resolvedGeneration = Atomic<UInt64>(0)
    private let reclaimer: Reclaimer
    /// How many lock-free publishes walked this list, in ``stripeCount`` counters a cache line
    /// apart; a thread counts in the stripe of its ``HazardSlots`` record, so threads
    /// publishing the type at once write different lines (see `AnySubscription.countingList`).
    private let publishes: UnsafeMutablePointer<Atomic<Int>>
    static let stripeCount = 4
    private static let wordsPerStripe = 8

    init(reclaimer: Reclaimer) {
        self.reclaimer = reclaimer
        current = Atomic(Int(bitPattern: Self.makeBuffer(capacity: 4)))
        let words = Self.stripeCount * Self.wordsPerStripe
        let raw = UnsafeMutableRawPointer.allocate(byteCount: words * 8, alignment: 64)
        publishes = raw.bindMemory(to: Atomic<Int>.self, capacity: words)
        for word in 0..<words { (publishes + word).initialize(to: Atomic(0)) }
    }

    deinit {
        UnsafeMutablePointer<Atomic<Int>>(bitPattern: current.load(ordering: .relaxed))?.deallocate()
        publishes.deallocate()
    }

    /// Counts one publish in `stripe` (below ``stripeCount``). Plain moves: two threads of
    /// one stripe publishing the type at the same instant may lose a count.
    @inline(__always)
    func countPublish(stripe: Int) {
        let counter = publishes + stripe &* Self.wordsPerStripe
        counter.pointee.store(counter.pointee.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
    }

    /// Lock-free publishes of this list so far.
    var publishCount: Int {
        (0..<Self.stripeCount).reduce(0) {
            $0 &+ publishes[$1 * Self.wordsPerStripe].load(ordering: .relaxed)
        }
    }

    /// The current buffer; load it only after announcing the list.
    @inline(__always)
    var buffer: UnsafeMutablePointer<Atomic<Int>> {
        UnsafeMutablePointer(bitPattern: current.load(ordering: .sequentiallyConsistent)).unsafelyUnwrapped
    }

    /// The entry in slot `index` of `buffer` (below its count).
    @inline(__always)
    static func entry(at index: Int, in buffer: UnsafeMutablePointer<Atomic<Int>>) -> Unmanaged<
        AnySubscription
    > {
        let bits = buffer[firstEntryWord + index].load(ordering: .sequentiallyConsistent)
        return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
    }

    // MARK: - Writer side, under the shard lock

    /// Mirrors an append to `entries` (which already ends with `entry`).
    func append(_ entry: AnySubscription, entries: ContiguousArray<AnySubscription>) {
        let buffer = self.buffer
        let listed = buffer[Self.countWord].load(ordering: .relaxed)
        guard listed == entries.count - 1, listed < buffer[Self.capacityWord].load(ordering: .relaxed) else {
            return rebuild(from: entries)
        }
        buffer[Self.firstEntryWord + listed].store(Self.bits(of: entry), ordering: .releasing)
        buffer[Self.countWord].store(listed + 1, ordering: .releasing)
        count.store((listed + 1) | callSiteBit, ordering: .releasing)
    }

    /// Mirrors `entries.removeLast()` if no publish announces this list: the count drops by one
    /// and the slot is free for the next append, with no vacancy left behind. Returns false, and
    /// changes nothing, when a publish announces the list: it may have read the old count, so
    /// the slot must keep the entry (or a vacancy) until that walk is over, and must not be
    /// reused by an append the walk would then see.
    ///
    /// Why a publish the slot scan misses reads the new count: the buffer address is stored
    /// again (the same address, sequentially consistent) after the count and before the scan. A
    /// publish announces (sequentially consistent) and then loads the buffer address; if the scan
    /// missed the announcement, that load comes after this store and reads it, which orders the
    /// count before the publish's own (acquiring) load of it. Publishes stay as they were.
    func removeLastIfUnannounced() -> Bool {
        let buffer = self.buffer
        let listed = buffer[Self.countWord].load(ordering: .relaxed)
        buffer[Self.countWord].store(listed - 1, ordering: .releasing)
        current.store(Int(bitPattern: buffer), ordering: .sequentiallyConsistent)
        guard !HazardSlots.isProtected(Int(bitPattern: ObjectIdentifier(self))) else {
            buffer[Self.countWord].store(listed, ordering: .releasing)
            return false
        }
        count.store((listed - 1) | callSiteBit, ordering: .releasing)
        return true
    }

    /// From now on, publishes of this list's type take the traced path (an entry that names
    /// the call site in its failure reports joined). For the list's life: the type asked for it,
    /// and no other type pays for it.
    func markWantsCallSites() {
        entryWantsCallSites = true
        storeCallSiteBit()
    }

    /// Whether publishes of this list's type take the traced path for the taps' sake: set on
    /// every list while a tap is registered (see ``SubscriptionRegistry/markTapped(_:)``).
    func markTapped(_ isTapped: Bool) {
        tapped = isTapped
        storeCallSiteBit()
    }

    private func storeCallSiteBit() {
        callSiteBit = entryWantsCallSites || tapped ? Int.min : 0
        count.store((count.load(ordering: .relaxed) & Int.max) | callSiteBit, ordering: .releasing)
    }

    /// Whether publishes of this list's type take the traced path (for its entries' or the taps'
    /// sake).
    var wantsCallSites: Bool { count.load(ordering: .relaxed) < 0 }

    /// Mirrors `entries[index] = entry`. The replaced entry is released by the caller, through
    /// ``Reclaimer``.
    func replace(at index: Int, with entry: AnySubscription) {
        buffer[Self.firstEntryWord + index].store(Self.bits(of: entry), ordering: .sequentiallyConsistent)
    }

    /// Swaps in a new buffer holding `entries`; the old one is freed once no publish reads it.
    func rebuild(from entries: ContiguousArray<AnySubscription>) {
        let fresh = Self.makeBuffer(capacity: max(4, entries.count * 2))
        for (index, entry) in entries.enumerated() {
            fresh[Self.firstEntryWord + index].store(Self.bits(of: entry), ordering: .relaxed)
        }
        fresh[Self.countWord].store(entries.count, ordering: .relaxed)
        let old = current.exchange(Int(bitPattern: fresh), ordering: .sequentiallyConsistent)
        count.store(entries.count | callSiteBit, ordering: .releasing)
        reclaimer.retireBuffer(UnsafeMutablePointer(bitPattern: old).unsafelyUnwrapped, of: self)
    }

    private static func bits(of entry: AnySubscription) -> Int {
        Int(bitPattern: Unmanaged.passUnretained(entry).toOpaque())
    }

    private static func makeBuffer(capacity: Int) -> UnsafeMutablePointer<Atomic<Int>> {
        let words = firstEntryWord + capacity
        let buffer = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: words)
        for word in 0..<words { (buffer + word).initialize(to: Atomic(0)) }
        buffer[capacityWord].store(capacity, ordering: .relaxed)
        return buffer
    }
}
