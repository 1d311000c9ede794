import EventBus

/// Holds the cart and publishes ``CartDidUpdateEvent`` on every change,
/// ``CheckoutRequestedEvent`` when asked to check out, and ``CheckoutDidCompleteEvent`` when
/// that request was not vetoed.
///
/// Every method decides under the lock and publishes after releasing it, so a subscriber may
/// call back into the service.
public final class CartService: Sendable {
    /// What `add()` puts in the cart, in turn.
    public static let catalog: [CartItem] = [
        CartItem(name: "Espresso beans 1kg", unitPrice: Money(cents: 1890)),
        CartItem(name: "Ceramic mug", unitPrice: Money(cents: 950)),
        CartItem(name: "Milk frother", unitPrice: Money(cents: 3400)),
        CartItem(name: "Paper filters ×100", unitPrice: Money(cents: 420)),
        CartItem(name: "Hand grinder", unitPrice: Money(cents: 5900)),
    ]

    private struct State: Sendable {
        var items: [CartItem] = []
        var nextProduct = 0
        var nextOrder = 1001
    }

    private let bus: EventBus
    private let state = LockedValue(State())

    /// Creates an empty cart publishing on `bus`.
    public init(bus: EventBus) {
        self.bus = bus
        // Default priority: interceptors above it (the audit) decide first.
        bus.subscribe(owner: self) { (service: CartService, request: CheckoutRequestedEvent) in
            service.placeOrder(for: request)
        }
    }

    /// Adds one unit of the next catalog product (cycling through ``catalog``).
    public func add() {
        let items = state.withLock { state in
            let product = Self.catalog[state.nextProduct % Self.catalog.count]
            state.nextProduct += 1
            if let index = state.items.firstIndex(where: { $0.name == product.name }) {
                state.items[index].quantity += 1
            } else {
                state.items.append(product)
            }
            return state.items
        }
        bus.publish(CartDidUpdateEvent(items: items))
    }

    /// Removes one unit of the line at `index` (the last line if `nil`); no-op on an empty cart.
    public func removeOne(at index: Int? = nil) {
        let items: [CartItem]? = state.withLock { state in
            guard !state.items.isEmpty else { return nil }
            let line = min(index ?? state.items.count - 1, state.items.count - 1)
            state.items[line].quantity -= 1
            if state.items[line].quantity == 0 { state.items.remove(at: line) }
            return state.items
        }
        if let items { bus.publish(CartDidUpdateEvent(items: items)) }
    }

    /// Empties the cart; no-op when already empty.
    public func clear() {
        let changed = state.withLock { state in
            defer { state.items.removeAll() }
            return !state.items.isEmpty
        }
        if changed { bus.publish(CartDidUpdateEvent(items: [])) }
    }

    /// Asks to check out: publishes ``CheckoutRequestedEvent``. Unless a higher-priority
    /// subscriber (the audit) stops it, the service's own subscription places the order:
    /// ``CheckoutDidCompleteEvent``, then an empty ``CartDidUpdateEvent``. Returns `false`
    /// (publishing nothing) for an empty cart.
    @discardableResult
    public func checkout() -> Bool {
        let request: CheckoutRequestedEvent? = state.withLock { state in
            guard !state.items.isEmpty else { return nil }
            let cart = CartDidUpdateEvent(items: state.items)
            return CheckoutRequestedEvent(itemCount: cart.itemCount, total: cart.total)
        }
        guard let request else { return false }
        bus.publish(request)
        return true
    }

    /// Places the order a request asked for, if the cart is still what was requested.
    private func placeOrder(for request: CheckoutRequestedEvent) {
        let order: CheckoutDidCompleteEvent? = state.withLock { state in
            let cart = CartDidUpdateEvent(items: state.items)
            guard !state.items.isEmpty, cart.total == request.total else { return nil }
            defer {
                state.items.removeAll()
                state.nextOrder += 1
            }
            return CheckoutDidCompleteEvent(
                orderNumber: state.nextOrder, itemCount: cart.itemCount, total: cart.total)
        }
        guard let order else { return }
        bus.publish(order)
        bus.publish(CartDidUpdateEvent(items: []))
    }
}
