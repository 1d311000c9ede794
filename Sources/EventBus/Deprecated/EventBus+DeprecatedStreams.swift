/// The stream spellings from before the event type had one label (`for:`), and those that took
/// AsyncStream's own buffering policy. Each forwards to its new spelling and behaves exactly as
/// it does. The unlabelled event type has no default here, so `bus.stream()` (the type left to
/// inference) resolves only to the new spelling.
extension EventBus {
    /// Renamed ``stream(for:buffering:)``: one label for the event type.
    @available(*, deprecated, renamed: "stream(for:buffering:)")
    public func stream<Event: EventBusEvent>(
        _ eventType: Event.Type, buffering policy: EventBufferPolicy = .unbounded
    ) -> AsyncStream<Event> {
        stream(for: eventType, buffering: policy)
    }

    /// Renamed ``stream(for:buffering:)``, which takes the bus's one buffer policy type and keeps
    /// every event by default; this spelling's `bufferingPolicy` has no default, so a call
    /// without one already means the new default.
    @available(*, deprecated, renamed: "stream(for:buffering:)")
    public func stream<Event: EventBusEvent>(
        _ eventType: Event.Type = Event.self,
        bufferingPolicy: AsyncStream<Event>.Continuation.BufferingPolicy
    ) -> AsyncStream<Event> {
        stream(for: eventType, buffering: EventBufferPolicy(bufferingPolicy))
    }

    /// Renamed ``eventStream(for:buffering:)``: one label for the event type.
    @available(*, deprecated, renamed: "eventStream(for:buffering:)")
    public func eventStream<Event: EventBusEvent>(
        _ eventType: Event.Type, buffering policy: EventBufferPolicy = .unbounded
    ) -> EventStream<Event> {
        eventStream(for: eventType, buffering: policy)
    }

    /// Renamed ``eventStream(for:buffering:)``, which takes the bus's one buffer policy type and
    /// keeps every event by default; this spelling's `bufferingPolicy` has no default, so a
    /// call without one already means the new default.
    @available(*, deprecated, renamed: "eventStream(for:buffering:)")
    public func eventStream<Event: EventBusEvent>(
        _ eventType: Event.Type = Event.self,
        bufferingPolicy: AsyncStream<Event>.Continuation.BufferingPolicy
    ) -> EventStream<Event> {
        eventStream(for: eventType, buffering: EventBufferPolicy(bufferingPolicy))
    }

    /// Renamed ``pacedStream(for:every:clock:buffering:)``: one label for the event type.
    @available(*, deprecated, renamed: "pacedStream(for:every:clock:buffering:)")
    public func pacedStream<Event: EventBusEvent>(
        _ eventType: Event.Type, every interval: Duration, clock: some Clock<Duration>,
        buffering policy: EventBufferPolicy = .unbounded
    ) -> EventStream<Event> {
        pacedStream(for: eventType, every: interval, clock: clock, buffering: policy)
    }
}
