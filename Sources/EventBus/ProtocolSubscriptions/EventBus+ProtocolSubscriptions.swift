extension EventBus {
    /// Subscribes `owner` to every event whose type conforms to a protocol, such as all
    /// `CartEvent`s, or every event with `(any EventBusEvent).self`.
    ///
    /// The handler gets the event as the protocol's existential and runs synchronously on the
    /// publisher's thread. In a publish it runs in descending `priority` together with the
    /// event type's own subscriptions; among equal priorities, after them (in the order the
    /// protocol subscriptions were made). Stop propagation, dead events and taps treat it like
    /// any other subscription. The owner is held weakly.
    ///
    /// Which concrete types match is worked out once per type, on its first publish after a
    /// protocol subscription was added or removed, and cached in that type's list; a publish of
    /// a type that matches nothing pays one comparison for the feature, and a bus without
    /// protocol subscriptions one atomic load.
    ///
    /// ```swift
    /// protocol CartEvent: EventBusEvent {}
    /// bus.subscribe(owner: cartLog, conformingTo: (any CartEvent).self) { log, event in
    ///     log.append("\(type(of: event))")
    /// }
    /// ```
    ///
    /// - Returns: A token that cancels this subscription early. Discarding it cancels nothing.
    @discardableResult
    public func subscribe<Owner: AnyObject, Existential: Sendable>(
        owner: Owner, conformingTo protocolType: Existential.Type, priority: Int = 0,
        handler: @escaping @Sendable (Owner, Existential) -> Void
    ) -> SubscriptionToken {
        registerProtocol(OwnedSubscription(owner: owner, once: false, priority: priority, handler: handler))
    }

    /// Subscribes an owner-less handler to every event whose type conforms to a protocol; same
    /// matching and ordering as the owner-bound variant.
    ///
    /// - Returns: A token that must be kept; its release cancels the subscription.
    public func subscribe<Existential: Sendable>(
        conformingTo protocolType: Existential.Type, priority: Int = 0,
        handler: @escaping @Sendable (Existential) -> Void
    ) -> SubscriptionToken {
        registerProtocol(OwnerlessSubscription(priority: priority, handler: handler), cancelsOnDeinit: true)
    }

    /// Subscribes `owner` to every event whose type conforms to a protocol, with a handler that
    /// may throw: the matching and order of ``subscribe(owner:conformingTo:priority:handler:)-76frj``,
    /// the error reporting of the throwing single-type variant (each error reported once, with
    /// the concrete event, to ``setFailureHandler(_:)`` and the taps; delivery goes on).
    ///
    /// - Returns: A token that cancels this subscription early. Discarding it cancels nothing.
    @discardableResult
    public func subscribe<Owner: AnyObject, Existential: Sendable>(
        owner: Owner, conformingTo protocolType: Existential.Type, priority: Int = 0,
        handler: @escaping @Sendable (Owner, Existential) throws -> Void
    ) -> SubscriptionToken {
        registerProtocol(
            ThrowingOwnedSubscription(owner: owner, priority: priority, failures: failures, handler: handler))
    }

    /// Subscribes `owner` to every event whose type conforms to a protocol, with an `async`
    /// handler: the matching of ``subscribe(owner:conformingTo:priority:handler:)-76frj``, the
    /// delivery of ``subscribeAsync(owner:for:on:priority:buffering:handler:)``.
    ///
    /// Queued during the publish, never run inside it: one task per subscription handles one
    /// event at a time in publish order, on `executor` if given, buffered as `policy` allows.
    /// The owner is held weakly and checked before each event. Cancelling releases the queued
    /// events and cancels the running handler's task.
    ///
    /// - Returns: A token that cancels this subscription early. Discarding it cancels nothing.
    @discardableResult
    public func subscribeAsync<Owner: AnyObject, Existential: Sendable>(
        owner: Owner, conformingTo protocolType: Existential.Type, on executor: (any TaskExecutor)? = nil,
        priority: Int = 0, buffering policy: EventBufferPolicy = .unbounded,
        handler: @escaping @Sendable (Owner, Existential) async throws -> Void
    ) -> SubscriptionToken {
        registerProtocol(
            AsyncSubscription(
                anchor: .owner(owner), priority: priority, executor: executor, policy: policy,
                failures: failures
            ) { owner, event in
                // The anchor only hands back the owner it was created with. A checked cast:
                // `unsafeDowncast` saved nothing measurable.
                try await handler(owner as! Owner, event)
            })
    }

    /// Subscribes `owner` to every event whose type conforms to a protocol, delivered on
    /// `executor`: the matching of ``subscribe(owner:conformingTo:priority:handler:)-76frj`` with the
    /// delivery of ``subscribe(owner:for:on:priority:buffering:handler:)-1uqz4`` (queued during the publish in
    /// priority order, run later on the executor, FIFO per subscription; owner and cancellation
    /// checked again before each call). The events are queued on the executor's lane, so they
    /// run in publish order with the bus's other subscriptions on that executor, one drain job
    /// per burst (see <doc:ExecutorDelivery>); a value-type executor the bus cannot identify
    /// keeps a queue of its own.
    ///
    /// - Returns: A token that cancels this subscription early. Discarding it cancels nothing.
    @_disfavoredOverload
    @discardableResult
    public func subscribe<Owner: AnyObject, Existential: Sendable>(
        owner: Owner, conformingTo protocolType: Existential.Type, on executor: some EventBusExecutor,
        priority: Int = 0, handler: @escaping @Sendable (Owner, Existential) -> Void
    ) -> SubscriptionToken {
        // Disfavored so that `on: .mainActor` picks the main-actor overload (see the plain
        // executor overload).
        guard let lane = lanes.lane(for: executor) else {
            return registerProtocol(
                ExecutorSubscription(owner: owner, executor: executor, priority: priority, handler: handler))
        }
        let member = LaneSubscription(owner: owner, lane: lane, priority: priority, handler: handler)
        // Joined before the binding is listed, so no publish reaches it before it is a member.
        member.joinLane()
        return registerProtocol(member)
    }

    func registerProtocol<Existential>(
        _ target: Subscription<Existential>, cancelsOnDeinit: Bool = false
    ) -> SubscriptionToken {
        if Self.eventsCanMatch(Existential.self) {
            protocols.add(ProtocolBinding(target: target))
        } else {
            // Not registered: it could never run, and would be listed as a subscription.
            target.markCancelled()
            writeToStandardError(
                "EventBus: subscribe(conformingTo: \(String(reflecting: Existential.self)).self) can never match an "
                    + "event: pass a protocol's existential, such as (any CartEvent).self; nothing was subscribed\n"
            )
        }
        return SubscriptionToken(subscription: target, store: protocols, cancelsOnDeinit: cancelsOnDeinit)
    }

    /// Whether a published event can ever be a `type`: true for a protocol's existential (and
    /// `Any`), for a class (an event class may inherit from it), and for an event type itself;
    /// false for a struct or enum that is not an event, such as `Int`.
    ///
    /// Swift has no public test for "is an existential": the runtime spells an existential's
    /// metatype `P.Protocol` and every other type's `T.Type`, which is what this reads.
    static func eventsCanMatch<T>(_ type: T.Type) -> Bool {
        if type is any EventBusEvent.Type || type is AnyObject.Type { return true }
        return String(describing: Swift.type(of: type)).hasSuffix(".Protocol")
    }

    /// The snapshot for a publish while protocol subscriptions exist: the cached list when its
    /// matches are current, otherwise the matches are resolved with this event, installed, and
    /// the list is read again. Nothing here runs user code (conformance checks and allocation).
    ///
    /// The cached case is inlined into `publish` and the resolution kept out of line: as a call,
    /// the check cost a publish of an unmatched type mostly call overhead.
    @inline(__always)
    func snapshotResolvingProtocols<Event: EventBusEvent>(
        of eventKey: ObjectIdentifier, for event: Event, generation: UInt64
    ) -> ContiguousArray<AnySubscription> {
        if let snapshot = store.snapshot(of: eventKey, ifResolvedAt: generation) { return snapshot }
        return resolveProtocols(of: eventKey, for: event)
    }

    @inline(never)
    private func resolveProtocols<Event: EventBusEvent>(
        of eventKey: ObjectIdentifier, for event: Event
    ) -> ContiguousArray<AnySubscription> {
        let current = protocols.bindings()
        let adapters = current.bindings.compactMap { $0.adapter(for: event) }
        store.installProtocolAdapters(adapters, for: eventKey, generation: current.generation)
        return store.snapshot(of: eventKey)
    }
}
