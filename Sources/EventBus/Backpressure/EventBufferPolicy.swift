/// How many events a subscription may hold back while its handler is busy, and which ones it
/// gives up when that bound is reached.
///
/// Stepping subscriptions (``EventBus/subscribeStepping(owner:for:priority:buffering:handler:)``), paced
/// ones and executor mailboxes buffer the events that arrive while the handler cannot take them.
/// The policy is chosen when subscribing and never changes. Dropped events are counted
/// (``SubscriptionToken/droppedEventCount``) and reported to observe-all taps
/// (``PublishRecord/droppingRecipients``).
///
/// ```swift
/// bus.subscribeStepping(owner: self, buffering: .keepNewest(10)) { (owner, tick: PriceTick, promise) in
///     owner.show(tick)
///     promise.complete(.more)
/// }
/// ```
public enum EventBufferPolicy: Sendable, Hashable {
    /// Keeps every event. Memory grows without limit while the handler does not keep up, so
    /// ask for it only where the publisher is known to slow down on its own.
    case unbounded
    /// Keeps at most `limit` waiting events; when one more arrives, the oldest waiting one is
    /// dropped. Right for state that only matters at its latest value (prices, progress).
    /// A limit of 0 drops every event that arrives while the handler is busy.
    case keepNewest(Int)
    /// Keeps the first `limit` waiting events; later ones are dropped until there is room.
    /// Right when the start of a burst matters more than its end (the first error of many).
    case keepOldest(Int)

    /// The most events this policy keeps waiting, or `nil` for ``unbounded``.
    public var limit: Int? {
        switch self {
        case .unbounded: nil
        case .keepNewest(let limit), .keepOldest(let limit): max(0, limit)
        }
    }
}
