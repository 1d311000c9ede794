import EventBus

/// A ``BusRecorder``'s records not received yet, in publish order; guarded by the recorder's lock.
///
/// A tap hears a nested publish before the publish whose handler made it (the parent's record
/// is made after its handlers return), so a record is held back until its parent, and its
/// parent's parent, have been heard: a test never receives a nested event before its cause.
/// Ready records are kept sorted by sequence number, the order in which publishing started.
struct PublishLog {
    private(set) var ready: [PublishRecord] = []
    /// Records heard before their parent, by the parent's sequence number.
    private var waitingForParent: [UInt64: [PublishRecord]] = [:]
    /// Sequence numbers of the publishes heard whose ancestry has been heard too.
    private var settled: Set<UInt64> = []
    private let includes: @Sendable (PublishRecord) -> Bool
    /// Waits parked by ``BusRecorder/receive(_:timeout:fileID:filePath:line:column:_:)``, woken by
    /// every record that becomes ready.
    private var waiters: [Wakeup] = []

    init(includes: @escaping @Sendable (PublishRecord) -> Bool) {
        self.includes = includes
    }

    /// Files `record`; returns the waits to wake (outside the lock) if a record became ready.
    mutating func hear(_ record: PublishRecord) -> [Wakeup] {
        if let parent = record.parentSequenceNumber, !settled.contains(parent) {
            waitingForParent[parent, default: []].append(record)
            return []
        }
        var released = [record]
        var becameReady = false
        while let next = released.popLast() {
            settled.insert(next.sequenceNumber)
            if includes(next) {
                insertInOrder(next)
                becameReady = true
            }
            released += waitingForParent.removeValue(forKey: next.sequenceNumber) ?? []
        }
        guard becameReady else { return [] }
        defer { waiters = [] }
        return waiters
    }

    /// Takes the oldest ready record, or parks `waiter` and returns nil.
    mutating func takeFirst(orPark waiter: Wakeup) -> PublishRecord? {
        if ready.isEmpty {
            waiters.append(waiter)
            return nil
        }
        return ready.removeFirst()
    }

    /// Takes every ready record.
    mutating func takeAll() -> [PublishRecord] {
        defer { ready = [] }
        return ready
    }

    private mutating func insertInOrder(_ record: PublishRecord) {
        var index = ready.endIndex
        while index > ready.startIndex, ready[index - 1].sequenceNumber > record.sequenceNumber {
            index -= 1
        }
        ready.insert(record, at: index)
    }
}

/// One parked wait of a recorder: resumed once, by a new record or by its deadline, whichever
/// comes first.
final class Wakeup: Sendable {
    private let state = LockedValue(State())

    private struct State {
        var continuation: CheckedContinuation<Void, Never>?
        var fired = false
    }

    /// Suspends until ``fire()``; returns at once if it already fired.
    func wait() async {
        await withCheckedContinuation { continuation in
            let early = state.withLock { state -> Bool in
                if state.fired { return true }
                state.continuation = continuation
                return false
            }
            if early { continuation.resume() }
        }
    }

    func fire() {
        let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.fired else { return nil }
            state.fired = true
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume()
    }
}
