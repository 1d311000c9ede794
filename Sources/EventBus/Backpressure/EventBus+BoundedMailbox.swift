extension EventBus {
    /// Subscribes `owner` to events of `eventType`, delivered on `executor`, with at most as
    /// many events waiting as `policy` allows.
    ///
    /// The same delivery and `priority` as ``subscribe(owner:to:on:priority:handler:)-69kp2`` (FIFO per
    /// subscription, one job per burst, owner and cancellation checked before each call), plus a bound on the
    /// mailbox: when the executor stalls, `policy` decides which waiting events are dropped.
    /// ``SubscriptionToken/waitingEventCount`` is the mailbox's backlog,
    /// ``SubscriptionToken/droppedEventCount`` what the policy dropped; observe-all taps see
    /// each drop in ``PublishRecord/droppingRecipients``.
    ///
    /// Events already handed to a running drain job no longer count as waiting and are never
    /// dropped. The variant without `buffering` is unbounded.
    ///
    /// - Returns: A token that cancels this subscription early and reports its backlog and
    ///   drops. Discarding it cancels nothing.
    @discardableResult
    public func subscribe<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, to eventType: Event.Type = Event.self, on executor: some EventBusExecutor,
        priority: Int = 0, buffering policy: EventBufferPolicy,
        handler: @escaping @Sendable (Owner, Event) -> Void
    ) -> SubscriptionToken {
        register(
            ExecutorSubscription(
                owner: owner, executor: executor, priority: priority, policy: policy, handler: handler))
    }

    /// Subscribes a main-actor `owner` to events of `eventType`, delivered on the main actor,
    /// with at most as many events waiting as `policy` allows.
    ///
    /// The same delivery as ``subscribeOnMain(owner:to:priority:handler:)``, with the mailbox
    /// bounded as in ``subscribe(owner:to:on:priority:buffering:handler:)-(_,_,EventBusExecutor,_,_,_)``. The variant without `buffering` is
    /// unbounded.
    ///
    /// - Returns: A token that cancels this subscription early and reports its backlog and
    ///   drops. Discarding it cancels nothing.
    @MainActor
    @discardableResult
    public func subscribeOnMain<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, to eventType: Event.Type = Event.self, priority: Int = 0,
        buffering policy: EventBufferPolicy, handler: @escaping @MainActor (Owner, Event) -> Void
    ) -> SubscriptionToken {
        subscribe(owner: owner, to: eventType, on: .mainActor, priority: priority, buffering: policy) {
            owner, event in
            let mainActorOwner = MainActorBound(owner)
            MainActor.assumeIsolated { handler(mainActorOwner.value, event) }
        }
    }
}
