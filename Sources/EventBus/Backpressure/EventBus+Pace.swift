extension EventBus {
    /// Subscribes `owner` to events of `eventType`, delivered at most once per `interval`.
    ///
    /// Built on stepping: after each delivery the subscription sleeps on `clock` until
    /// `interval` has passed since that delivery, then asks for the next event. An event that
    /// arrives when the subscription has been idle for at least `interval` is delivered at
    /// once; events that arrive sooner wait, and are delivered in publish order, one per
    /// interval. Nothing is dropped unless `policy` bounds the backlog
    /// (``SubscriptionToken/waitingEventCount``, ``SubscriptionToken/droppedEventCount``).
    ///
    /// The first event after an idle period runs on the publisher's thread; later ones run on
    /// the thread that wakes from the clock's sleep. Use the `on:` variant to pick the thread.
    ///
    /// Inject the clock: `ContinuousClock()` in an app, `ManualClock` from `EventBusTesting` in
    /// tests. The owner is held weakly; cancelling or the owner's death ends the subscription
    /// and releases waiting events as for ``subscribeStepping(owner:for:priority:buffering:handler:)``,
    /// and it cancels the pending sleep at once; so does the bus's release.
    ///
    /// - Returns: A token that cancels the subscription early and reports its backlog and
    ///   drops. Discarding it cancels nothing.
    @discardableResult
    public func subscribePaced<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, for eventType: Event.Type = Event.self, every interval: Duration,
        clock: some Clock<Duration>, priority: Int = 0, buffering policy: EventBufferPolicy = .unbounded,
        handler: @escaping @Sendable (Owner, Event) -> Void
    ) -> SubscriptionToken {
        paced(
            owner: owner, every: interval, clock: clock, on: nil, priority: priority, policy: policy,
            handler: handler)
    }

    /// Subscribes `owner` to events of `eventType`, delivered on `executor` at most once per
    /// `interval`.
    ///
    /// The same pacing as ``subscribePaced(owner:for:every:clock:priority:buffering:handler:)``; every
    /// handler call runs on `executor`. When the interval is over, the clock's sleep ends and
    /// one job is queued on the executor for the next waiting event, so a loop that drains the
    /// executor wakes only when a paced delivery is due.
    ///
    /// - Returns: A token that cancels the subscription early and reports its backlog and
    ///   drops. Discarding it cancels nothing.
    @discardableResult
    public func subscribePaced<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, for eventType: Event.Type = Event.self, every interval: Duration,
        clock: some Clock<Duration>, on executor: some EventBusExecutor, priority: Int = 0,
        buffering policy: EventBufferPolicy = .unbounded,
        handler: @escaping @Sendable (Owner, Event) -> Void
    ) -> SubscriptionToken {
        paced(
            owner: owner, every: interval, clock: clock, on: executor, priority: priority, policy: policy,
            handler: handler)
    }

    /// Subscribes to events of `eventType`, delivered at most once per `interval`, without an
    /// owner: the returned token keeps the subscription alive, and releasing it cancels it.
    ///
    /// The same pacing, ordering and threading as
    /// ``subscribePaced(owner:for:every:clock:priority:buffering:handler:)``. Cancelling, or
    /// releasing the token, releases the waiting events and cancels the pending sleep at once.
    ///
    /// ```swift
    /// let ticker = bus.subscribePaced(for: PriceTick.self, every: .milliseconds(500), clock: ContinuousClock()) {
    ///     tick in label.show(tick.price)
    /// }
    /// ```
    ///
    /// - Returns: A token that must be kept; its release cancels the subscription.
    public func subscribePaced<Event: EventBusEvent>(
        for eventType: Event.Type = Event.self, every interval: Duration, clock: some Clock<Duration>,
        priority: Int = 0, buffering policy: EventBufferPolicy = .unbounded,
        handler: @escaping @Sendable (Event) -> Void
    ) -> SubscriptionToken {
        let anchor = TokenAnchor()
        return paced(
            owner: anchor, every: interval, clock: clock, on: nil, priority: priority, policy: policy,
            cancelsOnDeinit: true
        ) { _, event in
            withExtendedLifetime(anchor) { handler(event) }
        }
    }

    /// Subscribes to events of `eventType`, delivered on `executor` at most once per
    /// `interval`, without an owner: the returned token keeps the subscription alive, and
    /// releasing it cancels it.
    ///
    /// The same pacing as ``subscribePaced(owner:for:every:clock:on:priority:buffering:handler:)``;
    /// every handler call runs on `executor`.
    ///
    /// - Returns: A token that must be kept; its release cancels the subscription.
    public func subscribePaced<Event: EventBusEvent>(
        for eventType: Event.Type = Event.self, every interval: Duration, clock: some Clock<Duration>,
        on executor: some EventBusExecutor, priority: Int = 0,
        buffering policy: EventBufferPolicy = .unbounded,
        handler: @escaping @Sendable (Event) -> Void
    ) -> SubscriptionToken {
        let anchor = TokenAnchor()
        return paced(
            owner: anchor, every: interval, clock: clock, on: executor, priority: priority, policy: policy,
            cancelsOnDeinit: true
        ) { _, event in
            withExtendedLifetime(anchor) { handler(event) }
        }
    }

    /// A stepping subscription whose promise a ``Pacer`` completes one interval after each
    /// delivery; the subscription stops the pacer's pending sleep when it ends.
    private func paced<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, every interval: Duration, clock: some Clock<Duration>,
        on executor: (any EventBusExecutor)?,
        priority: Int, policy: EventBufferPolicy, cancelsOnDeinit: Bool = false,
        handler: @escaping @Sendable (Owner, Event) -> Void
    ) -> SubscriptionToken {
        let pacer = Pacer(clock: clock, interval: interval)
        return register(
            SteppingSubscription(
                owner: owner, executor: executor, priority: priority, policy: policy, timer: pacer.timer
            ) { owner, event, promise in
                pacer.deliver {
                    handler(owner, event)
                } then: {
                    promise.complete(.more)
                }
            }, cancelsOnDeinit: cancelsOnDeinit)
    }
}
