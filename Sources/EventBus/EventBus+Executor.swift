extension EventBus {
    /// Subscribes `owner` to events of `eventType`, delivered on `executor`.
    ///
    /// Each publish queues the event for this subscription and returns without waiting.
    /// The handler runs on `executor`, one event at a time, in publish order (FIFO per
    /// subscription); events from different subscriptions are not ordered against each other.
    /// A burst of events costs one job on the executor, not one per event. `priority` only
    /// decides when, within a publish, the event is queued (see <doc:Priorities>): the handler
    /// itself runs later, after every synchronous handler of that publish.
    ///
    /// The owner is held weakly and checked twice: when the event is queued and again right
    /// before the handler runs. Once ``SubscriptionToken/cancel()`` has returned, no queued
    /// event runs the handler.
    ///
    /// The mailbox is unbounded: if the executor stalls, events queue without limit. Use
    /// ``subscribe(owner:to:on:priority:buffering:handler:)-(_,_,EventBusExecutor,_,_,_)`` to bound it.
    ///
    /// ```swift
    /// let queue = DispatchQueue(label: "cart")
    /// bus.subscribe(owner: self, on: queue) { (owner, event: CartDidUpdateEvent) in
    ///     owner.persist(event)
    /// }
    /// ```
    ///
    /// - Returns: A token that cancels this subscription early. Discarding it cancels nothing.
    @discardableResult
    public func subscribe<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, to eventType: Event.Type = Event.self,
        on executor: some EventBusExecutor, priority: Int = 0,
        handler: @escaping @Sendable (Owner, Event) -> Void
    ) -> SubscriptionToken {
        register(ExecutorSubscription(owner: owner, executor: executor, priority: priority, handler: handler))
    }
}
