extension EventBus {
    /// Publishes `value` as the current value of its type, then delivers it like ``publish(_:fileID:line:function:)``.
    ///
    /// Use it for events that describe state ("the cart now holds these items"): a state
    /// subscription made later (``states(for:replaysCurrentValue:automaticallySkipsRepeats:)-18jlm``)
    /// gets the current value at once, then every later one. Storing the value and taking the
    /// snapshot of subscribers happen under one lock, so concurrent state publishes of one type
    /// have one order, and every state subscription sees them in that order, one at a time.
    ///
    /// Plain subscriptions of the type receive the value as from ``publish(_:fileID:line:function:)``. State
    /// subscriptions may receive it on the thread of another publisher of the same type: when
    /// their handler is busy with an earlier value (on another thread, or because the handler
    /// itself published), the value waits for it, and `publishState` returns without waiting.
    /// Observe-all taps also learn which state subscriptions' chains skipped the value, and why
    /// (``PublishRecord/skips``).
    ///
    /// A value published with plain ``publish(_:fileID:line:function:)`` reaches state subscriptions too, but does
    /// not become the current value.
    ///
    /// An interceptor that stops the value (``Propagation/stop``) stops its delivery, not its
    /// becoming current: the subscriptions after the interceptor skip this value, and only this
    /// one (each takes the next value as usual), while ``currentState(for:)`` returns it and a
    /// subscription made later gets it as its replay.
    ///
    /// Nested publishes of both kinds count towards ``nestingLimit``. A state publish nested
    /// deeper makes `value` the current value at once; only its delivery waits, in order, until
    /// the handlers at the limit have returned.
    ///
    /// `fileID`, `line` and `function` are the call site, for taps only, as in ``publish(_:fileID:line:function:)``.
    public func publishState<Event: EventBusEvent>(
        _ value: Event, fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) {
        let tapping = taps.isActive
        let sequenceNumber = tapping ? taps.takeSequenceNumber() : 0
        let callSite = CallSite(fileID: fileID, line: line, function: function)
        let protocolGeneration = protocols.generation
        if protocolGeneration != 0 {
            // Installs protocol subscriptions' adapters in this type's list when not done yet,
            // so that the snapshot taken with the value below includes them.
            _ = snapshotResolvingProtocols(
                of: ObjectIdentifier(Event.self), for: value, generation: protocolGeneration)
        }
        // The replaced value is moved to the stack and released here, outside the lock (a
        // value's deinit may run code); no `Event?` is built (see `AnyStateSlot`).
        let published = withUnsafeTemporaryAllocation(of: Event.self, capacity: 1) { replaced in
            let published = store.setState(value, movingReplacedTo: replaced.baseAddress!)
            if published.replacedAValue { replaced.baseAddress!.deinitialize(count: 1) }
            return published
        }
        let snapshot = published.snapshot
        let stateSequence = published.sequence

        // As in `publish`, inline: the closure that queues a delivery is made only when one is
        // queued, so a state publish allocates nothing.
        let nesting = PublishNesting.current(key: PublishNesting.key)
        let parent = tapping ? nesting.pointee.runningPublish?.parent(on: taps) : nil
        guard nesting.pointee.depth < Self.nestingLimit else {
            nesting.pointee.wait {
                self.deliverState(
                    value, to: snapshot, stateSequence: stateSequence, tapping: tapping,
                    sequenceNumber: sequenceNumber, callSite: callSite, parent: parent, nesting: nesting)
            }
            return
        }
        nesting.pointee.depth += 1
        deliverState(
            value, to: snapshot, stateSequence: stateSequence, tapping: tapping,
            sequenceNumber: sequenceNumber, callSite: callSite, parent: parent, nesting: nesting)
        if nesting.pointee.depth == Self.nestingLimit {
            PublishNesting.runWaiting(on: nesting)
        }
        nesting.pointee.depth -= 1
    }

    /// Offers a state value to the snapshot taken when it became current. Out of order values
    /// are not a concern here: each subscription's gate runs them by `stateSequence`.
    ///
    /// Both walks offer `stateSequence` to every entry of the snapshot, exactly once: as the
    /// value, or, for the entries after an interceptor that stopped it, as a pass
    /// (`passState`). A walk has no other early exit, and the gates rely on it: they wait for
    /// a number only while its walk is on its way (see `StateGate`).
    private func deliverState<Event: EventBusEvent>(
        _ value: Event, to snapshot: ContiguousArray<AnySubscription>, stateSequence: UInt64, tapping: Bool,
        sequenceNumber: UInt64, callSite: CallSite, parent: UInt64?,
        nesting: UnsafeMutablePointer<PublishNesting>
    ) {
        // A few stores on a path that takes a lock: always noted, for nested publishes' parent.
        let enclosing = nesting.pointee.tracedPublish
        nesting.pointee.tracedPublish = TracedPublish(
            taps: tapping ? ObjectIdentifier(taps) : nil, sequenceNumber: sequenceNumber, callSite: callSite,
            parent: parent, depth: nesting.pointee.depth)
        if tapping {
            deliverStateTraced(
                value, to: snapshot, stateSequence: stateSequence, sequenceNumber: sequenceNumber,
                callSite: callSite, parent: parent, nesting: nesting, enclosing: enclosing)
            return
        }
        if snapshot.isEmpty {
            publishDeadEvent(
                for: value, callSite: nesting.pointee.tracedPublish.callSite ?? .unknown, nesting: nesting)
        } else {
            // The value is handed to the entries by pointer (see `StateStage`), valid for the walk;
            // taken only when there is a walk (a generic call and its closure).
            withUnsafePointer(to: value) { pointer in
                deliverStateUntraced(
                    value, at: pointer, to: snapshot, stateSequence: stateSequence, nesting: nesting)
            }
        }
        nesting.pointee.tracedPublish = enclosing
    }

    /// The walk with no tap registered.
    private func deliverStateUntraced<Event: EventBusEvent>(
        _ value: Event, at pointer: UnsafePointer<Event>, to snapshot: ContiguousArray<AnySubscription>,
        stateSequence: UInt64, nesting: UnsafeMutablePointer<PublishNesting>
    ) {
        // Untraced: counts only. The traced walk's four record arrays, even empty, cost a retain
        // and a release each per publish. Unretained walk, as in `publish` (see there): `snapshot`
        // keeps every entry alive. The flags are the closure's locals, returned at the end:
        // captured from outside, each update was a store through a pointer.
        let (reachedAny, skippedOrDropped, needsPrune) = snapshot.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: Unmanaged<AnySubscription>.self) { entries in
                var reachedAny = false
                var skippedOrDropped = false  // skipped or dropped is not dead
                var needsPrune = false
                var stopper: Unmanaged<AnySubscription>?
                for entry in entries {
                    let result = entry._withUnsafeGuaranteedRef {
                        unsafeDowncast($0, to: Subscription<Event>.self).deliverState(
                            pointer, sequence: stateSequence)
                    }
                    // The common case first, in one compare (a one-byte result): delivered,
                    // and not held back by a step.
                    if result == .delivered {
                        reachedAny = true
                        entry._withUnsafeGuaranteedRef { $0.countDelivery() }
                        continue
                    }
                    // A value a chain skipped was neither delivered nor dropped, and its outcome
                    // is `.delivered` (the subscription goes on).
                    if result.isHeldBack {
                        skippedOrDropped = true
                        continue
                    }
                    let outcome = result.outcome
                    needsPrune = needsPrune || outcome.needsPrune
                    skippedOrDropped = skippedOrDropped || outcome.droppedAnEvent
                    guard outcome.reached else { continue }
                    reachedAny = true
                    entry._withUnsafeGuaranteedRef { $0.countDelivery() }
                    if outcome == .consumed {  // an interceptor stopped propagation
                        stopper = entry
                        break
                    }
                }
                if let stopper { Self.passState(stateSequence, toEntriesAfter: stopper, in: entries) }
                return (reachedAny, skippedOrDropped, needsPrune)
            }
        }
        if needsPrune {
            store.pruneFinished(of: ObjectIdentifier(Event.self))
        }
        if !reachedAny && !skippedOrDropped {
            publishDeadEvent(
                for: value, callSite: nesting.pointee.tracedPublish.callSite ?? .unknown, nesting: nesting)
        }
    }

    /// After an interceptor stopped a state value: its number goes by every entry after the
    /// interceptor (see `deliverState`). Kept out of the walk's loop, which then needs no
    /// position: an indexed loop made every state publish slower (docs/benchmark-results.md).
    @inline(never)
    private static func passState(
        _ stateSequence: UInt64, toEntriesAfter stopper: Unmanaged<AnySubscription>,
        in entries: UnsafeBufferPointer<Unmanaged<AnySubscription>>
    ) {
        guard let position = entries.firstIndex(where: { $0.toOpaque() == stopper.toOpaque() }) else {
            return
        }
        for later in entries[(position + 1)...] {
            later._withUnsafeGuaranteedRef { $0.passState(sequence: stateSequence) }
        }
    }

    /// ``deliverState(_:to:stateSequence:tapping:sequenceNumber:callSite:parent:nesting:)`` while a
    /// tap is registered: also records who got the value, who skipped it and why, for the taps.
    @inline(never)
    private func deliverStateTraced<Event: EventBusEvent>(
        _ value: Event, to snapshot: ContiguousArray<AnySubscription>, stateSequence: UInt64,
        sequenceNumber: UInt64, callSite: CallSite, parent: UInt64?,
        nesting: UnsafeMutablePointer<PublishNesting>, enclosing: TracedPublish
    ) {
        var reachedCount = 0
        var needsPrune = false
        var recipients: [PublishRecord.Recipient] = []
        var skips: [PublishRecord.Skip] = []
        var skippedCount = 0
        var consumer: PublishRecord.Recipient?
        var droppingRecipients: [PublishRecord.Recipient] = []
        var droppedAny = false
        // A retaining walk, a pointer per entry: the traced path is not the one kept lean.
        for (index, entry) in snapshot.enumerated() {
            let result = withUnsafePointer(to: value) {
                unsafeDowncast(entry, to: Subscription<Event>.self).deliverState($0, sequence: stateSequence)
            }
            needsPrune = needsPrune || result.outcome.needsPrune
            if result.outcome.droppedAnEvent {  // a full stream buffer
                droppedAny = true
                droppingRecipients.append(PublishRecord.Recipient(entry))
            }
            if let reason = result.skipReason {
                skippedCount += 1
                skips.append(PublishRecord.Skip(entry, reason: reason.name))
                continue
            }
            guard result.outcome.reached else { continue }
            reachedCount += 1
            entry.countDelivery()
            let recipient = PublishRecord.Recipient(entry)
            recipients.append(recipient)
            if result.outcome == .consumed {  // an interceptor stopped propagation
                consumer = recipient
                for later in snapshot[(index + 1)...] { later.passState(sequence: stateSequence) }
                break
            }
        }
        if needsPrune {
            store.pruneFinished(of: ObjectIdentifier(Event.self))
        }
        if reachedCount == 0 && skippedCount == 0 && !droppedAny {  // skipped or dropped is not dead
            publishDeadEvent(
                for: value, callSite: nesting.pointee.tracedPublish.callSite ?? .unknown, nesting: nesting)
        }
        nesting.pointee.tracedPublish = enclosing  // restored before the taps are told
        taps.notify(
            PublishRecord(
                event: value, eventTypeName: String(describing: Event.self), recipients: recipients,
                consumedBy: consumer, droppingRecipients: droppingRecipients,
                sequenceNumber: sequenceNumber, skips: skips, callSite: callSite,
                parentSequenceNumber: parent))
    }

    /// The current value of `type`: the last one published with ``publishState(_:fileID:line:function:)``, or `nil`
    /// if there was none or it was cleared since. Thread-safe; a state publish racing with this
    /// call is either fully before it or fully after it.
    public func currentState<Event: EventBusEvent>(for type: Event.Type = Event.self) -> Event? {
        store.currentState(of: type)
    }

    /// Forgets the current value of `type`, so that state subscriptions made from now on start
    /// without a replay. Subscribers are not told; publish a value that means "nothing" if they
    /// must be (for example an empty cart).
    public func clearState<Event: EventBusEvent>(for type: Event.Type) {
        let cleared = store.clearState(of: type)
        _ = consume cleared  // released after the unlock
    }

    /// Forgets the current value of its type only if it is still `value`, and says whether it
    /// did (greenrobot's `removeStickyEvent(event)`): for "clear the banner I put up, unless
    /// someone has replaced it since".
    ///
    /// Compares with `==` outside every lock, then forgets the value only if no state of the
    /// type was published in between; so it returns false when the current value differs, when
    /// there is none, and when another thread published one (even an equal one) meanwhile.
    /// Subscribers are not told, as with ``clearState(for:)``.
    @discardableResult
    public func clearState<Event: EventBusEvent & Equatable>(ifCurrent value: Event) -> Bool {
        let (current, sequence) = store.currentStateAndSequence(of: Event.self)
        guard let current, current == value else { return false }
        // The forgotten value is released here, after the unlock: its deinit may run code.
        return store.clearState(of: Event.self, ifSequence: sequence) != nil
    }

    /// Starts a state subscription to `type`: chain transforms on the returned query
    /// (`select(_:)`, ``StateQuery/skipRepeats()``, ``StateQuery/filter(_:)``, …),
    /// then subscribe with any delivery kind.
    ///
    /// ```swift
    /// bus.states(for: CartState.self)
    ///     .select(\.itemCount)
    ///     .subscribe(owner: self) { owner, count in owner.badge = count }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The event type published with ``publishState(_:fileID:line:function:)``.
    ///   - replaysCurrentValue: Whether a new subscription first gets the current value (if
    ///     there is one), before every later value. On by default.
    ///   - automaticallySkipsRepeats: Whether a chain whose output is `Equatable` ends with an
    ///     implicit ``StateQuery/skipRepeats()`` when it has no skip-repeats step of its own.
    ///     On by default, as in ReSwift; see the State Subscriptions guide. The output's
    ///     conformance is checked at run time, so the default holds in generic code that does
    ///     not know the type is `Equatable`.
    @inlinable
    public func states<Event: EventBusEvent>(
        for type: Event.Type, replaysCurrentValue: Bool = true, automaticallySkipsRepeats: Bool = true
    ) -> StateQuery<Event, Event> {
        StateQuery(
            bus: self, replaysCurrentValue: replaysCurrentValue,
            automaticallySkipsRepeats: automaticallySkipsRepeats,
            makeAutomaticSkip: StateSteps.skippingEqualAtRunTime(Event.self))
    }

    /// Starts a state subscription to an `Equatable` type; see
    /// ``states(for:replaysCurrentValue:automaticallySkipsRepeats:)-18jlm``. With
    /// automatic skipping on, a value equal to the previous one is skipped.
    @inlinable
    public func states<Event: EventBusEvent & Equatable>(
        for type: Event.Type, replaysCurrentValue: Bool = true, automaticallySkipsRepeats: Bool = true
    ) -> StateQuery<Event, Event> {
        StateQuery(
            bus: self, replaysCurrentValue: replaysCurrentValue,
            automaticallySkipsRepeats: automaticallySkipsRepeats,
            makeAutomaticSkip: StateSteps.skippingEqual(.automaticSkipRepeats))
    }

    /// Lists `entry`, then replays the current value to it on this thread, outside every lock.
    func registerState<Event>(_ entry: StateEntry<Event>, replaying: Bool, cancelsOnDeinit: Bool)
        -> SubscriptionToken
    {
        let replay = store.addState(entry, replaying: replaying)
        let token = SubscriptionToken(subscription: entry, store: store, cancelsOnDeinit: cancelsOnDeinit)
        if let replay { entry.replay(replay) }
        return token
    }
}
