extension EventBus {
    /// Returns a stream of the events of `eventType` published from now on, which counts what
    /// its buffer drops.
    ///
    /// The same stream as ``stream(for:buffering:)``: registered when this method is called,
    /// buffered as `policy` allows (every event by default), ended when the consuming task is
    /// cancelled or the stream is released. Each drop a bound makes is counted in
    /// ``EventStream/droppedEventCount`` (and the subscription's
    /// ``SubscriptionInfo/droppedEventCount``) and shown to observe-all taps in
    /// ``PublishRecord/droppingRecipients``.
    ///
    /// <!-- sample: compile-only -->
    /// ```swift
    /// let ticks = bus.eventStream(for: PriceTick.self, buffering: .keepNewest(10))
    /// for await tick in ticks { await chart.plot(tick); print("dropped so far:", ticks.droppedEventCount) }
    /// ```
    public func eventStream<Event: EventBusEvent>(
        for eventType: Event.Type = Event.self, buffering policy: EventBufferPolicy = .unbounded
    ) -> EventStream<Event> {
        let made = makeStream(of: Event.self, buffering: policy) { register($0, cancelsOnDeinit: true) }
        return EventStream(events: made.stream, token: made.token) { made.continuation.finish() }
    }

    /// Returns a stream of the events of `eventType` published from now on, at most one per
    /// `interval` on `clock`.
    ///
    /// Pacing as in ``subscribePaced(owner:for:every:clock:priority:buffering:handler:)``: an event
    /// after an idle period is yielded at once, later ones one interval apart, in publish order.
    /// The stream pulls: each event waits in the pace's backlog until the consumer asks for it,
    /// and the consumer's next request waits until one interval has passed since it took the
    /// previous event. So everything the stream holds is in that backlog, bounded by `policy`
    /// and counted exactly (``EventStream/waitingEventCount``, ``EventStream/droppedEventCount``),
    /// however slowly the consumer reads.
    ///
    /// The subscription ends when the consuming task is cancelled, when the stream and its
    /// iterators are released, or on ``EventStream/cancel()``, which also releases the backlog.
    public func pacedStream<Event: EventBusEvent>(
        for eventType: Event.Type = Event.self, every interval: Duration, clock: some Clock<Duration>,
        buffering policy: EventBufferPolicy = .unbounded
    ) -> EventStream<Event> {
        let source = PacedStreamSubscription<Event, _>(clock: clock, interval: interval, policy: policy)
        let token = register(source, cancelsOnDeinit: true)
        // The iterator keeps the token (and so the subscription) for as long as it iterates.
        let stream = AsyncStream<Event>(
            unfolding: {
                defer { withExtendedLifetime(token) {} }
                return await source.next()
            },
            onCancel: { token.cancel() })
        return EventStream(events: stream, token: token) { token.cancel() }
    }
}
