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
    /// and releases waiting events as for ``subscribeStepping(owner:to:priority:buffering:handler:)``.
    /// A timer still pending then keeps the subscription (not its owner) until it fires.
    ///
    /// - Returns: A token that cancels the subscription early and reports its backlog and
    ///   drops. Discarding it cancels nothing.
    @discardableResult
    public func subscribePaced<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, to eventType: Event.Type = Event.self, every interval: Duration,
        clock: some Clock<Duration>, priority: Int = 0, buffering policy: EventBufferPolicy = .unbounded,
        handler: @escaping @Sendable (Owner, Event) -> Void
    ) -> SubscriptionToken {
        let pacer = Pacer(clock: clock, interval: interval)
        return subscribeStepping(owner: owner, to: eventType, priority: priority, buffering: policy) {
            owner, event, promise in
            pacer.deliver {
                handler(owner, event)
            } then: {
                promise.complete(.more)
            }
        }
    }

    /// Subscribes `owner` to events of `eventType`, delivered on `executor` at most once per
    /// `interval`.
    ///
    /// The same pacing as ``subscribePaced(owner:to:every:clock:priority:buffering:handler:)``; every
    /// handler call runs on `executor`. When the interval is over, the clock's sleep ends and
    /// one job is queued on the executor for the next waiting event, so a loop that drains the
    /// executor wakes only when a paced delivery is due.
    ///
    /// - Returns: A token that cancels the subscription early and reports its backlog and
    ///   drops. Discarding it cancels nothing.
    @discardableResult
    public func subscribePaced<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, to eventType: Event.Type = Event.self, every interval: Duration,
        clock: some Clock<Duration>, on executor: some EventBusExecutor, priority: Int = 0,
        buffering policy: EventBufferPolicy = .unbounded,
        handler: @escaping @Sendable (Owner, Event) -> Void
    ) -> SubscriptionToken {
        let pacer = Pacer(clock: clock, interval: interval)
        return subscribeStepping(
            owner: owner, to: eventType, on: executor, priority: priority, buffering: policy
        ) {
            owner, event, promise in
            pacer.deliver {
                handler(owner, event)
            } then: {
                promise.complete(.more)
            }
        }
    }
}
