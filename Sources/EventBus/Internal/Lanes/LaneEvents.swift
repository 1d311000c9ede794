// unsafe invariant 7: every call names the `Event` the memory holds.
/// A growable buffer of queued events of one type, managed by hand; the type is given to each
/// method, and every call on one buffer must give the same one (its ``LaneQueue``'s `Event`).
///
/// Neither a `ContiguousArray<Event>` nor a struct generic over `Event`: the queue runs
/// unspecialized (`Event` is only known at run time), and either looked up its own generic metadata
/// on every publish. A buffer whose layout does not depend on `Event` needs only `Event`'s own
/// metadata.
///
/// Removing events never releases them: ``exchange(with:)`` and ``append(movingFrom:as:)`` hand
/// storage over, and the owner calls ``releaseAll(as:)`` or ``free(as:)`` where no lock is held
/// (events can run arbitrary deinit code).
struct LaneEvents {
    private var base: UnsafeMutableRawPointer?
    private(set) var count = 0
    private var capacity = 0

    init() {}

    mutating func append<Event>(_ event: Event) {
        if count == capacity { grow(Event.self, to: max(8, capacity * 2)) }
        slot(count, Event.self).initialize(to: event)
        count += 1
    }

    /// Appends every event of `other` (moved, not copied) and leaves it empty.
    mutating func append<Event>(movingFrom other: inout LaneEvents, as type: Event.Type) {
        guard other.count > 0 else { return }
        if capacity < count + other.count { grow(type, to: max(8, (count + other.count) * 2)) }
        slot(count, type).moveInitialize(from: other.slot(0, type), count: other.count)
        count += other.count
        other.count = 0
    }

    subscript<Event>(index: Int, as type: Event.Type) -> Event { slot(index, type).pointee }

    /// Moves the events from `start` on whose index `shouldMove` picks to the end of `other`,
    /// closing the gaps; the others keep their order.
    mutating func remove<Event>(
        from start: Int, into other: inout LaneEvents, as type: Event.Type, where shouldMove: (Int) -> Bool
    ) {
        var kept = start
        for index in start..<count {
            if shouldMove(index) {
                other.append(slot(index, type).move())
            } else {
                if kept != index { slot(kept, type).moveInitialize(from: slot(index, type), count: 1) }
                kept += 1
            }
        }
        count = kept
    }

    /// Trades contents with `other`, field by field (the generic `swap` is no cheaper here).
    mutating func exchange(with other: inout LaneEvents) {
        (base, other.base) = (other.base, base)
        (count, other.count) = (other.count, count)
        (capacity, other.capacity) = (other.capacity, capacity)
    }

    /// Destroys the events and keeps the storage for reuse.
    mutating func releaseAll<Event>(as type: Event.Type) {
        if count > 0 { slot(0, type).deinitialize(count: count) }
        count = 0
    }

    /// Destroys the events and frees the storage.
    mutating func free<Event>(as type: Event.Type) {
        releaseAll(as: type)
        base?.deallocate()
        (base, capacity) = (nil, 0)
    }

    private func slot<Event>(_ index: Int, _: Event.Type) -> UnsafeMutablePointer<Event> {
        base!.assumingMemoryBound(to: Event.self) + index
    }

    private mutating func grow<Event>(_ type: Event.Type, to newCapacity: Int) {
        let grown = UnsafeMutableRawPointer.allocate(
            byteCount: newCapacity * MemoryLayout<Event>.stride, alignment: MemoryLayout<Event>.alignment)
        grown.bindMemory(to: Event.self, capacity: newCapacity)
        if base != nil {
            grown.assumingMemoryBound(to: Event.self).moveInitialize(from: slot(0, type), count: count)
            base!.deallocate()
        }
        (base, capacity) = (grown, newCapacity)
    }
}
