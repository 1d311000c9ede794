/// The synchronous `subscribe`, `subscribeOnce`, executor `subscribe` and `unsubscribe` spellings
/// from before the event type had one label (`for:`) and the owner one (`owner:`).
///
/// Each forwards to its new spelling and behaves exactly as it does. The event-type parameter
/// has no default here, so a call that leaves the type to inference (the common one) resolves
/// only to the new spelling; only a call that writes the old label picks these.
extension EventBus {
    /// Renamed ``subscribe(owner:for:priority:handler:)-8keqv``: one label for the event type.
    @available(*, deprecated, renamed: "subscribe(owner:for:priority:handler:)")
    @discardableResult
    public func subscribe<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, to eventType: Event.Type, priority: Int = 0,
        handler: @escaping @Sendable (Owner, Event) -> Void
    ) -> SubscriptionToken {
        subscribe(owner: owner, for: eventType, priority: priority, handler: handler)
    }

    /// Renamed ``subscribe(owner:for:priority:handler:)-(AnyObject,_,_,_)``: one label for the event type.
    @available(*, deprecated, renamed: "subscribe(owner:for:priority:handler:)")
    @discardableResult
    public func subscribe<Event: EventBusEvent>(
        owner: AnyObject, to eventType: Event.Type, priority: Int = 0,
        handler: @escaping @Sendable (AnyObject, Event) -> Void
    ) -> SubscriptionToken {
        // Registers directly: forwarding an `AnyObject` owner with an `(Owner, Event)` handler
        // is the call shape that crashes the compiler (see the new spelling's documentation).
        register(
            OwnedSubscription<AnyObject, Event>(
                owner: owner, once: false, priority: priority, handler: handler))
    }

    /// Renamed ``subscribe(owner:for:priority:handler:)-(_,_,_,(Event)->Void)``: one label for the event type.
    @available(*, deprecated, renamed: "subscribe(owner:for:priority:handler:)")
    @discardableResult
    public func subscribe<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, to eventType: Event.Type, priority: Int = 0,
        handler: @escaping @Sendable (Event) -> Void
    ) -> SubscriptionToken {
        subscribe(owner: owner, for: eventType, priority: priority, handler: handler)
    }

    /// Renamed ``subscribe(for:priority:handler:)-8vm99``: one label for the event type.
    @available(*, deprecated, renamed: "subscribe(for:priority:handler:)")
    public func subscribe<Event: EventBusEvent>(
        to eventType: Event.Type, priority: Int = 0,
        handler: @escaping @Sendable (Event) -> Void
    ) -> SubscriptionToken {
        subscribe(for: eventType, priority: priority, handler: handler)
    }

    /// Renamed ``subscribeOnce(owner:for:priority:handler:)``: one label for the event type.
    @available(*, deprecated, renamed: "subscribeOnce(owner:for:priority:handler:)")
    @discardableResult
    public func subscribeOnce<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, to eventType: Event.Type, priority: Int = 0,
        handler: @escaping @Sendable (Owner, Event) -> Void
    ) -> SubscriptionToken {
        subscribeOnce(owner: owner, for: eventType, priority: priority, handler: handler)
    }

    /// Renamed ``subscribe(owner:for:on:priority:buffering:handler:)-1uqz4``: one label for the event type.
    @available(*, deprecated, renamed: "subscribe(owner:for:on:priority:handler:)")
    @discardableResult
    public func subscribe<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, to eventType: Event.Type, on executor: some EventBusExecutor, priority: Int = 0,
        handler: @escaping @Sendable (Owner, Event) -> Void
    ) -> SubscriptionToken {
        subscribe(owner: owner, for: eventType, on: executor, priority: priority, handler: handler)
    }

    /// Renamed ``unsubscribe(owner:for:)``: one label for the event type.
    @available(*, deprecated, renamed: "unsubscribe(owner:for:)")
    public func unsubscribe<Owner: AnyObject, Event: EventBusEvent>(owner: Owner, from eventType: Event.Type)
    {
        unsubscribe(owner: owner, for: eventType)
    }

    /// Renamed ``unsubscribeAll(owner:)``: one label for the owner.
    @available(*, deprecated, renamed: "unsubscribeAll(owner:)")
    public func unsubscribeAll(for owner: AnyObject) {
        unsubscribeAll(owner: owner)
    }
}
