extension EventBus {
    /// Whether `owner` has at least one live subscription on this bus, of any kind and type
    /// (greenrobot's `isRegistered`).
    ///
    /// Thread-safe; a snapshot that another thread's subscribe, cancel or the owner's release
    /// may change as soon as it returns. Costs a walk over `owner`'s own subscriptions (the bus
    /// keeps an index by owner), not over the bus's. Owner-less subscriptions have no owner
    /// and never count.
    public func isSubscribed(owner: AnyObject) -> Bool {
        !subscriptions(owner: owner).isEmpty
    }

    /// Whether `owner` has a live subscription filed under `type`: an event type, or a protocol
    /// existential for a protocol subscription (`(any CartEvent).self`).
    ///
    /// Only subscriptions made for exactly that type count: a protocol subscription that
    /// matches `type` is filed under its protocol. Same threading and cost as
    /// ``isSubscribed(owner:)``.
    public func isSubscribed(owner: AnyObject, for type: any Any.Type) -> Bool {
        let key = ObjectIdentifier(type)
        return !store.liveEntries(ownedBy: owner, eventKey: key).isEmpty
            || protocols.targets().contains { $0.eventKey == key && $0.isOwned(by: owner) && !$0.isFinished }
    }

    /// Descriptions of `owner`'s live subscriptions, exact-type and protocol ones, newest first.
    /// Copies that keep nothing alive, as in ``subscriptionSnapshot()``.
    public func subscriptions(owner: AnyObject) -> [SubscriptionInfo] {
        let entries =
            store.liveEntries(ownedBy: owner, eventKey: nil)
            + protocols.targets().filter { $0.isOwned(by: owner) && !$0.isFinished }
        return entries.map(SubscriptionInfo.init)
    }
}
