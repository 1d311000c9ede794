/// The token's spellings from before 1.0, kept for one release so code written against them
/// still compiles, with a fix-it to the new name.
extension SubscriptionToken {
    /// The former name of ``isFinished``: true once no event can reach the handler any more,
    /// which includes an owner's death and the bus's release, not only ``cancel()``.
    @available(*, deprecated, renamed: "isFinished")
    public var isCancelled: Bool { isFinished }
}
