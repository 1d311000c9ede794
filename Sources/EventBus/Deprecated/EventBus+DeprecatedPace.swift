/// The `subscribePaced` spellings from before the event type had one label (`for:`). Each
/// forwards to its new spelling and behaves exactly as it does; the event-type parameter has
/// no default here, so a call that leaves the type to inference resolves only to the new
/// spelling.
extension EventBus {
    /// Renamed ``subscribePaced(owner:for:every:clock:priority:buffering:handler:)``: one label for the event type.
    @available(*, deprecated, renamed: "subscribePaced(owner:for:every:clock:priority:buffering:handler:)")
    @discardableResult
    public func subscribePaced<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, to eventType: Event.Type, every interval: Duration, clock: some Clock<Duration>,
        priority: Int = 0, buffering policy: EventBufferPolicy = .unbounded,
        handler: @escaping @Sendable (Owner, Event) -> Void
    ) -> SubscriptionToken {
        subscribePaced(
            owner: owner, for: eventType, every: interval, clock: clock, priority: priority,
            buffering: policy,
            handler: handler)
    }

    /// Renamed ``subscribePaced(owner:for:every:clock:on:priority:buffering:handler:)``: one label for the event type.
    @available(*, deprecated, renamed: "subscribePaced(owner:for:every:clock:on:priority:buffering:handler:)")
    @discardableResult
    public func subscribePaced<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, to eventType: Event.Type, every interval: Duration, clock: some Clock<Duration>,
        on executor: some EventBusExecutor, priority: Int = 0,
        buffering policy: EventBufferPolicy = .unbounded,
        handler: @escaping @Sendable (Owner, Event) -> Void
    ) -> SubscriptionToken {
        subscribePaced(
            owner: owner, for: eventType, every: interval, clock: clock, on: executor, priority: priority,
            buffering: policy, handler: handler)
    }

    /// Renamed ``subscribePaced(for:every:clock:priority:buffering:handler:)``: one label for the event type.
    @available(*, deprecated, renamed: "subscribePaced(for:every:clock:priority:buffering:handler:)")
    public func subscribePaced<Event: EventBusEvent>(
        to eventType: Event.Type, every interval: Duration, clock: some Clock<Duration>, priority: Int = 0,
        buffering policy: EventBufferPolicy = .unbounded, handler: @escaping @Sendable (Event) -> Void
    ) -> SubscriptionToken {
        subscribePaced(
            for: eventType, every: interval, clock: clock, priority: priority, buffering: policy,
            handler: handler)
    }

    /// Renamed ``subscribePaced(for:every:clock:on:priority:buffering:handler:)``: one label for the event type.
    @available(*, deprecated, renamed: "subscribePaced(for:every:clock:on:priority:buffering:handler:)")
    public func subscribePaced<Event: EventBusEvent>(
        to eventType: Event.Type, every interval: Duration, clock: some Clock<Duration>,
        on executor: some EventBusExecutor, priority: Int = 0,
        buffering policy: EventBufferPolicy = .unbounded,
        handler: @escaping @Sendable (Event) -> Void
    ) -> SubscriptionToken {
        subscribePaced(
            for: eventType, every: interval, clock: clock, on: executor, priority: priority,
            buffering: policy,
            handler: handler)
    }
}
