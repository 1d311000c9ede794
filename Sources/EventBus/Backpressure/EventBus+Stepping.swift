extension EventBus {
    /// Subscribes `owner` to events of `eventType` one at a time: the handler gets each event
    /// with a ``StepPromise`` and receives the next only after completing it with
    /// ``StepDemand/more``.
    ///
    /// Events published while a promise is open wait in a buffer that follows `policy`; what it
    /// drops is counted in ``SubscriptionToken/droppedEventCount`` and reported to observe-all
    /// taps. ``SubscriptionToken/waitingEventCount`` is the backlog.
    ///
    /// ## Ordering
    /// Events arrive in publish order (less what the policy drops). When the subscription is
    /// ready, a publish runs the handler at once on the publisher's thread, in `priority` and
    /// subscription order like any synchronous handler (see <doc:Priorities>). A `.more` completed inside the handler takes effect
    /// when it returns: the oldest waiting event is then delivered in the same loop, never
    /// nested. A `.more` completed later delivers the oldest waiting event on the completing
    /// thread before `complete` returns.
    ///
    /// ## Lifetime and cancellation
    /// The owner is held weakly. Completing a promise with ``StepDemand/cancel``, cancelling
    /// the token, or `unsubscribe` ends the subscription and releases waiting events at once;
    /// after the owner dies they are released by the next publish of `eventType`, or when the
    /// open promise is completed, whichever comes first.
    ///
    /// ```swift
    /// bus.subscribeStepping(owner: self, buffering: .keepNewest(50)) { (owner, event: Upload, promise) in
    ///     owner.start(event) { promise(.more) }   // the next upload when this one is done
    /// }
    /// ```
    ///
    /// - Returns: A token that cancels the subscription early and reports its backlog and
    ///   drops. Discarding it cancels nothing.
    @discardableResult
    public func subscribeStepping<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, for eventType: Event.Type = Event.self, priority: Int = 0,
        buffering policy: EventBufferPolicy, handler: @escaping @Sendable (Owner, Event, StepPromise) -> Void
    ) -> SubscriptionToken {
        register(
            SteppingSubscription(
                owner: owner, executor: nil, priority: priority, policy: policy, handler: handler))
    }

    /// Subscribes `owner` to events of `eventType` one at a time, delivered on `executor`.
    ///
    /// The same stepping rules as ``subscribeStepping(owner:for:priority:buffering:handler:)``, but every
    /// handler call runs on `executor`: publishing only queues, and a `.more` completed after
    /// the handler returned queues one job that delivers the oldest waiting event. A `.more`
    /// completed inside the handler continues in the same job. Handler calls never overlap,
    /// even on a concurrent queue.
    ///
    /// The owner and cancellation are checked before each handler call; once
    /// ``SubscriptionToken/cancel()`` has returned, no waiting event runs the handler.
    ///
    /// - Returns: A token that cancels the subscription early and reports its backlog and
    ///   drops. Discarding it cancels nothing.
    @discardableResult
    public func subscribeStepping<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, for eventType: Event.Type = Event.self, on executor: some EventBusExecutor,
        priority: Int = 0, buffering policy: EventBufferPolicy,
        handler: @escaping @Sendable (Owner, Event, StepPromise) -> Void
    ) -> SubscriptionToken {
        register(
            SteppingSubscription(
                owner: owner, executor: executor, priority: priority, policy: policy, handler: handler))
    }

    /// Subscribes to events of `eventType` one at a time, without an owner: the returned token
    /// keeps the subscription alive, and releasing it cancels the subscription.
    ///
    /// The same stepping rules as ``subscribeStepping(owner:for:priority:buffering:handler:)``:
    /// the handler gets each event with a ``StepPromise`` and the next event only after
    /// `promise(.more)`; events published meanwhile wait in a buffer that follows `policy`. It
    /// runs on the publisher's thread (or the completing one), in `priority` and subscription
    /// order, never two calls at once. Completing a promise with ``StepDemand/cancel``,
    /// ``SubscriptionToken/cancel()`` or the token's release end it and release waiting events.
    ///
    /// ```swift
    /// let uploads = bus.subscribeStepping(for: FileAdded.self, buffering: .keepOldest(100)) { file, promise in
    ///     uploader.upload(file) { promise(.more) }
    /// }
    /// ```
    ///
    /// - Returns: A token that must be kept; its release cancels the subscription.
    public func subscribeStepping<Event: EventBusEvent>(
        for eventType: Event.Type = Event.self, priority: Int = 0, buffering policy: EventBufferPolicy,
        handler: @escaping @Sendable (Event, StepPromise) -> Void
    ) -> SubscriptionToken {
        let anchor = TokenAnchor()
        return register(
            SteppingSubscription(owner: anchor, executor: nil, priority: priority, policy: policy) {
                _, event, promise in
                withExtendedLifetime(anchor) { handler(event, promise) }
            }, cancelsOnDeinit: true)
    }

    /// Subscribes to events of `eventType` one at a time, delivered on `executor`, without an
    /// owner: the returned token keeps the subscription alive, and releasing it cancels it.
    ///
    /// The same rules as ``subscribeStepping(owner:for:on:priority:buffering:handler:)``: every
    /// handler call runs on `executor`, never two at once, and once
    /// ``SubscriptionToken/cancel()`` has returned (or the token is gone) no waiting event runs.
    ///
    /// - Returns: A token that must be kept; its release cancels the subscription.
    public func subscribeStepping<Event: EventBusEvent>(
        for eventType: Event.Type = Event.self, on executor: some EventBusExecutor, priority: Int = 0,
        buffering policy: EventBufferPolicy, handler: @escaping @Sendable (Event, StepPromise) -> Void
    ) -> SubscriptionToken {
        let anchor = TokenAnchor()
        return register(
            SteppingSubscription(owner: anchor, executor: executor, priority: priority, policy: policy) {
                _, event, promise in
                withExtendedLifetime(anchor) { handler(event, promise) }
            }, cancelsOnDeinit: true)
    }
}
