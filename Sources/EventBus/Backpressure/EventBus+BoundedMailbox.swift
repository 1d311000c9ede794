extension EventBus {
    /// Subscribes `owner` to events of `eventType`, delivered on `executor`, with at most as
    /// many of its events waiting as `policy` allows.
    ///
    /// The same delivery, order and `priority` as ``subscribe(owner:for:on:priority:handler:)-6ol7k``:
    /// the subscription keeps its place in the bus's queue for `executor`, so its handler runs
    /// in publish order with the other subscriptions on that executor, across event types,
    /// whatever the policy. The bound applies to this subscription's own backlog: when the
    /// executor stalls and more than the limit of its events wait, `policy` decides which of
    /// them are dropped, and the events of other subscriptions keep their places.
    /// ``SubscriptionToken/waitingEventCount`` is the backlog,
    /// ``SubscriptionToken/droppedEventCount`` what the policy dropped; observe-all taps see
    /// each drop in ``PublishRecord/droppingRecipients``.
    ///
    /// Events already handed to a running drain job no longer count as waiting and are never
    /// dropped. The owner is checked at every publish. The variant without `buffering` is
    /// unbounded; `.unbounded` here is the same subscription.
    ///
    /// - Returns: A token that cancels this subscription early and reports its backlog and
    ///   drops. Discarding it cancels nothing.
    @discardableResult
    public func subscribe<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, for eventType: Event.Type = Event.self, on executor: some EventBusExecutor,
        priority: Int = 0, buffering policy: EventBufferPolicy,
        handler: @escaping @Sendable (Owner, Event) -> Void
    ) -> SubscriptionToken {
        registerOnLane(
            owner: owner, executor: executor, priority: priority, policy: policy, failures: nil,
            handler: handler)
    }

    /// Subscribes a main-actor `owner` to events of `eventType`, delivered on the main actor,
    /// with at most as many events waiting as `policy` allows.
    ///
    /// The same delivery and order as ``subscribeOnMain(owner:for:priority:handler:)``, with the
    /// backlog bounded as in ``subscribe(owner:for:on:priority:buffering:handler:)-(_,_,EventBusExecutor,_,_,_)``. The variant without `buffering` is
    /// unbounded.
    ///
    /// - Returns: A token that cancels this subscription early and reports its backlog and
    ///   drops. Discarding it cancels nothing.
    @MainActor
    @discardableResult
    public func subscribeOnMain<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, for eventType: Event.Type = Event.self, priority: Int = 0,
        buffering policy: EventBufferPolicy, handler: @escaping @MainActor (Owner, Event) -> Void
    ) -> SubscriptionToken {
        subscribe(owner: owner, for: eventType, on: .mainActor, priority: priority, buffering: policy) {
            owner, event in
            let mainActorOwner = MainActorBound(owner)
            MainActor.assumeIsolated { handler(mainActorOwner.value, event) }
        }
    }
}
