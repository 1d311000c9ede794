extension EventBus {
    /// The live subscriptions of every event type, grouped by type, each group in delivery
    /// order. Use it to find the subscription that leaks: look for an owner type that should be
    /// gone, or a count that keeps growing.
    ///
    /// Types are told apart by identity: `Shop.Clash` and `Billing.Clash` are two keys, whose
    /// ``EventType/qualifiedName``s differ. Sort the keys for a stable order
    /// (`snapshot.keys.sorted()` orders them by qualified name).
    ///
    /// Safe to call from any thread, including from a handler. It locks each shard only to copy
    /// references to its lists (no handler runs, nothing is allocated under a lock but that
    /// copy) and builds the descriptions afterwards, so publishes are held up for a moment per
    /// shard, not for the whole call. Subscriptions that are cancelled, fired once, or whose
    /// owner is gone are left out even if their entries are not pruned yet. Protocol
    /// subscriptions are listed once, under the protocol's existential type. Observe-all taps
    /// are not subscriptions and are not listed.
    public func subscriptionSnapshot() -> [EventType: [SubscriptionInfo]] {
        var grouped: [EventType: [SubscriptionInfo]] = [:]
        for entry in store.allEntries() + protocols.targets() where !entry.isFinished && entry.tier == 0 {
            grouped[entry.eventType, default: []].append(SubscriptionInfo(entry))
        }
        return grouped
    }

    /// How many live subscriptions a publish of `event` would reach right now: its type's own,
    /// plus every protocol subscription whose protocol the type conforms to.
    ///
    /// The value is needed because Swift can only test a protocol conformance on a value, not
    /// on a type alone; the answer is the same for every value of the type. It never delivers
    /// anything. Safe from any thread; the answer can be out of date as soon as it returns if
    /// other threads subscribe or cancel meanwhile.
    public func subscriptionCount<Event: EventBusEvent>(for event: Event) -> Int {
        let eventKey = ObjectIdentifier(Event.self)
        let generation = protocols.generation
        let snapshot =
            generation == 0
            ? store.snapshot(of: eventKey)
            : snapshotResolvingProtocols(of: eventKey, for: event, generation: generation)
        return snapshot.reduce(0) { $0 + ($1.isFinished ? 0 : 1) }
    }

    /// Whether a publish of `event` would reach anyone right now, protocol subscriptions
    /// included (greenrobot's `hasSubscriberForEvent`). Same cost and caveats as
    /// ``subscriptionCount(for:)``.
    ///
    /// ```swift
    /// let event = CartDidUpdateEvent(itemCount: 3)
    /// if bus.hasSubscribers(for: event) { bus.publish(event) }
    /// ```
    public func hasSubscribers<Event: EventBusEvent>(for event: Event) -> Bool {
        subscriptionCount(for: event) > 0
    }

    /// How many live subscriptions `eventType` has of its own: subscriptions to exactly that
    /// type, never protocol subscriptions (``subscriptionCount(for:)`` counts those, given an
    /// event).
    ///
    /// Cheap (one shard lock, no allocation) and safe from any thread; the answer can be out of
    /// date as soon as it returns if other threads subscribe or cancel meanwhile.
    public func subscriptionCount<Event: EventBusEvent>(forExactType eventType: Event.Type) -> Int {
        store.snapshot(of: ObjectIdentifier(eventType)).reduce(0) {
            $0 + ($1.isFinished || $1.tier != 0 ? 0 : 1)
        }
    }

    /// Whether `eventType` has live subscriptions of its own (protocol subscriptions not
    /// counted; see ``subscriptionCount(forExactType:)``).
    public func hasSubscribers<Event: EventBusEvent>(forExactType eventType: Event.Type) -> Bool {
        subscriptionCount(forExactType: eventType) > 0
    }

    /// Replaced: counting by type alone cannot see protocol subscriptions.
    @available(
        *, unavailable, renamed: "subscriptionCount(forExactType:)",
        message:
            "a type alone cannot be matched against protocol subscriptions: pass an event value to count them, or use forExactType: to count the type's own subscriptions"
    )
    public func subscriptionCount<Event: EventBusEvent>(for eventType: Event.Type) -> Int {
        subscriptionCount(forExactType: eventType)
    }

    /// Replaced: asking by type alone cannot see protocol subscriptions.
    @available(
        *, unavailable, renamed: "hasSubscribers(forExactType:)",
        message:
            "a type alone cannot be matched against protocol subscriptions: pass an event value to include them, or use forExactType: for the type's own subscriptions"
    )
    public func hasSubscribers<Event: EventBusEvent>(for eventType: Event.Type) -> Bool {
        hasSubscribers(forExactType: eventType)
    }
}
