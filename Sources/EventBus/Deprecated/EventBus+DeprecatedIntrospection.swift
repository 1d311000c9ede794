/// The owner-introspection spellings from before the owner had one label (`owner:`) and the
/// event type one (`for:`). Each forwards to its new spelling and behaves exactly as it does.
extension EventBus {
    /// Renamed ``isSubscribed(owner:)``: one label for the owner.
    @available(*, deprecated, renamed: "isSubscribed(owner:)")
    public func isSubscribed(_ owner: AnyObject) -> Bool {
        isSubscribed(owner: owner)
    }

    /// Renamed ``isSubscribed(owner:for:)``: one label for the owner, one for the event type.
    @available(*, deprecated, renamed: "isSubscribed(owner:for:)")
    public func isSubscribed(_ owner: AnyObject, to type: any Any.Type) -> Bool {
        isSubscribed(owner: owner, for: type)
    }

    /// Renamed ``subscriptions(owner:)``: one label for the owner.
    @available(*, deprecated, renamed: "subscriptions(owner:)")
    public func subscriptions(of owner: AnyObject) -> [SubscriptionInfo] {
        subscriptions(owner: owner)
    }
}
