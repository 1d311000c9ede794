/// A growable buffer of queued events, managed by hand.
///
/// Not a `ContiguousArray<Event>`: the queue runs unspecialized (`Event` is only known at run
/// time), and appending to a generic array looked up `ContiguousArray<Event>`'s metadata on
/// every publish (callgrind, executor publish-1: ~340 instructions of 1,946). This buffer has
/// the same layout whatever `Event` is and needs only `Event`'s own metadata.
///
/// Removing events never releases them: ``takeAll()`` hands the storage over, and the owner
/// releases it with ``releaseAll()`` where no lock is held (events can run arbitrary deinit code).
struct LaneEvents<Event> {
    private var base: UnsafeMutablePointer<Event>?
    private(set) var count = 0
    private var capacity = 0

    init() {}

    mutating func append(_ event: Event) {
        if count == capacity { grow() }
        (base! + count).initialize(to: event)
        count += 1
    }

    /// Appends every event of `other` (moved, not copied) and leaves it empty.
    mutating func append(movingFrom other: inout LaneEvents) {
        guard let source = other.base, other.count > 0 else { return }
        while capacity < count + other.count { grow() }
        (base! + count).moveInitialize(from: source, count: other.count)
        count += other.count
        other.count = 0
    }

    subscript(index: Int) -> Event { base![index] }

    /// Trades contents with `other`, field by field: the generic `swap` would look up this
    /// type's metadata.
    mutating func exchange(with other: inout LaneEvents) {
        (base, other.base) = (other.base, base)
        (count, other.count) = (other.count, count)
        (capacity, other.capacity) = (other.capacity, capacity)
    }

    /// Destroys the events and keeps the storage for reuse.
    mutating func releaseAll() {
        base?.deinitialize(count: count)
        count = 0
    }

    /// Destroys the events and frees the storage.
    mutating func free() {
        releaseAll()
        base?.deallocate()
        (base, capacity) = (nil, 0)
    }

    private mutating func grow() {
        let grown = UnsafeMutablePointer<Event>.allocate(capacity: max(8, capacity * 2))
        if let base {
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        (base, capacity) = (grown, max(8, capacity * 2))
    }
}
