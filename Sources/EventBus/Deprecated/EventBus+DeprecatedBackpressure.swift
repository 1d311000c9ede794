/// The queued spellings (`subscribeAsync`, bounded mailboxes, `subscribeStepping`,
/// `subscribePaced`) from before the event type had one label (`for:`). Each forwards to its
/// new spelling and behaves exactly as it does; the event-type parameter has no default here,
/// so a call that leaves the type to inference resolves only to the new spelling.
extension EventBus {
    /// Renamed ``subscribeAsync(owner:for:on:priority:buffering:handler:)``: one label for the event type.
    @available(*, deprecated, renamed: "subscribeAsync(owner:for:on:priority:buffering:handler:)")
    @discardableResult
    public func subscribeAsync<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, to eventType: Event.Type, on executor: (any TaskExecutor)? = nil, priority: Int = 0,
        buffering policy: EventBufferPolicy = .unbounded,
        handler: @escaping @Sendable (Owner, Event) async throws -> Void
    ) -> SubscriptionToken {
        subscribeAsync(
            owner: owner, for: eventType, on: executor, priority: priority, buffering: policy,
            handler: handler)
    }

    /// Renamed ``subscribeAsync(for:on:priority:buffering:handler:)``: one label for the event type.
    @available(*, deprecated, renamed: "subscribeAsync(for:on:priority:buffering:handler:)")
    public func subscribeAsync<Event: EventBusEvent>(
        to eventType: Event.Type, on executor: (any TaskExecutor)? = nil, priority: Int = 0,
        buffering policy: EventBufferPolicy = .unbounded,
        handler: @escaping @Sendable (Event) async throws -> Void
    ) -> SubscriptionToken {
        subscribeAsync(for: eventType, on: executor, priority: priority, buffering: policy, handler: handler)
    }

    /// Renamed ``subscribe(owner:for:on:priority:buffering:handler:)-1uqz4``: one label for the event type.
    @available(*, deprecated, renamed: "subscribe(owner:for:on:priority:buffering:handler:)")
    @discardableResult
    public func subscribe<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, to eventType: Event.Type, on executor: some EventBusExecutor, priority: Int = 0,
        buffering policy: EventBufferPolicy, handler: @escaping @Sendable (Owner, Event) -> Void
    ) -> SubscriptionToken {
        subscribe(
            owner: owner, for: eventType, on: executor, priority: priority, buffering: policy,
            handler: handler)
    }

    /// Renamed ``subscribeStepping(owner:for:priority:buffering:handler:)``: one label for the event type.
    @available(*, deprecated, renamed: "subscribeStepping(owner:for:priority:buffering:handler:)")
    @discardableResult
    public func subscribeStepping<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, to eventType: Event.Type, priority: Int = 0, buffering policy: EventBufferPolicy,
        handler: @escaping @Sendable (Owner, Event, StepPromise) -> Void
    ) -> SubscriptionToken {
        subscribeStepping(
            owner: owner, for: eventType, priority: priority, buffering: policy, handler: handler)
    }

    /// Renamed ``subscribeStepping(owner:for:on:priority:buffering:handler:)``: one label for the event type.
    @available(*, deprecated, renamed: "subscribeStepping(owner:for:on:priority:buffering:handler:)")
    @discardableResult
    public func subscribeStepping<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, to eventType: Event.Type, on executor: some EventBusExecutor, priority: Int = 0,
        buffering policy: EventBufferPolicy, handler: @escaping @Sendable (Owner, Event, StepPromise) -> Void
    ) -> SubscriptionToken {
        subscribeStepping(
            owner: owner, for: eventType, on: executor, priority: priority, buffering: policy,
            handler: handler)
    }

    /// Renamed ``subscribeStepping(for:priority:buffering:handler:)``: one label for the event type.
    @available(*, deprecated, renamed: "subscribeStepping(for:priority:buffering:handler:)")
    public func subscribeStepping<Event: EventBusEvent>(
        to eventType: Event.Type, priority: Int = 0, buffering policy: EventBufferPolicy,
        handler: @escaping @Sendable (Event, StepPromise) -> Void
    ) -> SubscriptionToken {
        subscribeStepping(for: eventType, priority: priority, buffering: policy, handler: handler)
    }

    /// Renamed ``subscribeStepping(for:on:priority:buffering:handler:)``: one label for the event type.
    @available(*, deprecated, renamed: "subscribeStepping(for:on:priority:buffering:handler:)")
    public func subscribeStepping<Event: EventBusEvent>(
        to eventType: Event.Type, on executor: some EventBusExecutor, priority: Int = 0,
        buffering policy: EventBufferPolicy, handler: @escaping @Sendable (Event, StepPromise) -> Void
    ) -> SubscriptionToken {
        subscribeStepping(
            for: eventType, on: executor, priority: priority, buffering: policy, handler: handler)
    }
}
