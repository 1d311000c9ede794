extension EventBus {
    /// Subscribes `owner` to events of `eventType` with a handler that may stop the event from
    /// reaching the subscriptions after it, for validation, vetoes and "handled" semantics.
    ///
    /// The handler runs synchronously on the publisher's thread, in descending `priority` with
    /// the type's other subscriptions (subscription order among equals). Returning
    /// ``Propagation/stop`` consumes the event for this publish only: later subscriptions in
    /// its delivery order get nothing, nested publishes and other threads' publishes are
    /// unaffected, and observe-all taps see ``PublishRecord/consumedBy``. Give interceptors a
    /// high priority so that they run before the subscriptions they guard.
    ///
    /// A value published with ``publishState(_:fileID:line:function:)`` is stopped the same way:
    /// the state subscriptions after the interceptor skip it, and only it (their next value
    /// arrives as usual). It stays the current value: ``currentState(for:)`` returns it and a
    /// later state subscription gets it as its replay.
    ///
    /// ```swift
    /// bus.intercept(owner: auditor, priority: 100) { (auditor, event: CheckoutRequestedEvent) in
    ///     auditor.approves(event) ? .proceed : .stop
    /// }
    /// ```
    ///
    /// The handler may throw, as a greenrobot handler that can both fail and cancel delivery
    /// does: the error is reported like any throwing handler's (to ``setFailureHandler(_:)`` and
    /// observe-all taps, on the publisher's thread, with no lock held) and delivery **proceeds**
    /// to the subscriptions after this one, since an interceptor that failed has decided
    /// nothing. A throw never ends the subscription.
    ///
    /// ```swift
    /// bus.intercept(owner: auditor, priority: 100) { (auditor, event: CheckoutRequestedEvent) throws in
    ///     try auditor.check(event) ? .proceed : .stop
    /// }
    /// ```
    ///
    /// The owner is held weakly, as for every owner-bound subscription.
    ///
    /// - Returns: A token that cancels this subscription early. Discarding it cancels nothing.
    @discardableResult
    public func intercept<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, for eventType: Event.Type = Event.self, priority: Int = 0,
        handler: @escaping @Sendable (Owner, Event) throws -> Propagation
    ) -> SubscriptionToken {
        register(OwnedInterceptor(owner: owner, priority: priority, failures: failures, handler: handler))
    }

    /// Subscribes an owner-less interceptor to events of `eventType`; same ordering, stop and
    /// error rules as ``intercept(owner:for:priority:handler:)``.
    ///
    /// - Returns: A token that must be kept; its release cancels the subscription.
    public func intercept<Event: EventBusEvent>(
        for eventType: Event.Type = Event.self, priority: Int = 0,
        handler: @escaping @Sendable (Event) throws -> Propagation
    ) -> SubscriptionToken {
        register(
            OwnerlessInterceptor(priority: priority, failures: failures, handler: handler),
            cancelsOnDeinit: true)
    }
}
