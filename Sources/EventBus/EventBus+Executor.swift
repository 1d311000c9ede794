extension EventBus {
    /// Subscribes `owner` to events of `eventType`, delivered on `executor`, with at most as
    /// many of its events waiting as `policy` allows (by default, all of them).
    ///
    /// Each publish queues the event and returns without waiting. The handler runs on
    /// `executor`, one event at a time, in publish order. Subscriptions made with this method
    /// (or with a main-actor handler on `.mainActor`) on one executor share the bus's
    /// queue for that executor: a publish queues the event there when it reaches the
    /// subscription (in `priority` order, then subscription order), and the executor runs the
    /// queue in that order, across subscriptions and event types. A burst costs one job on the
    /// executor, however many subscriptions it reaches. `priority` does not make the handler
    /// run before the publish's synchronous handlers (see <doc:Priorities>). See
    /// <doc:ExecutorDelivery> for which executors share a queue (class instances, actors and
    /// the main actor; a value-type executor of your own gets FIFO per subscription only).
    ///
    /// The owner is held weakly. The handler never runs once the owner is released: the
    /// executor checks it before every call (holding it only while it runs a burst of this
    /// type's events, and only while someone else still holds it too). A publish checks the
    /// owner when none of this subscription's events waits on the executor; one made while
    /// events wait may queue its event unchecked, which then counts as delivered (no ``DeadEvent``,
    /// taps and ``SubscriptionInfo/deliveredEventCount`` include it) and is dropped unrun if the
    /// owner is gone by then. The subscription of a released owner ends at the next publish
    /// that checks, at the latest after 64 waiting events even if the executor never runs.
    /// Once ``SubscriptionToken/cancel()`` has returned, no queued event runs the handler, and
    /// the handler and its captures are released even if the executor never runs again. A
    /// subscription made during a publish does not get that event.
    ///
    /// By default the backlog is unbounded: if the executor stalls, events queue without limit.
    /// A `policy` bounds this subscription's own backlog without changing its place in the
    /// queue: when more than the limit of its events wait, the policy decides which of them are
    /// dropped, and the events of other subscriptions keep their places. Events already handed to
    /// a running drain job no longer count as waiting and are never dropped; a bounded
    /// subscription's owner is checked at every publish. ``SubscriptionToken/waitingEventCount``
    /// is the backlog, ``SubscriptionToken/droppedEventCount`` what the policy dropped, and
    /// observe-all taps see each drop in ``PublishRecord/droppingRecipients``.
    ///
    /// ```swift
    /// let queue = DispatchQueue(label: "cart")
    /// bus.subscribe(owner: self, on: queue) { (owner, event: CartDidUpdateEvent) in
    ///     owner.persist(event)
    /// }
    /// ```
    ///
    /// - Returns: A token that cancels this subscription early and reports its backlog and
    ///   drops. Discarding it cancels nothing.
    @_disfavoredOverload
    @discardableResult
    public func subscribe<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, for eventType: Event.Type = Event.self,
        on executor: some EventBusExecutor, priority: Int = 0,
        buffering policy: EventBufferPolicy = .unbounded,
        handler: @escaping @Sendable (Owner, Event) -> Void
    ) -> SubscriptionToken {
        // Disfavored so that `on: .mainActor` picks the main-actor overload, whose handler is
        // `@MainActor`: ranked by their parameters alone, the two tie, and the compiler chose
        // this one for a closure whose parameter types it infers, rejecting main-actor code.
        registerOnLane(
            owner: owner, executor: executor, priority: priority, policy: policy, failures: nil,
            handler: handler)
    }

    /// Registers a plain executor subscription, bounded or not: on the executor's lane if the
    /// bus can identify the executor, else with a mailbox of its own.
    func registerOnLane<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, executor: some EventBusExecutor, priority: Int, policy: EventBufferPolicy = .unbounded,
        failures: FailureReporter?, handler: @escaping @Sendable (Owner, Event) throws -> Void
    ) -> SubscriptionToken {
        guard let lane = lanes.lane(for: executor) else {
            return register(
                ExecutorSubscription(
                    owner: owner, executor: executor, priority: priority, policy: policy, failures: failures,
                    handler: handler))
        }
        let entry = LaneSubscription(
            owner: owner, lane: lane, priority: priority, policy: policy, failures: failures, handler: handler
        )
        entry.joinLane()
        return register(entry)
    }
}
