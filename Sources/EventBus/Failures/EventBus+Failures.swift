extension EventBus {
    /// Sets the function that hears about every error a subscription handler throws; pass nil
    /// to restore the default.
    ///
    /// Every error is reported exactly once, with the event, the subscription and its owner's
    /// type, on the thread or executor where the handler ran, right after it threw and with no
    /// lock held. A throwing handler never stops delivery to the other subscriptions of that
    /// publish, and never ends its own subscription.
    ///
    /// The default writes one line to standard error the first time each subscription throws
    /// for each event type, and stays quiet after that, so a handler that fails on every event
    /// cannot flood the log. It never crashes the process. A handler you set here gets every
    /// failure. Observe-all taps get every failure too, whichever handler is set (see
    /// ``observeAll(_:failures:)``).
    ///
    /// The handler may publish. An error thrown by a handler of such a publish (on that thread)
    /// goes to the default line, not back to this handler or the taps, so an alert whose handler
    /// fails cannot loop.
    ///
    /// May be called from any thread at any time; publishes already running may still report to
    /// the previous handler.
    ///
    /// ```swift
    /// bus.setFailureHandler { failure in
    ///     logger.error("\(failure.subscription.subscriberName) failed: \(failure.error)")
    /// }
    /// ```
    public func setFailureHandler(_ handler: (@Sendable (SubscriberFailure) -> Void)?) {
        failures.setHandler(handler)
    }

    /// Subscribes `owner` with a handler that may throw; the error goes to the bus's failure
    /// handler (``setFailureHandler(_:)``) and its observe-all taps, and delivery goes on.
    ///
    /// Runs synchronously on the publisher's thread in descending `priority`, subscription order
    /// among equals, exactly like the non-throwing variant. A throw does not stop the
    /// subscriptions after this one and does not end this subscription. The owner is held
    /// weakly.
    ///
    /// - Returns: A token that cancels this subscription early. Discarding it cancels nothing.
    @discardableResult
    public func subscribe<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, for eventType: Event.Type = Event.self, priority: Int = 0,
        handler: @escaping @Sendable (Owner, Event) throws -> Void
    ) -> SubscriptionToken {
        register(
            ThrowingOwnedSubscription(owner: owner, priority: priority, failures: failures, handler: handler))
    }

    /// Subscribes an owner-less handler that may throw; same reporting rules as the owner-bound
    /// throwing variant, same ordering as ``subscribe(for:priority:handler:)-8vm99``.
    ///
    /// - Returns: A token that must be kept; its release cancels the subscription.
    public func subscribe<Event: EventBusEvent>(
        for eventType: Event.Type = Event.self, priority: Int = 0,
        handler: @escaping @Sendable (Event) throws -> Void
    ) -> SubscriptionToken {
        register(
            ThrowingOwnerlessSubscription(priority: priority, failures: failures, handler: handler),
            cancelsOnDeinit: true)
    }

    /// Subscribes `owner` with a handler that may throw, delivered on `executor`; the error is
    /// reported from the executor, right after the handler threw, and the mailbox goes on with
    /// the next event. Ordering, lifetime, cancellation and the `policy` bound are those of the
    /// non-throwing executor variant.
    ///
    /// - Returns: A token that cancels this subscription early and reports its backlog and
    ///   drops. Discarding it cancels nothing.
    @_disfavoredOverload
    @discardableResult
    public func subscribe<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, for eventType: Event.Type = Event.self,
        on executor: some EventBusExecutor, priority: Int = 0,
        buffering policy: EventBufferPolicy = .unbounded,
        handler: @escaping @Sendable (Owner, Event) throws -> Void
    ) -> SubscriptionToken {
        // Disfavored for the reason given in the non-throwing executor overload.
        registerOnLane(
            owner: owner, executor: executor, priority: priority, policy: policy, failures: failures,
            handler: handler)
    }
}
