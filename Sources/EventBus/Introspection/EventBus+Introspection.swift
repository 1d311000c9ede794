extension EventBus {
    /// The live subscriptions of every event type, grouped by type name (sorted), each group in
    /// delivery order. Use it to find the subscription that leaks: look for an owner type that
    /// should be gone, or a count that keeps growing.
    ///
    /// Safe to call from any thread, including from a handler. It locks each shard only to copy
    /// references to its lists (no handler runs, nothing is allocated under a lock but that
    /// copy) and builds the descriptions afterwards, so publishes are held up for a moment per
    /// shard, not for the whole call. Subscriptions that are cancelled, fired once, or whose
    /// owner is gone are left out even if their entries are not pruned yet. Protocol
    /// subscriptions are listed once, under the protocol's name. Observe-all taps are not
    /// subscriptions and are not listed.
    public func subscriptionSnapshot() -> [String: [SubscriptionInfo]] {
        var grouped: [String: [SubscriptionInfo]] = [:]
        for entry in store.allEntries() + protocols.targets() where !entry.isFinished && entry.tier == 0 {
            grouped[entry.eventTypeName, default: []].append(SubscriptionInfo(entry))
        }
        return grouped
    }

    /// How many live subscriptions events of `eventType` reach: its own, plus protocol
    /// subscriptions already matched to it by an earlier publish of the type.
    ///
    /// Cheap (one shard lock, no allocation) and safe from any thread; the answer can be out of
    /// date as soon as it returns if other threads subscribe or cancel meanwhile.
    public func subscriptionCount<Event: EventBusEvent>(for eventType: Event.Type) -> Int {
        store.liveCount(of: ObjectIdentifier(eventType))
    }

    /// Whether a publish of `eventType` would reach anyone right now (greenrobot's
    /// `hasSubscriberForEvent`). Same cost and caveats as ``subscriptionCount(for:)``.
    public func hasSubscribers<Event: EventBusEvent>(for eventType: Event.Type) -> Bool {
        subscriptionCount(for: eventType) > 0
    }
}
