extension EventBus {
    /// Returns an `AsyncStream` of the events of `eventType` published from now on.
    ///
    /// The subscription is registered when this method is called, not on the first `next()`,
    /// so no event published after it returns is missed. Events are buffered by
    /// `bufferingPolicy` until the consumer reads them; the default keeps the newest 100.
    /// Observe-all taps see what the buffer drops; ``eventStream(_:bufferingPolicy:)`` also
    /// counts it.
    ///
    /// The subscription ends when the stream terminates: when the consuming task is cancelled,
    /// or when the stream and its iterators are released.
    ///
    /// <!-- sample: compile-only -->
    /// ```swift
    /// for await event in bus.stream(CheckoutDidCompleteEvent.self) {
    ///     await receipts.print(event.orderID)
    /// }
    /// ```
    public func stream<Event: EventBusEvent>(
        _ eventType: Event.Type = Event.self,
        bufferingPolicy: AsyncStream<Event>.Continuation.BufferingPolicy = .bufferingNewest(100)
    ) -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: Event.self, bufferingPolicy: bufferingPolicy)
        let token = register(
            StreamSubscription(continuation: continuation, policy: bufferingPolicy), cancelsOnDeinit: true)
        continuation.onTermination = { _ in token.cancel() }
        return stream
    }
}
