/// Every delivery kind of the bus, for state subscriptions. Each behaves as its plain
/// counterpart (owner held weakly, token semantics, executors' FIFO and checks, cancellation)
/// and adds the query's chain and the replay.
///
/// ## Replay and ordering
/// With replay on (the default), the subscription first gets the current value, then every
/// later state publish of the type, in one order. Reading the current value and listing the
/// subscription happen under one lock, and the replay then runs on the subscribing thread with
/// no lock held; a value published meanwhile waits for the replay to finish. So the subscriber
/// never misses a value published during its subscribe and never sees the replayed value after
/// a newer one. Synchronous kinds run the replay before `subscribe` returns; executor kinds
/// queue it.
///
/// Calls for one subscription never overlap, even when many threads publish at once.
extension StateQuery {
    /// Subscribes `owner`: `handler` runs synchronously, on the publisher's thread (the
    /// subscriber's for the replay), for as long as `owner` lives.
    ///
    /// - Returns: A token that cancels this subscription early. Discarding it cancels nothing.
    @inlinable
    @discardableResult
    public func subscribe<Owner: AnyObject>(
        owner: Owner, handler: @escaping @Sendable (Owner, Output) -> Void
    ) -> SubscriptionToken {
        let reference = WeakOwner(owner)
        // The chain's last step, compiled here for `Owner` and `Output`. The owner is loaded only
        // for a value that passed the chain, and the strong reference keeps it alive while the
        // handler runs.
        let chain = buildChain { value in
            guard let owner = reference.object else { return .passed(.ownerGone) }
            handler(owner, value.pointee)
            return .passed(.delivered)
        }
        return registerOwned(chain, owner: reference)
    }

    /// Lists an ``OwnedStateSubscription`` running `chain`, whose last step loads `owner`.
    @usableFromInline
    func registerOwned<Owner: AnyObject>(_ chain: @escaping StateStage<State>, owner: WeakOwner<Owner>)
        -> SubscriptionToken
    {
        bus.registerState(
            OwnedStateSubscription(owner: owner, chain: chain), replaying: replaysCurrentValue,
            cancelsOnDeinit: false)
    }

    /// Subscribes `owner` for the first value that passes the chain only (the replayed one, if
    /// there is one and it passes). Runs synchronously, at most once.
    ///
    /// - Returns: A token that cancels the subscription before it fires. Discarding it cancels
    ///   nothing.
    @discardableResult
    public func subscribeOnce<Owner: AnyObject>(
        owner: Owner, handler: @escaping @Sendable (Owner, Output) -> Void
    ) -> SubscriptionToken {
        register(OwnedSubscription(owner: owner, once: true, priority: 0, handler: handler))
    }

    /// Subscribes `owner`, with `handler` running on `executor` in publish order. The chain runs
    /// when a value is published; only values that pass it are queued.
    ///
    /// The values are queued on the executor's lane, the one queue the bus keeps per executor
    /// (see <doc:ExecutorDelivery>): they run in publish order with the bus's plain executor and
    /// main-actor subscriptions on that executor, across event types, one drain job per burst.
    /// The replayed value is queued before `subscribe` returns, ahead of any later value. A
    /// value-type executor the bus cannot identify keeps a queue of its own.
    ///
    /// - Returns: A token that cancels this subscription early. Discarding it cancels nothing.
    @_disfavoredOverload
    @discardableResult
    public func subscribe<Owner: AnyObject>(
        owner: Owner, on executor: some EventBusExecutor,
        handler: @escaping @Sendable (Owner, Output) -> Void
    ) -> SubscriptionToken {
        // Disfavored so that `on: .mainActor` picks the main-actor overload (see the plain
        // executor overload on `EventBus`).
        subscribe(owner: owner, onExecutor: executor, handler: handler)
    }

    /// The executor subscription behind both `subscribe(owner:on:)` overloads: a separate
    /// name, so that the main-actor overload cannot call itself.
    func subscribe<Owner: AnyObject>(
        owner: Owner, onExecutor executor: some EventBusExecutor,
        handler: @escaping @Sendable (Owner, Output) -> Void
    ) -> SubscriptionToken {
        // The executor kinds take events; the selection rides in a struct that is one.
        let deliver: @Sendable (Owner, StateSelection<Output>) -> Void = { handler($0, $1.value) }
        let sink: Subscription<StateSelection<Output>>
        if let lane = bus.lanes.lane(for: executor) {
            let member = LaneSubscription(owner: owner, lane: lane, priority: 0, handler: deliver)
            // Joined before the entry is listed, so neither the replay nor a publish can reach it
            // before it is a member (as for plain lane subscriptions).
            member.joinLane()
            sink = member
        } else {
            sink = ExecutorSubscription(owner: owner, executor: executor, priority: 0, handler: deliver)
        }
        return register(sink) { .passed(sink.deliver(StateSelection(value: $0.pointee))) }
    }

    /// Subscribes without an owner: the returned token is the subscription's only anchor.
    /// `handler` runs synchronously, on the publisher's thread.
    ///
    /// - Returns: A token that must be kept; its release cancels the subscription.
    public func subscribe(handler: @escaping @Sendable (Output) -> Void) -> SubscriptionToken {
        register(OwnerlessSubscription(handler: handler), cancelsOnDeinit: true)
    }

    /// Returns an `AsyncStream` of the values that pass the chain, starting with the replayed
    /// one. Registered when called; ends when the consuming task is cancelled or the stream is
    /// released. Values wait for the consumer as `policy` allows: every value by default; a
    /// bound's drops are counted in ``SubscriptionInfo/droppedEventCount`` and shown to taps,
    /// as for ``EventBus/stream(for:buffering:)``.
    public func stream(buffering policy: EventBufferPolicy = .unbounded) -> AsyncStream<Output> {
        makeStream(of: Output.self, buffering: policy) { register($0, cancelsOnDeinit: true) }.stream
    }

    /// Renamed ``stream(buffering:)``, which takes the bus's one buffer policy type and keeps
    /// every value by default.
    @available(*, deprecated, renamed: "stream(buffering:)")
    public func stream(bufferingPolicy: AsyncStream<Output>.Continuation.BufferingPolicy) -> AsyncStream<
        Output
    > {
        stream(buffering: EventBufferPolicy(bufferingPolicy))
    }

    private func register(_ sink: Subscription<Output>, cancelsOnDeinit: Bool = false) -> SubscriptionToken {
        register(sink, cancelsOnDeinit: cancelsOnDeinit) { .passed(sink.deliver($0.pointee)) }
    }

    /// Lists a state subscription whose chain ends in `delivery` to `sink` (also for
    /// ``ObservedState``, whose delivery picks between two ways to its sink).
    func register(
        _ sink: AnySubscription, cancelsOnDeinit: Bool = false, delivery: @escaping StateStage<Output>
    ) -> SubscriptionToken {
        bus.registerState(
            StateSubscription(chain: buildChain(endingIn: delivery), sink: sink),
            replaying: replaysCurrentValue,
            cancelsOnDeinit: cancelsOnDeinit)
    }
}

/// A selected value on its way to an executor subscription, which only takes events.
struct StateSelection<Value: Sendable>: EventBusEvent {
    let value: Value
}
