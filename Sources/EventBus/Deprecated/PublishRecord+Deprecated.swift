/// A tap record's second name for one count: how many subscriptions a publish reached is the
/// length of the list of them.
extension PublishRecord {
    /// How many subscriptions the event reached: always `recipients.count`.
    @available(*, deprecated, message: "use recipients.count")
    public var reachedCount: Int { recipients.count }
}
