/// A FIFO of waiting events that enforces an ``EventBufferPolicy`` and counts what it drops.
///
/// A plain value, used under its owner's lock. It never releases an event itself: whatever it
/// drops or hands out is returned, so the caller can let it go after unlocking (an event's
/// `deinit` may run arbitrary code, even publish on the bus). Popped slots are set to `nil`
/// for the same reason, so no copy lingers in the storage until the next compaction.
///
/// Used by stepping and paced subscriptions (executor mailboxes apply the same policies to their
/// plain array, to keep their unbounded path a bare append); anything else that buffers events
/// for a slow handler should use it too, so every buffer follows the same policy and counting.
struct EventBuffer<Event> {
    let policy: EventBufferPolicy
    /// Events dropped by the policy since the buffer was created.
    private(set) var droppedCount = 0
    private var storage: [Event?] = []
    private var head = 0
    /// An event already taken out of the queue for a delivery that is scheduled but has not
    /// started: it no longer waits, so it neither counts against the limit nor can be dropped.
    private var reserved: Event?

    init(policy: EventBufferPolicy) {
        self.policy = policy
    }

    /// How many events wait.
    var count: Int { storage.count - head }

    var isEmpty: Bool { head == storage.count }

    /// What happened to an appended event.
    enum AppendResult {
        /// Queued; nothing dropped.
        case queued
        /// Queued; the oldest waiting event was dropped to make room (``EventBufferPolicy/keepNewest(_:)``).
        case queuedDroppingOldest(Event)
        /// Not queued: the buffer is full (``EventBufferPolicy/keepOldest(_:)``, or a limit of 0).
        case rejected(Event)

        var dropped: Bool {
            if case .queued = self { return false }
            return true
        }
    }

    /// Appends `event` as the policy allows. Dropped events come back to the caller.
    mutating func append(_ event: Event) -> AppendResult {
        guard let limit = policy.limit, count >= limit else {
            storage.append(event)
            return .queued
        }
        droppedCount += 1
        if case .keepNewest = policy, let oldest = popFirst() {
            storage.append(event)
            return .queuedDroppingOldest(oldest)
        }
        return .rejected(event)
    }

    /// Takes the oldest waiting event out.
    mutating func popFirst() -> Event? {
        guard head < storage.count else { return nil }
        let event = storage[head].take()
        head += 1
        if head == storage.count {
            // Empty again: reuse the storage from the start, keeping its capacity.
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 16, head * 2 >= storage.count {
            // Mostly spent slots (all nil): shift the live ones down. Amortized O(1) per pop.
            storage.removeFirst(head)
            head = 0
        }
        return event
    }

    /// Sets `event` aside for a scheduled delivery (see `reserved`).
    mutating func reserve(_ event: Event) {
        reserved = event
    }

    /// Moves the oldest waiting event aside for a scheduled delivery; false when none waits.
    mutating func reserveFirst() -> Bool {
        guard let first = popFirst() else { return false }
        reserved = first
        return true
    }

    /// Whether an event is set aside for a scheduled delivery.
    var hasReserved: Bool { reserved != nil }

    /// The event set aside for the delivery that is starting now.
    mutating func takeReserved() -> Event? {
        reserved.take()
    }

    /// Empties the buffer and returns what waited (and what was set aside), oldest first, for
    /// release outside the lock. Not counted as drops: the subscription ended.
    mutating func removeAll() -> [Event] {
        defer {
            storage = []
            head = 0
        }
        return (reserved.take().map { [$0] } ?? []) + storage[head...].compactMap { $0 }
    }
}
