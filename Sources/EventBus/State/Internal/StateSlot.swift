/// The current value of one event type published with ``EventBus/publishState(_:fileID:line:function:)``, and how
/// many state publishes of that type there have been.
///
/// Lives in the shard's ``SubscriptionRegistry`` and is only read or written under that
/// shard's lock, together with the type's subscriber list: that is what makes "read the
/// current value and subscribe" atomic with respect to state publishes.
///
/// One allocation per event type, at its first state publish; later publishes overwrite the value
/// in place. Not generic: the value sits in raw memory sized for its type, and every call names the
/// type. A generic slot class cost a runtime metadata lookup per state publish to reach its field,
/// and returning the replaced value as an `Event?` in a tuple cost two more.
// unsafe invariant 8: a slot is touched only under its shard's lock.
final class AnyStateSlot: @unchecked Sendable {  // safe: only touched under the shard lock
    // unsafe invariant 7: the memory is allocated for the slot's `Event`, and every call names that type.
    /// Numbers the type's state publishes 1, 2, 3, …; 0 before the first.
    var sequence: UInt64 = 0
    private var hasValue = false
    private let storage: UnsafeMutableRawPointer
    /// Deinitializes the value in `storage`, typed by the slot's event type.
    private let destroyValue: @Sendable (UnsafeMutableRawPointer) -> Void

    init<Event>(of type: Event.Type) {
        storage = .allocate(
            byteCount: Swift.max(1, MemoryLayout<Event>.size), alignment: MemoryLayout<Event>.alignment)
        destroyValue = { $0.assumingMemoryBound(to: Event.self).deinitialize(count: 1) }
    }

    deinit {
        if hasValue { destroyValue(storage) }
        storage.deallocate()
    }

    /// The current value; `Event` must be the slot's type.
    func value<Event>(as type: Event.Type) -> Event? {
        hasValue ? storage.assumingMemoryBound(to: Event.self).pointee : nil
    }

    /// Makes `value` current. The value it replaces, if any, is moved into `replaced`, to be
    /// released after unlocking; returns whether there was one.
    func replace<Event>(with value: Event, movingOldTo replaced: ReplacedState<Event>) -> Bool {
        let typed = storage.assumingMemoryBound(to: Event.self)
        let hadValue = hasValue
        if hadValue { replaced.place.moveInitialize(from: typed, count: 1) }
        typed.initialize(to: value)
        hasValue = true
        return hadValue
    }

    /// Forgets the current value and returns it (for release after unlocking).
    func clear<Event>(as type: Event.Type) -> Event? {
        guard hasValue else { return nil }
        hasValue = false
        return storage.assumingMemoryBound(to: Event.self).move()
    }
}

/// Where a state publish puts the value it replaces: a place on the publishing thread's stack,
/// handed through the store and the registry to ``AnyStateSlot/replace(with:movingOldTo:)`` under
/// the shard lock, and released by ``publishing(_:)`` after the lock is gone (a value's deinit
/// may run code). No `Event?` is built: returned from the lock, one cost a runtime metadata
/// lookup per state publish in unspecialized code.
struct ReplacedState<Event> {
    fileprivate let place: UnsafeMutablePointer<Event>

    @inline(__always)
    private init(place: UnsafeMutablePointer<Event>) {
        self.place = place
    }

    /// Runs `publish` (which takes the shard lock) with a place for the replaced value, then
    /// releases that value, if `publish` moved one there.
    @inline(__always)
    static func publishing(_ publish: (ReplacedState<Event>) -> StatePublish) -> StatePublish {
        // safe: the place is uninitialized until `replace` moves a value in, and then holds one
        // until the deinitialize below, which runs exactly when `replacedAValue` says so.
        withUnsafeTemporaryAllocation(of: Event.self, capacity: 1) { buffer in
            let published = publish(ReplacedState(place: buffer.baseAddress!))
            if published.replacedAValue { buffer.baseAddress!.deinitialize(count: 1) }
            return published
        }
    }
}

/// What a state publish found under the shard lock: the subscribers to deliver to, the
/// publish's number, and whether a value was replaced.
struct StatePublish {
    let snapshot: ContiguousArray<AnySubscription>
    let sequence: UInt64
    let replacedAValue: Bool
}
