/// The plain synchronous subscriptions, unsubscribing, and registering an entry; the publish path
/// is in `EventBus.swift`, and every other kind of subscription has a file of its own.
extension EventBus {
    /// Subscribes `owner` to events of `eventType`; `handler` gets the owner back, so it never
    /// needs to capture `self`.
    ///
    /// The handler runs synchronously on the publisher's thread, in descending `priority`,
    /// subscription order among equals (see ``EventBus`` and <doc:Priorities>). The bus holds
    /// `owner` weakly: once it is released the handler never runs again, with or without the
    /// token. Each call is a separate subscription.
    ///
    /// ```swift
    /// bus.subscribe(owner: self) { (owner, event: CartDidUpdateEvent) in owner.render(event) }
    /// ```
    ///
    /// > Warning: Don't capture the bus itself in the handler: bus → subscription → handler →
    /// > bus is a cycle that outlives the owner until the bus removes the dead entry, and leaks
    /// > the bus if the app releases it first. Keep the bus on the owner and write
    /// > `owner.bus.publish(…)`, or capture it weakly (see <doc:OwnerBoundSubscriptions>).
    ///
    /// - Returns: A token that cancels this subscription early. Discarding it cancels nothing.
    @inlinable @discardableResult
    public func subscribe<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, for eventType: Event.Type = Event.self, priority: Int = 0,
        handler: @escaping @Sendable (Owner, Event) -> Void
    ) -> SubscriptionToken {
        // Inlined so that the entry's generic class is named in the caller's specialized code,
        // whose metadata accessor caches it (decision record 0074 in docs/decisions).
        register(OwnedSubscription(owner: owner, once: false, priority: priority, handler: handler))
    }

    /// Subscribes an owner typed `AnyObject` (an owner held in a `[AnyObject]`, a delegate
    /// property, a plugin registry); the handler gets it back as `AnyObject`.
    ///
    /// The same ordering, threading and lifetime as the generic variant: synchronous on the
    /// publisher's thread, descending `priority`, owner held weakly, introspection shows the
    /// owner's dynamic type. It exists because a compiler bug crashes ("Invalid conformance in
    /// type-checked AST") a call that passes an `AnyObject`-typed value to the generic
    /// `Owner: AnyObject` parameter together with an `(Owner, Event)` closure; with this
    /// overload such calls pick it and compile. Which compilers need it: Swift 6.3.1 crashes
    /// (reproduced without this library). No fixed release is known and no public report of
    /// this trigger was found; `scripts/probe-anyobject-owner-crash.sh`, run by every job of
    /// the CI's Swift matrix (from the 6.2 floor to the latest release and the nightly), says
    /// for each compiler whether it crashes. For the other kinds (executor, once, stepping,
    /// …) pass the owner with its concrete type, or use a handler that takes only the event
    /// (see <doc:OwnerBoundSubscriptions>).
    ///
    /// ```swift
    /// let plugins: [AnyObject] = [uploader, viewModel]
    /// for plugin in plugins {
    ///     bus.subscribe(owner: plugin) { (plugin, event: CartDidUpdateEvent) in print(type(of: plugin)) }
    /// }
    /// ```
    ///
    /// - Returns: A token that cancels this subscription early. Discarding it cancels nothing.
    @discardableResult
    public func subscribe<Event: EventBusEvent>(
        owner: AnyObject, for eventType: Event.Type = Event.self, priority: Int = 0,
        handler: @escaping @Sendable (AnyObject, Event) -> Void
    ) -> SubscriptionToken {
        register(
            OwnedSubscription<AnyObject, Event>(
                owner: owner, once: false, priority: priority, handler: handler))
    }

    /// Subscribes to events of `eventType` for as long as `owner` lives, with a handler that
    /// only takes the event.
    ///
    /// Same ordering, threading and lifetime as the variant whose handler also takes the owner:
    /// synchronous on the publisher's thread, in descending `priority`, owner held weakly.
    ///
    /// - Returns: A token that cancels this subscription early. Discarding it cancels nothing.
    @inlinable @discardableResult
    public func subscribe<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, for eventType: Event.Type = Event.self, priority: Int = 0,
        handler: @escaping @Sendable (Event) -> Void
    ) -> SubscriptionToken {
        register(OwnedEventSubscription(owner: owner, priority: priority, handler: handler))
    }

    /// Subscribes to events of `eventType` without an owner: the returned token is the only
    /// thing that keeps the subscription alive.
    ///
    /// This is the cheapest kind of subscription (no weak load per event). The handler runs
    /// synchronously on the publisher's thread, in descending `priority`, subscription order
    /// among equals. Keep the token (or store it in a ``SubscriptionBag``): releasing it
    /// cancels the subscription.
    ///
    /// - Returns: A token that must be kept; its release cancels the subscription.
    @inlinable
    public func subscribe<Event: EventBusEvent>(
        for eventType: Event.Type = Event.self, priority: Int = 0,
        handler: @escaping @Sendable (Event) -> Void
    ) -> SubscriptionToken {
        register(OwnerlessSubscription(priority: priority, handler: handler), cancelsOnDeinit: true)
    }

    /// Ends `owner`'s subscriptions to `eventType`, whichever method created them.
    ///
    /// Thread-safe. The same guarantee as ``SubscriptionToken/cancel()`` holds for each of them
    /// once this returns. Subscriptions of other owners or other types are untouched.
    public func unsubscribe<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, for eventType: Event.Type = Event.self
    ) {
        store.removeAll(ownedBy: owner, eventKey: ObjectIdentifier(eventType))
    }

    /// Ends every subscription of `owner`, of every event type, protocol subscriptions included.
    ///
    /// Thread-safe. The same guarantee as ``SubscriptionToken/cancel()`` holds for each of them
    /// once this returns. Its cost grows with the number of subscriptions `owner` has, not with
    /// the number of event types on the bus: the bus keeps an index of owner-bound entries.
    public func unsubscribeAll(owner: AnyObject) {
        store.removeAll(ownedBy: owner, eventKey: nil)
        protocols.removeAll(ownedBy: owner)
    }

    @usableFromInline
    func register(_ subscription: AnySubscription, cancelsOnDeinit: Bool = false) -> SubscriptionToken {
        store.add(subscription)
        return SubscriptionToken(subscription: subscription, store: store, cancelsOnDeinit: cancelsOnDeinit)
    }
}
