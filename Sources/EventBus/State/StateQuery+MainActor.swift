extension StateQuery {
    /// Subscribes `owner`, with a main-actor `handler` run on the main actor in publish order.
    /// The chain runs when a value is published; only values that pass it reach the executor.
    ///
    /// With ``EventBusExecutor/mainActor`` every value is queued, the replay included, even when
    /// the publisher is on the main actor. With ``EventBusExecutor/mainActorImmediate`` a value
    /// made current on the main actor (the replay, when subscribing there) runs the handler
    /// before the call returns, unless earlier events for the bus's immediate subscriptions
    /// still wait; otherwise it is queued the same way (see <doc:MainActorDelivery>). Lifetime
    /// and cancellation are those of ``subscribe(owner:on:handler:)-(_,EventBusExecutor,_)``.
    ///
    /// - Returns: A token that cancels this subscription early. Discarding it cancels nothing.
    @discardableResult
    public func subscribe<Owner: AnyObject>(
        owner: Owner, on executor: MainActorExecutor, handler: @escaping @MainActor (Owner, Output) -> Void
    ) -> SubscriptionToken {
        subscribe(owner: owner, onExecutor: executor, handler: onTheMainActor(handler))
    }
}
