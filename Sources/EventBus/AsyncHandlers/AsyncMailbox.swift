/// The events waiting for an async subscription's task, and that task's wait for the next one.
///
/// A publish offers its event: it goes straight to the task if the task is waiting, otherwise
/// into an ``EventBuffer`` that applies the subscription's policy and counts drops. The task
/// asks for the next event and suspends when none waits. ``finish()`` empties the buffer and
/// hands the events back for release, wakes a waiting task with nil, and refuses later offers.
///
/// Its own buffer rather than an `AsyncStream`'s: a stream keeps its buffered elements after
/// `finish()` until the iterator takes them, so cancelling a subscription whose handler never
/// returns kept every queued event alive (145 MiB after a million publishes).
final class AsyncMailbox<Event: Sendable>: @unchecked Sendable {
    // safe: `state` is only touched under its lock; the continuation is resumed after the unlock,
    // exactly once (it is taken out of the state before it is resumed).
    private let state: LockedValue<State>
    let counters = BufferCounters()

    private struct State {
        var buffer: EventBuffer<Event>
        var waiter: UnsafeContinuation<Event?, Never>?
        var isFinished = false
    }

    init(policy: EventBufferPolicy) {
        state = LockedValue(State(buffer: EventBuffer(policy: policy)))
    }

    /// Queues `event` for the task, or hands it over if the task waits; what a publish reports.
    func offer(_ event: Event) -> DeliveryOutcome {
        var handedTo: UnsafeContinuation<Event?, Never>?
        var result = EventBuffer<Event>.AppendResult.queued
        let finished = state.withLock { state -> Bool in
            if state.isFinished { return true }
            if let waiter = state.waiter.take() {
                handedTo = waiter
            } else {
                result = state.buffer.append(event)
                counters.update(waiting: state.buffer.count, dropped: state.buffer.droppedCount)
            }
            return false
        }
        if finished { return .skipped }
        if let handedTo {
            handedTo.resume(returning: event)
            return .delivered
        }
        switch result {
        case .queued: return .delivered
        case .queuedDroppingOldest: return .deliveredDroppingOlder  // the oldest is released here
        case .rejected: return .dropped
        }
    }

    /// The next event, oldest first; nil once the mailbox is finished. Called by one task only.
    func next() async -> Event? {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Event?, Never>) in
            let ready = state.withLock { state -> Event?? in
                if let event = state.buffer.popFirst() {
                    counters.update(waiting: state.buffer.count)
                    return .some(event)
                }
                if state.isFinished { return .some(nil) }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Refuses further events, wakes a waiting task with nil, and returns what waited, for the
    /// caller to release after the unlock (an event's deinit may run any code). Idempotent.
    func finish() -> [Event] {
        let (waiter, waiting) = state.withLock { state in
            state.isFinished = true
            let waiting = state.buffer.removeAll()
            counters.update(waiting: 0)
            return (state.waiter.take(), waiting)
        }
        waiter?.resume(returning: nil)
        return waiting
    }
}
