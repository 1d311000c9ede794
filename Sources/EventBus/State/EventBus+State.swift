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
        publishState(value, at: CallSite(fileID: fileID, line: line, function: function))
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
