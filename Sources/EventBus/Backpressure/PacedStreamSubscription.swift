/// The subscription behind ``EventBus/pacedStream(for:every:clock:buffering:)``: a paced backlog
/// that the stream's consumer pulls from, at most one event per interval.
///
/// Every event the stream holds waits here, in one ``HandOffBuffer`` under the stream's policy,
/// until the consumer takes it: the stream itself buffers nothing (its iterator asks this
/// subscription for each element). Before, the pace pushed events into an unbounded
/// `AsyncStream`, so a consumer that never read held them all while the waiting count said 0.
///
/// The consumer's `next()` first sleeps on the clock until one interval has passed since the
/// previous hand-over, then takes the oldest waiting event, or waits for the next publish. A
/// publish that finds the consumer waiting hands its event over at once.
final class PacedStreamSubscription<Event: Sendable, PacingClock: Clock<Duration>>:
    Subscription<Event>
{
    // Sendable (see the list in Subscription.swift): every stored property is immutable and Sendable; the
    // hand-off has its own lock.
    /// The backlog and the consumer's wait. Its extra state is when the consumer may take the
    /// next event: one interval after the last hand-over, stored under the hand-off's lock.
    private let handOff: HandOffBuffer<Event, PacingClock.Instant?>
    private let clock: PacingClock
    private let interval: Duration

    init(clock: PacingClock, interval: Duration, policy: EventBufferPolicy) {
        self.clock = clock
        self.interval = interval
        // Each hand-over starts the next interval: the consumer waits a full one after it. The
        // user's clock is read before the hand-off's lock, never under it (its `now` may block
        // or publish); the instant it gives is kept only by an offer or take that hands over.
        handOff = HandOffBuffer(policy: policy, extra: nil) { [clock] in
            clock.now.advanced(by: interval)
        }
        super.init(eventKey: ObjectIdentifier(Event.self))
    }

    override var subscriberName: String { "AsyncStream" }
    override var deliveryKind: SubscriptionInfo.Delivery { .stepping }
    override var bufferCounters: BufferCounters? { handOff.counters }

    override func deliver(_ event: Event) -> DeliveryOutcome {
        guard !isCancelled else { return .skipped }
        return handOff.offer(event)
    }

    /// The next event for the consumer, at most one per interval; nil once the subscription
    /// ended or the consuming task was cancelled. Called by the stream's one consumer.
    func next() async -> Event? {
        if let deadline = handOff.extra {
            try? await clock.sleep(until: deadline, tolerance: nil)
        }
        if Task.isCancelled { return nil }
        return await handOff.next(endsOnCancel: true)
    }

    /// Ends the stream: the waiting events are released now and a waiting consumer gets nil.
    override func retire() {
        handOff.finish()
    }
}
