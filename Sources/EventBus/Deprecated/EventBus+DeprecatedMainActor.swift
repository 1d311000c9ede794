/// `subscribeOnMain`, every overload: main-actor delivery has one spelling now,
/// `subscribe(owner:for:on: .mainActor) { … }` with a main-actor handler (the same for
/// `conformingTo:` and for a state query's `subscribe(owner:on: .mainActor)`).
///
/// Each forwards to that spelling with `.mainActor` and behaves exactly as before: queued,
/// in publish order, on the bus's one main-actor queue. The attribute gives a message rather
/// than `renamed:`, since the new spelling adds an argument (`on: .mainActor`) that a rename
/// fix-it cannot write. The `to:` overloads have no default for the event type, so a call that
/// leaves the type to inference resolves only to the `for:` ones.
extension EventBus {
    /// Replaced by ``subscribe(owner:for:on:priority:buffering:handler:)-(_,_,MainActorExecutor,_,_,_)``
    /// with `.mainActor`.
    @available(*, deprecated, message: "use subscribe(owner:for:on: .mainActor) { … }")
    @MainActor
    @discardableResult
    public func subscribeOnMain<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, for eventType: Event.Type = Event.self, priority: Int = 0,
        handler: @escaping @MainActor (Owner, Event) -> Void
    ) -> SubscriptionToken {
        subscribe(owner: owner, for: eventType, on: .mainActor, priority: priority, handler: handler)
    }

    /// Replaced by ``subscribe(owner:for:on:priority:buffering:handler:)-(_,_,MainActorExecutor,_,_,_)``
    /// with `.mainActor`.
    @available(*, deprecated, message: "use subscribe(owner:for:on: .mainActor, buffering:) { … }")
    @MainActor
    @discardableResult
    public func subscribeOnMain<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, for eventType: Event.Type = Event.self, priority: Int = 0,
        buffering policy: EventBufferPolicy, handler: @escaping @MainActor (Owner, Event) -> Void
    ) -> SubscriptionToken {
        subscribe(
            owner: owner, for: eventType, on: .mainActor, priority: priority, buffering: policy,
            handler: handler)
    }

    /// Replaced by ``subscribe(owner:for:on:priority:buffering:handler:)-(_,_,MainActorExecutor,_,_,_)``
    /// with `.mainActor`.
    @available(*, deprecated, message: "use subscribe(owner:for:on: .mainActor) { … }")
    @MainActor
    @discardableResult
    public func subscribeOnMain<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, to eventType: Event.Type, priority: Int = 0,
        handler: @escaping @MainActor (Owner, Event) -> Void
    ) -> SubscriptionToken {
        subscribe(owner: owner, for: eventType, on: .mainActor, priority: priority, handler: handler)
    }

    /// Replaced by ``subscribe(owner:for:on:priority:buffering:handler:)-(_,_,MainActorExecutor,_,_,_)``
    /// with `.mainActor`.
    @available(*, deprecated, message: "use subscribe(owner:for:on: .mainActor, buffering:) { … }")
    @MainActor
    @discardableResult
    public func subscribeOnMain<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, to eventType: Event.Type, priority: Int = 0,
        buffering policy: EventBufferPolicy, handler: @escaping @MainActor (Owner, Event) -> Void
    ) -> SubscriptionToken {
        subscribe(
            owner: owner, for: eventType, on: .mainActor, priority: priority, buffering: policy,
            handler: handler)
    }

    /// Replaced by ``subscribe(owner:conformingTo:on:priority:handler:)-(_,_,MainActorExecutor,_,_)``
    /// with `.mainActor`.
    @available(*, deprecated, message: "use subscribe(owner:conformingTo:on: .mainActor) { … }")
    @MainActor
    @discardableResult
    public func subscribeOnMain<Owner: AnyObject, Existential: Sendable>(
        owner: Owner, conformingTo protocolType: Existential.Type, priority: Int = 0,
        handler: @escaping @MainActor (Owner, Existential) -> Void
    ) -> SubscriptionToken {
        subscribe(
            owner: owner, conformingTo: protocolType, on: .mainActor, priority: priority, handler: handler)
    }
}

extension StateQuery {
    /// Replaced by ``subscribe(owner:on:handler:)-(_,MainActorExecutor,_)`` with `.mainActor`.
    @available(*, deprecated, message: "use subscribe(owner:on: .mainActor) { … }")
    @MainActor
    @discardableResult
    public func subscribeOnMain<Owner: AnyObject>(
        owner: Owner, handler: @escaping @MainActor (Owner, Output) -> Void
    ) -> SubscriptionToken {
        subscribe(owner: owner, on: .mainActor, handler: handler)
    }
}
