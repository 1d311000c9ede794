/// Event type → position of its list in a registry: an open-addressing table keyed by the
/// type's metadata address, looked up under the shard lock by every subscribe, cancel and
/// state publish (a plain publish reads the ``PublishedTable`` instead).
///
/// Not a `Dictionary`: hashing an `ObjectIdentifier` there runs SipHash, which the profiler showed as
/// the largest single cost of a publish to one subscriber. Metadata addresses are already unique
/// and well spread once multiplied by a Fibonacci constant, and entries are never removed (lists
/// live as long as the registry), so a linear-probing table with no tombstones is enough.
struct TypePositions {
    /// Keys as address bits; 0 marks an empty slot (no metadata lives at address 0).
    private var keys = ContiguousArray<UInt>(repeating: 0, count: 16)
    private var values = ContiguousArray<Int>(repeating: 0, count: 16)
    private var shift = UInt.bitWidth - 4
    private(set) var count = 0

    /// A different multiplier from the store's shard choice: the types of one shard share
    /// the top bits of that product, and would all start probing at the same slot.
    @inline(__always)
    private func home(of key: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* 0xD6E8_FEB8_6659_FD93) >> UInt(shift))
    }

    /// The position stored for `eventKey`, or nil.
    ///
    /// Checked subscripts: reading through unsafe buffer pointers saved a fraction of a percent of
    /// a subscribe + cancel once publishes stopped reading this table, too little for an unsafe
    /// construct.
    @inline(__always)
    func position(of eventKey: ObjectIdentifier) -> Int? {
        let key = UInt(bitPattern: eventKey.address)
        let mask = keys.count - 1
        var slot = home(of: key)
        while true {
            let found = keys[slot]
            if found == key { return values[slot] }
            if found == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// Stores `position` for `eventKey`, which must not be stored yet.
    mutating func insert(_ position: Int, for eventKey: ObjectIdentifier) {
        if (count + 1) * 2 > keys.count { grow() }
        place(UInt(bitPattern: eventKey.address), position)
        count += 1
    }

    private mutating func place(_ key: UInt, _ value: Int) {
        let mask = keys.count - 1
        var slot = home(of: key)
        while keys[slot] != 0 { slot = (slot + 1) & mask }
        keys[slot] = key
        values[slot] = value
    }

    private mutating func grow() {
        let old = zip(keys, values).filter { $0.0 != 0 }
        keys = ContiguousArray(repeating: 0, count: keys.count * 2)
        values = ContiguousArray(repeating: 0, count: values.count * 2)
        shift -= 1
        for (key, value) in old { place(key, value) }
    }
}

extension ObjectIdentifier {
    /// The identified object's (here: the type metadata's) address.
    fileprivate var address: Int { Int(bitPattern: self) }
}
