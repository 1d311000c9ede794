extension EventBus {
    /// Subscribes `owner` to events of `eventType`, with a main-actor handler run on the main
    /// actor: `.mainActor` queues every event, `.mainActorImmediate` runs a publish made on the
    /// main actor inline when nothing waits.
    ///
    /// With ``EventBusExecutor/mainActor``, events are queued when published, from any thread,
    /// and the handler runs later on the main actor, in publish order, even when the publisher
    /// is itself on the main actor. With ``EventBusExecutor/mainActorImmediate``, a publish made
    /// on the main actor runs the handler before `publish` returns, like a synchronous handler,
    /// unless earlier events for the bus's immediate subscriptions still wait; then, and from
    /// any other thread, the event is queued the same way. Either way the subscription gets its
    /// events in publish order. Each of the two executors keeps one queue per bus, shared by its
    /// subscriptions, so their handlers also run in publish order across subscriptions and
    /// event types, and a burst of events costs one main-actor job (see <doc:ExecutorDelivery>
    /// and <doc:MainActorDelivery>). `priority` orders the deliveries of one publish.
    ///
    /// The owner is held weakly and checked right before every handler call, so the handler
    /// never runs for a released owner; a publish made while earlier events still wait for the
    /// main actor queues its event without checking the owner (see <doc:ExecutorDelivery>).
    /// Once ``SubscriptionToken/cancel()`` has returned, no queued event runs the handler.
    /// Queued events wait without limit while the main actor is busy, unless `policy` bounds
    /// this subscription's backlog; a bound never changes the order.
    ///
    /// ```swift
    /// @MainActor final class LoginViewModel {
    ///     var greeting = ""
    ///
    ///     init(bus: EventBus) {
    ///         bus.subscribe(owner: self, on: .mainActor) { (owner, event: UserDidLoginEvent) in
    ///             owner.greeting = "Hello, \(event.userID)"
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// - Returns: A token that cancels this subscription early and reports its backlog and
    ///   drops. Discarding it cancels nothing.
    @discardableResult
    public func subscribe<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, for eventType: Event.Type = Event.self, on executor: MainActorExecutor,
        priority: Int = 0, buffering policy: EventBufferPolicy = .unbounded,
        handler: @escaping @MainActor (Owner, Event) -> Void
    ) -> SubscriptionToken {
        registerOnLane(
            owner: owner, executor: executor, priority: priority, policy: policy, failures: nil,
            handler: onTheMainActor(handler))
    }

    /// Subscribes `owner` to every event whose type conforms to a protocol, with a main-actor
    /// handler run on the main actor: the matching of
    /// ``subscribe(owner:conformingTo:priority:handler:)-76frj`` with the delivery of
    /// ``subscribe(owner:for:on:priority:buffering:handler:)-(_,_,MainActorExecutor,_,_,_)``
    /// (queued with `.mainActor`; inline when published on the main actor and nothing waits with
    /// `.mainActorImmediate`), in publish order with the bus's other subscriptions on that
    /// executor. Lifetime and cancellation are the same.
    ///
    /// - Returns: A token that cancels this subscription early. Discarding it cancels nothing.
    @discardableResult
    public func subscribe<Owner: AnyObject, Existential: Sendable>(
        owner: Owner, conformingTo protocolType: Existential.Type, on executor: MainActorExecutor,
        priority: Int = 0, handler: @escaping @MainActor (Owner, Existential) -> Void
    ) -> SubscriptionToken {
        // The main actor's executors always have a lane (``LaneIdentity``).
        let member = LaneSubscription(
            owner: owner, lane: lanes.lane(for: executor)!, priority: priority,
            handler: onTheMainActor(handler))
        // Joined before the binding is listed, so no publish reaches it before it is a member.
        member.joinLane()
        return registerProtocol(member)
    }
}

/// A lane entry's handler for a main-actor `handler`. A lane of ``MainActorExecutor`` calls it
/// only on the main actor: from its drain job (a main-actor task) or inline from a publish made
/// on the main queue, which is the main actor's executor; `MainActor.assumeIsolated` checks it.
func onTheMainActor<Owner, Event: Sendable>(
    _ handler: @escaping @MainActor (Owner, Event) -> Void
) -> @Sendable (Owner, Event) -> Void {
    { owner, event in
        let mainActorOwner = MainActorBound(owner)
        MainActor.assumeIsolated { handler(mainActorOwner.value, event) }
    }
}
