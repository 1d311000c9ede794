/// The `subscribe` spellings that once took an `async` closure, before queued delivery got a
/// name of its own (``EventBus/subscribeAsync(owner:for:on:priority:buffering:handler:)``).
///
/// They stay, unavailable, for the diagnostic: a synchronous or throwing closure still picks the
/// synchronous `subscribe` (an unavailable overload only wins when nothing else fits), while a
/// closure that awaits fits nothing else, so the compiler reports "has been renamed to
/// 'subscribeAsync(…)'" with a fix-it instead of turning a stoppable delivery into a queued one
/// without a word. Decision record 0063 (docs/decisions) records the hand-checked diagnostics.
extension EventBus {
    /// Renamed ``subscribeAsync(owner:for:on:priority:buffering:handler:)``: an `async` handler is
    /// queued, not run inside the publish, and the name now says so.
    @available(*, unavailable, renamed: "subscribeAsync(owner:for:on:priority:buffering:handler:)")
    @discardableResult
    public func subscribe<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, to eventType: Event.Type = Event.self, on executor: (any TaskExecutor)? = nil,
        priority: Int = 0, buffering policy: EventBufferPolicy = .unbounded,
        handler: @escaping @Sendable (Owner, Event) async throws -> Void
    ) -> SubscriptionToken {
        subscribeAsync(
            owner: owner, for: eventType, on: executor, priority: priority, buffering: policy,
            handler: handler
        )
    }

    /// Renamed ``subscribeAsync(for:on:priority:buffering:handler:)``: an `async` handler is queued,
    /// not run inside the publish, and the name now says so.
    @available(*, unavailable, renamed: "subscribeAsync(for:on:priority:buffering:handler:)")
    public func subscribe<Event: EventBusEvent>(
        to eventType: Event.Type = Event.self, on executor: (any TaskExecutor)? = nil, priority: Int = 0,
        buffering policy: EventBufferPolicy = .unbounded,
        handler: @escaping @Sendable (Event) async throws -> Void
    ) -> SubscriptionToken {
        subscribeAsync(for: eventType, on: executor, priority: priority, buffering: policy, handler: handler)
    }

    /// Renamed ``subscribeAsync(owner:conformingTo:on:priority:buffering:handler:)``: an `async`
    /// handler is queued, not run inside the publish, and the name now says so.
    @available(*, unavailable, renamed: "subscribeAsync(owner:conformingTo:on:priority:buffering:handler:)")
    @discardableResult
    public func subscribe<Owner: AnyObject, Existential: Sendable>(
        owner: Owner, conformingTo protocolType: Existential.Type, on executor: (any TaskExecutor)? = nil,
        priority: Int = 0, buffering policy: EventBufferPolicy = .unbounded,
        handler: @escaping @Sendable (Owner, Existential) async throws -> Void
    ) -> SubscriptionToken {
        subscribeAsync(
            owner: owner, conformingTo: protocolType, on: executor, priority: priority, buffering: policy,
            handler: handler)
    }
}
