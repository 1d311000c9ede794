import Synchronization

// unsafe invariant 1: read unretained by publishes; tables live as long as the registry.
/// Event type → its ``PublishedList``, for the types of one shard: what a publish looks up
/// without taking the shard's lock.
///
/// Linear probing over atomic words, keyed by the type's metadata address, like
/// ``TypePositions``. Entries are never removed (a list lives as long as its registry), so a
/// writer inserts in place, under the shard lock: the value first, then the key with release
/// ordering, so a reader that finds the key finds the list. Growing builds a bigger table and
/// swaps it in; the old tables are kept until the registry is freed, because a publish may
/// still be probing one. They add up to less than the current table.
// Safe: readers touch only atomics; `retired` and `count` are only used under the shard lock.
final class PublishedTable: @unchecked Sendable {
    /// The current table: `[log2 capacity, key…, list…]`.
    private let current: Atomic<Int>
    private var retired: [UnsafeMutablePointer<Atomic<Int>>] = []
    private var count = 0

    init() {
        current = Atomic(Int(bitPattern: Self.makeTable(bits: 4)))
    }

    deinit {
        UnsafeMutablePointer<Atomic<Int>>(bitPattern: current.load(ordering: .relaxed))?.deallocate()
        for table in retired { table.deallocate() }
    }

    /// The list of `eventKey`, or nil if the type never had one. Kept alive by the registry.
    @inline(__always)
    func list(of eventKey: ObjectIdentifier) -> Unmanaged<PublishedList>? {
        let table = UnsafeMutablePointer<Atomic<Int>>(bitPattern: current.load(ordering: .acquiring))
            .unsafelyUnwrapped
        let bits = table[0].load(ordering: .relaxed)
        let key = Int(bitPattern: eventKey)
        let capacity = 1 &<< bits
        var slot = Self.home(of: key, bits: bits)
        while true {
            let found = table[1 &+ slot].load(ordering: .acquiring)
            if found == key {
                let list = table[1 &+ capacity &+ slot].load(ordering: .relaxed)
                return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: list).unsafelyUnwrapped)
            }
            if found == 0 { return nil }
            slot = (slot &+ 1) & (capacity &- 1)
        }
    }

    /// Files `list` for `eventKey`, which must not be filed yet. Under the shard lock.
    func insert(_ list: PublishedList, for eventKey: ObjectIdentifier) {
        var table = UnsafeMutablePointer<Atomic<Int>>(bitPattern: current.load(ordering: .relaxed))
            .unsafelyUnwrapped
        if (count + 1) * 2 > 1 << table[0].load(ordering: .relaxed) {
            table = grow(table)
        }
        Self.place(
            Int(bitPattern: eventKey), Int(bitPattern: Unmanaged.passUnretained(list).toOpaque()), in: table)
        count += 1
    }

    private func grow(_ old: UnsafeMutablePointer<Atomic<Int>>) -> UnsafeMutablePointer<Atomic<Int>> {
        let oldCapacity = 1 << old[0].load(ordering: .relaxed)
        let fresh = Self.makeTable(bits: old[0].load(ordering: .relaxed) + 1)
        for slot in 0..<oldCapacity {
            let key = old[1 + slot].load(ordering: .relaxed)
            if key != 0 { Self.place(key, old[1 + oldCapacity + slot].load(ordering: .relaxed), in: fresh) }
        }
        current.store(Int(bitPattern: fresh), ordering: .releasing)
        retired.append(old)
        return fresh
    }

    private static func place(_ key: Int, _ list: Int, in table: UnsafeMutablePointer<Atomic<Int>>) {
        let bits = table[0].load(ordering: .relaxed)
        let capacity = 1 << bits
        var slot = home(of: key, bits: bits)
        while table[1 + slot].load(ordering: .relaxed) != 0 { slot = (slot + 1) & (capacity - 1) }
        table[1 + capacity + slot].store(list, ordering: .relaxed)
        table[1 + slot].store(key, ordering: .releasing)
    }

    /// Another multiplier than the shard choice's, whose top bits are equal within a shard.
    @inline(__always)
    private static func home(of key: Int, bits: Int) -> Int {
        // Wrapping arithmetic: `bits` is 1...63, and checked arithmetic here cost every publish
        // two overflow branches.
        Int(
            bitPattern: (UInt(bitPattern: key) &* 0xD6E8_FEB8_6659_FD93)
                &>> UInt(truncatingIfNeeded: UInt.bitWidth &- bits))
    }

    private static func makeTable(bits: Int) -> UnsafeMutablePointer<Atomic<Int>> {
        let words = 1 + 2 << bits
        let table = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: words)
        for word in 0..<words { (table + word).initialize(to: Atomic(0)) }
        table[0].store(bits, ordering: .relaxed)
        return table
    }
}
