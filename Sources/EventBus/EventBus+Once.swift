extension EventBus {
    /// Subscribes `owner` to the next event of `eventType` only.
    ///
    /// The handler runs synchronously on the publisher's thread, at most once, even when many
    /// threads publish at the same time: if two publishes race, exactly one runs the handler.
    /// The subscription then removes itself and its token reports ``SubscriptionToken/isFinished``.
    /// The owner is held weakly; if it is released first, the handler never runs. `priority`
    /// places it among the type's other synchronous subscriptions (higher runs earlier).
    ///
    /// ```swift
    /// bus.subscribeOnce(owner: self) { (owner, event: ProfileDidLoadEvent) in
    ///     owner.showWelcome(event.name)
    /// }
    /// ```
    ///
    /// - Returns: A token that cancels the subscription before it fires. Discarding it cancels
    ///   nothing.
    @discardableResult
    public func subscribeOnce<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, for eventType: Event.Type = Event.self, priority: Int = 0,
        handler: @escaping @Sendable (Owner, Event) -> Void
    ) -> SubscriptionToken {
        register(OwnedSubscription(owner: owner, once: true, priority: priority, handler: handler))
    }
}
