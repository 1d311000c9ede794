extension EventBus {
    /// Calls `observer` after every publish on this bus, with the event, its type name, how
    /// many subscriptions it reached (zero for an event nobody listens to), and who those
    /// subscribers are and where their handlers run.
    ///
    /// Meant for tools: loggers, debug overlays, the demo's event log. The observer runs
    /// synchronously on the publisher's thread after the publish's synchronous handlers, with no
    /// lock held. Nested publishes are observed before the publish that caused them; use
    /// ``PublishRecord/sequenceNumber`` to order records by when publishing started.
    ///
    /// `failures`, when given, hears about every error a handler throws (see
    /// ``setFailureHandler(_:)``), exactly once, on the thread or executor where the handler
    /// threw, right after it threw: for a synchronous handler, before the `observer` hears
    /// about that publish.
    ///
    /// An observer may publish: what it publishes is delivered as usual but not shown to the
    /// taps (on that thread), so a tap that publishes what it logs cannot loop. Errors thrown by
    /// the handlers of those publishes go to the default failure line, not to `failures`.
    ///
    /// A bus with no observer pays one atomic load per publish for this feature.
    ///
    /// ```swift
    /// let tap = bus.observeAll { record in
    ///     log("\(record.eventTypeName) reached \(record.recipients.count)")
    /// } failures: { failure in
    ///     log("error: \(failure)")
    /// }
    /// ```
    ///
    /// - Returns: A token that must be kept; its release removes the observer.
    public func observeAll(
        _ observer: @escaping @Sendable (PublishRecord) -> Void,
        failures: (@Sendable (SubscriberFailure) -> Void)? = nil
    ) -> SubscriptionToken {
        let tap = TapSubscription(observer: observer, failureObserver: failures)
        taps.add(tap)
        return SubscriptionToken(subscription: tap, store: taps, cancelsOnDeinit: true)
    }
}
