/// A container of tokens that can cancel them all at once.
///
/// A bag only keeps tokens: each subscription keeps the rule of the call that made it (see
/// ``SubscriptionToken``'s Lifetime). Releasing the bag releases its tokens, which ends the
/// owner-less subscriptions no one else holds a token of; owner-bound ones end with their
/// owner. ``cancelAll()`` ends every subscription in the bag, whatever its kind.
///
/// Give an object a bag for its owner-less subscriptions, so that they end with the object:
///
/// ```swift
/// final class CartBadge {
///     private let subscriptions = SubscriptionBag()
///
///     init(bus: EventBus) {
///         bus.subscribe(for: CartDidUpdateEvent.self) { print($0.itemCount) }
///             .store(in: subscriptions)
///     }
/// }
/// ```
///
/// All methods are thread-safe. ``cancelAll()`` cancels tokens in insertion order, outside the
/// bag's lock.
public final class SubscriptionBag: Sendable {
    // No deinit: releasing the tokens is all a bag's release does, and the storage's release
    // does it, with no lock held.
    private let tokens = LockedValue<[SubscriptionToken]>([])

    /// Creates an empty bag.
    public init() {}

    /// Keeps `token` until the next ``cancelAll()`` or the bag's release. It changes nothing
    /// about the subscription's rule: an owner-less one lasts while its token is held, an
    /// owner-bound one while its owner lives (see ``SubscriptionToken``'s Lifetime).
    public func insert(_ token: SubscriptionToken) {
        tokens.withLock { $0.append(token) }
    }

    /// Cancels every token in the bag, owner-bound or not, and empties it. The bag can be
    /// reused afterwards.
    public func cancelAll() {
        let taken = tokens.withLock { tokens in
            defer { tokens = [] }
            return tokens
        }
        for token in taken {
            token.cancel()
        }
    }

    /// The number of tokens in the bag, cancelled or not.
    public var count: Int { tokens.withLock { $0.count } }
}
