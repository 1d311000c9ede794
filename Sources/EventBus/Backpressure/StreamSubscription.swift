/// The subscription behind a stream: yields each event into an `AsyncStream` continuation and
/// turns the stream buffer's answer into a delivery outcome, so drops are counted and shown to
/// observe-all taps like any other buffer's.
final class StreamSubscription<Event: Sendable>: Subscription<Event> {
    // Sendable (see the list in Subscription.swift): `continuation` is Sendable and immutable; the count is
    // atomic.
    private let continuation: AsyncStream<Event>.Continuation
    private let keepsNewest: Bool
    private let counters = BufferCounters()

    init(
        continuation: AsyncStream<Event>.Continuation, policy: AsyncStream<Event>.Continuation.BufferingPolicy
    ) {
        self.continuation = continuation
        if case .bufferingNewest = policy { keepsNewest = true } else { keepsNewest = false }
        super.init(eventKey: ObjectIdentifier(Event.self))
    }

    override var subscriberName: String { "AsyncStream" }

    override var deliveryKind: SubscriptionInfo.Delivery { .stream }

    override var bufferCounters: BufferCounters? { counters }

    override func deliver(_ event: Event) -> DeliveryOutcome {
        guard !isCancelled else { return .skipped }
        return continuation.yield(event).deliveryOutcome(keepingNewest: keepsNewest, counters: counters)
    }
}

extension AsyncStream.Continuation.YieldResult {
    /// What a publish reports for an event yielded into a stream's buffer (a stream's or an
    /// async handler's); a drop is counted in `counters`. `keepsNewest`: the buffer policy is
    /// `bufferingNewest`, which drops the oldest buffered element to make room for this one;
    /// `bufferingOldest` drops this one.
    func deliveryOutcome(keepingNewest keepsNewest: Bool, counters: BufferCounters) -> DeliveryOutcome {
        switch self {
        case .enqueued:
            return .delivered
        case .dropped:
            counters.countDrop()
            return keepsNewest ? .deliveredDroppingOlder : .dropped
        case .terminated:
            return .skipped
        @unknown default:
            return .delivered
        }
    }
}
