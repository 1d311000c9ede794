/// The throwing `subscribe` and the `intercept` spellings from before the event type had one
/// label (`for:`). Each forwards to its new spelling and behaves exactly as it does; the
/// event-type parameter has no default here, so a call that leaves the type to inference
/// resolves only to the new spelling.
extension EventBus {
    /// Renamed ``subscribe(owner:for:priority:handler:)-1fq94``: one label for the event type.
    @available(*, deprecated, renamed: "subscribe(owner:for:priority:handler:)")
    @discardableResult
    public func subscribe<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, to eventType: Event.Type, priority: Int = 0,
        handler: @escaping @Sendable (Owner, Event) throws -> Void
    ) -> SubscriptionToken {
        subscribe(owner: owner, for: eventType, priority: priority, handler: handler)
    }

    /// Renamed ``subscribe(for:priority:handler:)-15vkm``: one label for the event type.
    @available(*, deprecated, renamed: "subscribe(for:priority:handler:)")
    public func subscribe<Event: EventBusEvent>(
        to eventType: Event.Type, priority: Int = 0,
        handler: @escaping @Sendable (Event) throws -> Void
    ) -> SubscriptionToken {
        subscribe(for: eventType, priority: priority, handler: handler)
    }

    /// Renamed ``subscribe(owner:for:on:priority:buffering:handler:)-3pz8i``: one label for the event type.
    @available(*, deprecated, renamed: "subscribe(owner:for:on:priority:handler:)")
    @discardableResult
    public func subscribe<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, to eventType: Event.Type, on executor: some EventBusExecutor, priority: Int = 0,
        handler: @escaping @Sendable (Owner, Event) throws -> Void
    ) -> SubscriptionToken {
        subscribe(owner: owner, for: eventType, on: executor, priority: priority, handler: handler)
    }

    /// Renamed ``intercept(owner:for:priority:handler:)``: one label for the event type.
    @available(*, deprecated, renamed: "intercept(owner:for:priority:handler:)")
    @discardableResult
    public func intercept<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, to eventType: Event.Type, priority: Int = 0,
        handler: @escaping @Sendable (Owner, Event) throws -> Propagation
    ) -> SubscriptionToken {
        intercept(owner: owner, for: eventType, priority: priority, handler: handler)
    }

    /// Renamed ``intercept(for:priority:handler:)``: one label for the event type.
    @available(*, deprecated, renamed: "intercept(for:priority:handler:)")
    public func intercept<Event: EventBusEvent>(
        to eventType: Event.Type, priority: Int = 0,
        handler: @escaping @Sendable (Event) throws -> Propagation
    ) -> SubscriptionToken {
        intercept(for: eventType, priority: priority, handler: handler)
    }
}
