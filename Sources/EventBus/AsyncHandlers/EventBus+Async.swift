/// The `async` handlers: a delivery kind of its own (queued, one task per subscription), so it has
/// a name of its own. `subscribe` is always synchronous and stoppable by interceptors; the old
/// `subscribe` spellings with an `async` closure are unavailable and point here
/// (`EventBus+AsyncRenamed.swift`).
extension EventBus {
    /// Subscribes `owner` with an `async` handler that runs one event at a time, in publish
    /// order, in a task of its own.
    ///
    /// The name says the kind: unlike a `subscribe(owner:for:)` handler (plain or throwing, no
    /// executor), which runs inside the publish, this one is queued and runs after `publish` returns. An
    /// interceptor's `.stop` earlier in the publish keeps the event from being queued.
    ///
    /// Each publish queues the event and returns without waiting (after the publish's
    /// synchronous handlers, like an executor delivery; `priority` only orders the queuing).
    /// The subscription's task takes the next event only after the handler has returned for the
    /// previous one, so handlers of one subscription never overlap and never reorder, however
    /// many threads publish. Different subscriptions run concurrently.
    ///
    /// The handler runs on `executor` when given (a `TaskExecutor`), otherwise on the global
    /// concurrent executor. To run it on an actor, make the actor the owner and call it, or
    /// write a global-actor closure such as `{ @MainActor owner, event in … }`.
    ///
    /// A thrown error goes to the bus's failure handler and taps (``setFailureHandler(_:)``); the
    /// next event is still handled. The owner is held weakly and checked before each event; it
    /// is kept alive while its handler runs. ``SubscriptionToken/cancel()`` releases the queued
    /// events at once and cancels the running handler's task (`Task.isCancelled` becomes true,
    /// and `Task.sleep` and other cancellable waits throw `CancellationError`, which is not
    /// reported). A running handler that ignores cancellation keeps its event, the owner, and
    /// the handler with its captures until it returns; then they are released too, and no
    /// further event runs.
    ///
    /// Events wait while the handler is busy, as many as `policy` allows (unbounded by
    /// default); ``SubscriptionToken/waitingEventCount`` and
    /// ``SubscriptionToken/droppedEventCount`` report the backlog and the drops, and observe-all
    /// taps see each drop in ``PublishRecord/droppingRecipients``.
    ///
    /// ```swift
    /// bus.subscribeAsync(owner: uploader) { (uploader, event: PhotoDidSaveEvent) async throws in
    ///     try await uploader.upload(event.photoID)
    /// }
    /// ```
    ///
    /// - Returns: A token that cancels this subscription early. Discarding it cancels nothing.
    @discardableResult
    public func subscribeAsync<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, for eventType: Event.Type = Event.self, on executor: (any TaskExecutor)? = nil,
        priority: Int = 0, buffering policy: EventBufferPolicy = .unbounded,
        handler: @escaping @Sendable (Owner, Event) async throws -> Void
    ) -> SubscriptionToken {
        register(
            AsyncSubscription(
                anchor: .owner(owner), priority: priority, executor: executor, policy: policy,
                failures: failures
            ) { owner, event in
                // The anchor only hands back the owner it was created with. A checked cast:
                // `unsafeDowncast` saved nothing measurable.
                try await handler(owner as! Owner, event)
            })
    }

    /// Subscribes an owner-less `async` handler; same ordering, executor, buffering, error and
    /// cancellation rules as ``subscribeAsync(owner:for:on:priority:buffering:handler:)``.
    ///
    /// Events are handled one at a time in publish order, in the subscription's task, on
    /// `executor` if given; the subscription lives as long as the token. Releasing the token or
    /// calling ``SubscriptionToken/cancel()`` releases the queued events and cancels the running
    /// handler's task.
    ///
    /// - Returns: A token that must be kept; its release cancels the subscription.
    public func subscribeAsync<Event: EventBusEvent>(
        for eventType: Event.Type = Event.self, on executor: (any TaskExecutor)? = nil, priority: Int = 0,
        buffering policy: EventBufferPolicy = .unbounded,
        handler: @escaping @Sendable (Event) async throws -> Void
    ) -> SubscriptionToken {
        register(
            AsyncSubscription(
                anchor: .ownerless, priority: priority, executor: executor, policy: policy, failures: failures
            ) { _, event in try await handler(event) },
            cancelsOnDeinit: true)
    }
}
