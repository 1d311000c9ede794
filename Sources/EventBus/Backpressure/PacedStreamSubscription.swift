/// The subscription behind ``EventBus/pacedStream(_:every:clock:buffering:)``: a paced backlog
/// that the stream's consumer pulls from, at most one event per interval.
///
/// Every event the stream holds waits here, in one ``EventBuffer`` under the stream's policy,
/// until the consumer takes it: the stream itself buffers nothing (its iterator asks this
/// subscription for each element). Before, the pace pushed events into an unbounded
/// `AsyncStream`, so a consumer that never read held them all while the waiting count said 0.
///
/// The consumer's `next()` first sleeps on the clock until one interval has passed since the
/// previous hand-over, then takes the oldest waiting event, or waits for the next publish. A
/// publish that finds the consumer waiting hands its event over at once.
final class PacedStreamSubscription<Event: Sendable, PacingClock: Clock<Duration>>:
    Subscription<Event>, @unchecked Sendable
{
    // safe: `state` is only touched under its lock; a continuation is taken out of it before it
    // is resumed, so each is resumed exactly once, after the unlock. The rest is immutable.
    private struct State {
        var buffer: EventBuffer<Event>
        var waiter: UnsafeContinuation<Event?, Never>?
        /// When the consumer may take the next event: one interval after the last hand-over.
        var nextHandOver: PacingClock.Instant?
        var isFinished = false
        /// The consuming task was cancelled while it waited.
        var consumerCancelled = false
    }

    private let state: LockedValue<State>
    private let clock: PacingClock
    private let interval: Duration
    private let counters = BufferCounters()

    init(clock: PacingClock, interval: Duration, policy: EventBufferPolicy) {
        self.clock = clock
        self.interval = interval
        state = LockedValue(State(buffer: EventBuffer(policy: policy)))
        super.init(eventKey: ObjectIdentifier(Event.self))
    }

    override var subscriberName: String { "AsyncStream" }
    override var deliveryKind: SubscriptionInfo.Delivery { .stepping }
    override var bufferCounters: BufferCounters? { counters }

    override func deliver(_ event: Event) -> DeliveryOutcome {
        guard !isCancelled else { return .skipped }
        var handedTo: UnsafeContinuation<Event?, Never>?
        var result = EventBuffer<Event>.AppendResult.queued
        let finished = state.withLock { state -> Bool in
            if state.isFinished { return true }
            if let waiter = state.waiter.take() {
                state.nextHandOver = clock.now.advanced(by: interval)
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

    /// The next event for the consumer, at most one per interval; nil once the subscription
    /// ended or the consuming task was cancelled. Called by the stream's one consumer.
    func next() async -> Event? {
        if let deadline = state.withLock({ $0.nextHandOver }) {
            try? await clock.sleep(until: deadline, tolerance: nil)
        }
        if Task.isCancelled { return nil }
        return await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Event?, Never>) in
                let ready = state.withLock { state -> Event?? in
                    if state.isFinished || state.consumerCancelled { return .some(nil) }
                    if let event = state.buffer.popFirst() {
                        state.nextHandOver = clock.now.advanced(by: interval)
                        counters.update(waiting: state.buffer.count)
                        return .some(event)
                    }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                state.consumerCancelled = true
                return state.waiter.take()
            }
            waiter?.resume(returning: nil)
        }
    }

    /// Ends the stream: the waiting events are released now and a waiting consumer gets nil.
    override func retire() {
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
