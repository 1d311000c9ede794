extension EventBus {
    /// Returns a stream of the events of `eventType` published from now on, which counts what
    /// its buffer drops.
    ///
    /// The same stream as ``stream(_:bufferingPolicy:)``: registered when this method is
    /// called, buffered by `bufferingPolicy` (the newest 100 by default), ended when the
    /// consuming task is cancelled or the stream is released. `AsyncStream` reports each drop
    /// to the bus, which counts it in ``EventStream/droppedEventCount`` and shows it to
    /// observe-all taps in ``PublishRecord/droppingRecipients``.
    ///
    /// <!-- sample: compile-only -->
    /// ```swift
    /// let ticks = bus.eventStream(PriceTick.self, bufferingPolicy: .bufferingNewest(10))
    /// for await tick in ticks { await chart.plot(tick); print("dropped so far:", ticks.droppedEventCount) }
    /// ```
    public func eventStream<Event: EventBusEvent>(
        _ eventType: Event.Type = Event.self,
        bufferingPolicy: AsyncStream<Event>.Continuation.BufferingPolicy = .bufferingNewest(100)
    ) -> EventStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: bufferingPolicy)
        let token = register(
            StreamSubscription(continuation: continuation, policy: bufferingPolicy), cancelsOnDeinit: true)
        continuation.onTermination = { _ in token.cancel() }
        return EventStream(events: stream, token: token) { continuation.finish() }
    }

    /// Returns a stream of the events of `eventType` published from now on, at most one per
    /// `interval` on `clock`.
    ///
    /// Pacing as in ``subscribePaced(owner:to:every:clock:priority:buffering:handler:)``: an event after
    /// an idle period is yielded at once, later ones one interval apart, in publish order.
    /// Events wait in the pace's backlog, bounded by `policy`
    /// (``EventStream/waitingEventCount``, ``EventStream/droppedEventCount``), not in the
    /// stream; a consumer slower than the pace still accumulates them in the stream's buffer.
    ///
    /// The subscription ends when the consuming task is cancelled or the stream and its
    /// iterators are released.
    public func pacedStream<Event: EventBusEvent>(
        _ eventType: Event.Type = Event.self, every interval: Duration, clock: some Clock<Duration>,
        buffering policy: EventBufferPolicy = .unbounded
    ) -> EventStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        // Stepping subscriptions are owner-bound; the stream's termination handler keeps this
        // anchor alive for exactly as long as the stream.
        let anchor = StreamAnchor()
        let token = subscribePaced(
            owner: anchor, to: eventType, every: interval, clock: clock, buffering: policy
        ) {
            _, event in
            continuation.yield(event)
        }
        continuation.onTermination = { _ in
            withExtendedLifetime(anchor) { token.cancel() }
        }
        return EventStream(events: stream, token: token) { continuation.finish() }
    }
}

/// The owner of a paced stream's subscription; its only job is to be alive while the stream is.
private final class StreamAnchor: Sendable {}
