/// An `AsyncSequence` of the events of one type that also reports how many events its buffer
/// dropped. Returned by ``EventBus/eventStream(for:buffering:)`` and
/// ``EventBus/pacedStream(for:every:clock:buffering:)``.
///
/// Iterate it once, from one task, like the `AsyncStream` it wraps. The subscription behind it
/// ends when the consuming task is cancelled or when the stream and its iterators are released;
/// ``cancel()`` ends it early (the iteration then finishes after the buffered events).
public struct EventStream<Event: EventBusEvent>: AsyncSequence, Sendable {
    /// The events, in publish order (less what the buffer dropped).
    public typealias Element = Event
    /// The wrapped stream's iterator.
    public typealias AsyncIterator = AsyncStream<Event>.Iterator

    private let events: AsyncStream<Event>
    private let token: SubscriptionToken
    private let finish: @Sendable () -> Void

    init(events: AsyncStream<Event>, token: SubscriptionToken, finish: @escaping @Sendable () -> Void) {
        self.events = events
        self.token = token
        self.finish = finish
    }

    /// Starts iterating the events.
    public func makeAsyncIterator() -> AsyncStream<Event>.Iterator {
        events.makeAsyncIterator()
    }

    /// How many events the buffer has dropped so far: the stream's own buffer for
    /// ``EventBus/eventStream(for:buffering:)``, the pace's backlog for
    /// ``EventBus/pacedStream(for:every:clock:buffering:)``. Never decreases.
    public var droppedEventCount: Int { token.droppedEventCount }

    /// Events waiting in a paced stream's backlog, not yet taken by the consumer (everything the
    /// paced stream holds); 0 for ``EventBus/eventStream(for:buffering:)``, whose buffer
    /// `AsyncStream` does not count.
    public var waitingEventCount: Int { token.waitingEventCount }

    /// Ends the subscription; events already in the stream's buffer are still delivered, then
    /// the iteration finishes. Idempotent.
    public func cancel() {
        token.cancel()
        finish()
    }
}
