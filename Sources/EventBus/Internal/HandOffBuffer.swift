/// The hand-over between the publishers of a subscription and the one task that consumes its
/// events: an async handler's loop, or a paced stream's iterator.
///
/// Ordering: elements reach the consumer in the order their ``offer(_:)`` calls took
/// the lock. An offer that finds the consumer waiting hands its element over at once; otherwise
/// the element waits in an ``EventBuffer`` that applies the policy (bound and drop side) and
/// counts drops in ``counters``.
///
/// Threading: any thread may offer; exactly one task calls ``next(endsOnCancel:)`` at a time. State
/// is guarded by one lock; continuations are resumed, and dropped or released elements let go, only
/// after it is unlocked (an element's `deinit` may run any code, even publish). The `stamp` given
/// at init makes the owner's state that has to change together with a hand-over (`extra`): it is
/// called before the lock is taken, by each offer and each take that may hand an element over, and
/// its value is stored under the lock only when one is handed over. Never under the lock, because
/// it may run user code (the paced stream reads the user's `Clock.now`, which could block or use
/// the bus). It is stored rather than passed to each call: a closure argument threaded through the
/// locked closures cost every async-handler event two heap allocations.
///
/// Lifetime and cancellation: ``finish()`` releases every waiting element at once, wakes a
/// waiting consumer with nil, and refuses later offers; a consumer that is running keeps only
/// the element it was given. With `endsOnCancel`, cancelling the consuming task while it waits
/// (or before it asks) wakes it with nil, and every later `next` returns nil too (the waiting
/// elements stay until ``finish()``). Each continuation is taken out of the state before it is resumed, so none is
/// resumed twice, and none is left waiting once the buffer is finished.
///
/// Its own buffer rather than an `AsyncStream`'s: a stream keeps its buffered elements after
/// `finish()` until the iterator takes them, and an unbounded one holds all that a consumer
/// never reads while reporting nothing waiting.
// unsafe invariant 8: see `state` below.
final class HandOffBuffer<Element: Sendable, Extra: Sendable>: @unchecked Sendable {
    // safe: `state` is only touched under its lock; a continuation is taken out of the state
    // before it is resumed, so each is resumed exactly once, after the unlock.
    private let state: LockedValue<State>
    /// The backlog and drop count, shared with the subscription's token.
    let counters = BufferCounters()
    /// Called with no lock held before each offer or take; its value becomes `extra` if that
    /// call hands an element over (nil: nothing to update).
    private let stamp: (@Sendable () -> Extra)?

    // unsafe invariant 11: each continuation is taken out of the state under the lock before it is
    // resumed, after the unlock: resumed exactly once.
    private struct State {
        var buffer: EventBuffer<Element>
        var waiter: UnsafeContinuation<Element?, Never>?
        var extra: Extra
        var isFinished = false
        /// The consuming task was cancelled while it waited (only with `endsOnCancel`).
        var consumerCancelled = false
    }

    init(
        policy: EventBufferPolicy, extra: Extra,
        stamp: (@Sendable () -> Extra)? = nil
    ) {
        state = LockedValue(State(buffer: EventBuffer(policy: policy), extra: extra))
        self.stamp = stamp
    }

    /// The owner's state kept under this buffer's lock.
    var extra: Extra { state.withLock { $0.extra } }

    /// Whether the consumer has nothing to do: it waits for an element with none buffered, or
    /// the buffer is finished. False while it runs what it was given, and before it first asks.
    var isIdle: Bool { state.withLock { $0.isFinished || ($0.waiter != nil && $0.buffer.count == 0) } }

    /// Whether the consumer is suspended waiting for an element (for tests).
    var hasWaitingConsumer: Bool { state.withLock { $0.waiter != nil } }

    /// Hands `element` to the waiting consumer, or queues it as the policy says; what a publish
    /// reports. The stamp, read before the lock, becomes `extra` when the element goes straight
    /// to the consumer.
    func offer(_ element: Element) -> DeliveryOutcome {
        var handedTo: UnsafeContinuation<Element?, Never>?
        var result = EventBuffer<Element>.AppendResult.queued
        let stamped = stamp?()
        let finished = state.withLock { state -> Bool in
            if state.isFinished { return true }
            if let waiter = state.waiter.take() {
                if let stamped { state.extra = stamped }
                handedTo = waiter
            } else {
                result = state.buffer.append(element)
                counters.update(waiting: state.buffer.count, dropped: state.buffer.droppedCount)
            }
            return false
        }
        if finished { return .skipped }
        if let handedTo {
            handedTo.resume(returning: element)
            return .delivered
        }
        switch result {
        case .queued: return .delivered
        case .queuedDroppingOldest: return .deliveredDroppingOlder  // the oldest is released here
        case .rejected: return .dropped
        }
    }

    /// The next element, oldest first, or the next one offered; nil once finished (or, with
    /// `endsOnCancel`, once the consuming task is cancelled). The stamp, read before the lock,
    /// becomes `extra` when a waiting element is taken. Called by the one consuming task.
    func next(endsOnCancel: Bool = false) async -> Element? {
        // Without `endsOnCancel` no cancellation handler is installed: the async handler's loop
        // ends through `finish()`, and installing one would cost every element a registration.
        guard endsOnCancel else { return await take() }
        return await withTaskCancellationHandler {
            await take()
        } onCancel: {
            let waiter = state.withLock { state in
                state.consumerCancelled = true
                return state.waiter.take()
            }
            waiter?.resume(returning: nil)
        }
    }

    private func take() async -> Element? {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Element?, Never>) in
            let stamped = stamp?()
            let ready = state.withLock { state -> Element?? in
                if state.isFinished || state.consumerCancelled { return .some(nil) }
                if let element = state.buffer.popFirst() {
                    if let stamped { state.extra = stamped }
                    counters.update(waiting: state.buffer.count)
                    return .some(element)
                }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Refuses further elements, wakes a waiting consumer with nil, and releases what waited,
    /// after the unlock. Idempotent; call it with no lock held.
    func finish() {
        let (waiter, waiting) = state.withLock { state in
            state.isFinished = true
            let waiting = state.buffer.removeAll()
            counters.update(waiting: 0)
            return (state.waiter.take(), waiting)
        }
        waiter?.resume(returning: nil)
        _ = consume waiting  // released here, after the unlock
    }
}

extension HandOffBuffer where Extra == Void {
    convenience init(policy: EventBufferPolicy) {
        self.init(policy: policy, extra: ())
    }
}
