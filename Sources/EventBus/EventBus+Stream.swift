extension EventBus {
    /// Returns an `AsyncStream` of the events of `eventType` published from now on.
    ///
    /// The subscription is registered when this method is called, not on the first `next()`,
    /// so no event published after it returns is missed. Events wait in the stream's buffer, in
    /// publish order, until the consumer reads them; `policy` bounds that buffer as it bounds
    /// every other buffer on the bus. The default keeps every event: none is dropped unless
    /// you ask for a bound. What a bound drops is counted in the subscription's
    /// ``SubscriptionInfo/droppedEventCount`` (``subscriptionSnapshot()``) and shown to
    /// observe-all taps; ``eventStream(for:buffering:)`` also counts it on the stream.
    ///
    /// The subscription ends when the stream terminates: when the consuming task is cancelled,
    /// or when the stream and its iterators are released.
    ///
    /// <!-- sample: compile-only -->
    /// ```swift
    /// for await event in bus.stream(for: CheckoutDidCompleteEvent.self) {
    ///     await receipts.print(event.orderID)
    /// }
    /// ```
    public func stream<Event: EventBusEvent>(
        for eventType: Event.Type = Event.self, buffering policy: EventBufferPolicy = .unbounded
    ) -> AsyncStream<Event> {
        makeStream(of: Event.self, buffering: policy) { register($0, cancelsOnDeinit: true) }.stream
    }
}

/// Builds the `AsyncStream` of a stream subscription bounded by `policy` and registers its
/// entry with `register`: the stream, its continuation (to finish it early) and the token.
func makeStream<Element: Sendable>(
    of element: Element.Type, buffering policy: EventBufferPolicy,
    register: (StreamSubscription<Element>) -> SubscriptionToken
) -> (stream: AsyncStream<Element>, continuation: AsyncStream<Element>.Continuation, token: SubscriptionToken)
{
    let bufferingPolicy = policy.asyncStreamPolicy(of: Element.self)
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: bufferingPolicy)
    let token = register(StreamSubscription(continuation: continuation, policy: bufferingPolicy))
    continuation.onTermination = { _ in token.cancel() }
    return (stream, continuation, token)
}

extension EventBufferPolicy {
    /// The same bound for an `AsyncStream`'s own buffer.
    func asyncStreamPolicy<Element>(of element: Element.Type)
        -> AsyncStream<Element>.Continuation.BufferingPolicy
    {
        switch self {
        case .unbounded: .unbounded
        case .keepNewest: .bufferingNewest(limit ?? 0)
        case .keepOldest: .bufferingOldest(limit ?? 0)
        }
    }

    /// The policy an `AsyncStream` buffering policy stands for (for the deprecated spellings).
    init<Element>(_ policy: AsyncStream<Element>.Continuation.BufferingPolicy) {
        switch policy {
        case .bufferingNewest(let limit): self = .keepNewest(limit)
        case .bufferingOldest(let limit): self = .keepOldest(limit)
        default: self = .unbounded
        }
    }
}
