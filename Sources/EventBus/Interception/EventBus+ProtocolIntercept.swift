extension EventBus {
    /// Subscribes `owner` with an interceptor for every event whose type conforms to a
    /// protocol, such as all `CartEvent`s, or every event with `(any EventBusEvent).self`.
    ///
    /// The matching of ``subscribe(owner:conformingTo:priority:handler:)-76frj``, the stop rule of
    /// ``intercept(owner:for:priority:handler:)``: the handler runs synchronously on the
    /// publisher's thread and a returned ``Propagation/stop`` consumes the event for this
    /// publish, so exact-type and protocol subscriptions after it in the delivery order get
    /// nothing. The order is the usual one: descending `priority`, and among equal priorities
    /// a type's own subscriptions before protocol ones. So give a protocol interceptor a
    /// priority above the subscriptions it guards; at equal priority it runs after the
    /// exact-type ones and cannot stop them. A stopped state value stays the current value, as
    /// with the single-type interceptor. The owner is held weakly.
    ///
    /// ```swift
    /// bus.intercept(owner: auditor, conformingTo: (any CartEvent).self, priority: 100) { auditor, event in
    ///     auditor.isOpen ? .proceed : .stop   // the shop is closed: no cart event goes through
    /// }
    /// ```
    ///
    /// The handler may throw: the error is reported with the concrete event, as for the
    /// single-type ``intercept(owner:for:priority:handler:)``, and delivery proceeds.
    ///
    /// - Returns: A token that cancels this subscription early. Discarding it cancels nothing.
    @discardableResult
    public func intercept<Owner: AnyObject, Existential: Sendable>(
        owner: Owner, conformingTo protocolType: Existential.Type, priority: Int = 0,
        handler: @escaping @Sendable (Owner, Existential) throws -> Propagation
    ) -> SubscriptionToken {
        registerProtocol(
            OwnedInterceptor(owner: owner, priority: priority, failures: failures, handler: handler))
    }

    /// Subscribes an owner-less interceptor for every event whose type conforms to a protocol;
    /// the same matching, order and stop rule as the owner-bound variant.
    ///
    /// - Returns: A token that must be kept; its release cancels the subscription.
    public func intercept<Existential: Sendable>(
        conformingTo protocolType: Existential.Type, priority: Int = 0,
        handler: @escaping @Sendable (Existential) throws -> Propagation
    ) -> SubscriptionToken {
        registerProtocol(
            OwnerlessInterceptor(priority: priority, failures: failures, handler: handler),
            cancelsOnDeinit: true)
    }
}
