import EventBus

extension EventBus {
    /// Subscribes a `@MainLoop` owner with a `@MainLoop` handler, delivered on `executor`.
    ///
    /// The library's executor subscription does the hop (FIFO per subscription, owner held
    /// weakly); this only re-enters the actor, which is checked, not assumed blindly: the handler
    /// runs inside `executor`'s drain, so ``MainLoop/assumeIsolated(_:file:line:)`` succeeds.
    @discardableResult
    func subscribeOnLoop<Owner: AnyObject & Sendable, Event: EventBusEvent>(
        owner: Owner, for eventType: Event.Type = Event.self, on executor: MainLoopExecutor,
        handler: @escaping @MainLoop (Owner, Event) -> Void
    ) -> SubscriptionToken {
        subscribe(owner: owner, for: eventType, on: executor) { owner, event in
            MainLoop.assumeIsolated { handler(owner, event) }
        }
    }
}

extension StateQuery {
    /// Subscribes a `@MainLoop` owner to this state query, delivered on `executor`: the replayed
    /// value first (queued like any other), then every value that passes the chain.
    @discardableResult
    func subscribeOnLoop<Owner: AnyObject & Sendable>(
        owner: Owner, on executor: MainLoopExecutor, handler: @escaping @MainLoop (Owner, Output) -> Void
    ) -> SubscriptionToken {
        subscribe(owner: owner, on: executor) { owner, value in
            MainLoop.assumeIsolated { handler(owner, value) }
        }
    }
}
