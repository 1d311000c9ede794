/// A container that cancels the subscriptions it holds when it is released.
///
/// Give an object a bag and store its tokens in it to end all of its subscriptions with the
/// object, whatever their kind:
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
/// All methods are thread-safe. Tokens are cancelled in insertion order, outside the bag's lock.
public final class SubscriptionBag: Sendable {
    private let tokens = LockedValue<[SubscriptionToken]>([])

    /// Creates an empty bag.
    public init() {}

    deinit {
        cancelAll()
    }

    /// Adds `token`, which then owns its subscription whatever its kind: it is cancelled by the
    /// next ``cancelAll()`` or when the bag is released (see ``SubscriptionToken``'s Lifetime).
    public func insert(_ token: SubscriptionToken) {
        token.ownSubscription()
        tokens.withLock { $0.append(token) }
    }

    /// Cancels every token in the bag and empties it. The bag can be reused afterwards.
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
