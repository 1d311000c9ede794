import EventBus
import Synchronization

/// Holds the cart in a `Store`, whose state (``CartDidUpdateEvent``) is published as the bus's
/// current cart after every action; publishes ``CheckoutRequestedEvent`` when asked to check
/// out, and ``CheckoutDidCompleteEvent`` when that request was not vetoed.
///
/// Keys become ``CartAction``s dispatched to the store; only ``CartReducer`` changes the cart.
public final class CartService: Sendable {
    /// What `add()` puts in the cart, in turn.
    public static let catalog: [CartItem] = [
        CartItem(name: "Espresso beans 1kg", unitPrice: Money(cents: 1890)),
        CartItem(name: "Ceramic mug", unitPrice: Money(cents: 950)),
        CartItem(name: "Milk frother", unitPrice: Money(cents: 3400)),
        CartItem(name: "Paper filters ×100", unitPrice: Money(cents: 420)),
        CartItem(name: "Hand grinder", unitPrice: Money(cents: 5900)),
    ]

    /// The cart: a `Store` whose state, ``CartDidUpdateEvent``, is the bus's current cart, so a
    /// pane that subscribes later gets it at once.
    public let store: Store<CartDidUpdateEvent, CartAction>
    private let bus: EventBus
    /// What the next `add()` picks and the next order's number: the service's own bookkeeping,
    /// not cart state.
    private let counters = Mutex((nextProduct: 0, nextOrder: 1001))

    /// Creates an empty cart publishing on `bus`.
    public init(bus: EventBus) {
        self.bus = bus
        store = Store(bus: bus, initialState: CartDidUpdateEvent(items: []), reducer: CartReducer.reduce)
        // Default priority: interceptors above it (the audit) decide first.
        bus.subscribe(owner: self) { (service: CartService, request: CheckoutRequestedEvent) in
            service.placeOrder(for: request)
        }
    }

    /// Adds one unit of the next catalog product (cycling through ``catalog``).
    public func add() {
        let product = counters.withLock { counters in
            defer { counters.nextProduct += 1 }
            return Self.catalog[counters.nextProduct % Self.catalog.count]
        }
        store.dispatch(.add(item: product))
    }

    /// Removes one unit of the line at `index` (the last line if `nil`). On an empty cart the
    /// store publishes the unchanged cart, which its subscribers skip.
    public func removeOne(at index: Int? = nil) {
        let count = store.state.items.count
        store.dispatch(.remove(line: min(index ?? count - 1, count - 1)))
    }

    /// Empties the cart.
    public func clear() {
        store.dispatch(.clear)
    }

    /// Asks to check out: publishes ``CheckoutRequestedEvent``. Unless a higher-priority
    /// subscriber (the audit) stops it, the service's own subscription places the order:
    /// ``CheckoutDidCompleteEvent``, then the `checkout` action empties the cart. Returns `false`
    /// (publishing nothing) for an empty cart.
    @discardableResult
    public func checkout() -> Bool {
        let cart = store.state
        guard !cart.items.isEmpty else { return false }
        bus.publish(CheckoutRequestedEvent(itemCount: cart.itemCount, total: cart.total))
        return true
    }

    /// Places the order a request asked for, if the cart is still what was requested.
    private func placeOrder(for request: CheckoutRequestedEvent) {
        let cart = store.state
        guard !cart.items.isEmpty, cart.total == request.total else { return }
        let number = counters.withLock { counters in
            defer { counters.nextOrder += 1 }
            return counters.nextOrder
        }
        bus.publish(
            CheckoutDidCompleteEvent(orderNumber: number, itemCount: cart.itemCount, total: cart.total))
        store.dispatch(.checkout(orderNumber: number))
    }
}
