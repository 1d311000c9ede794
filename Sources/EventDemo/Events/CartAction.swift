import EventBus

/// What can happen to the cart: the actions `CartService`'s store reduces
/// (see ``CartReducer``). Published on the bus by `Store.dispatch`, so the event log shows them.
public enum CartAction: DemoEvent, Equatable {
    /// Put one unit of `item` in the cart. (Labelled, so a recording reads `"add":{"item":…}`.)
    case add(item: CartItem)
    /// Take one unit of the line at `line` out.
    case remove(line: Int)
    /// Empty the cart.
    case clear
    /// The order was placed: empty the cart.
    case checkout(orderNumber: Int)

    /// Dispatched by `CartService`.
    public static let publisherName = "CartService"
    /// The action in a few words.
    public var summary: String {
        switch self {
        case .add(let item): "add \(item.name)"
        case .remove(let line): "remove one of line \(line + 1)"
        case .clear: "clear"
        case .checkout(let order): "checkout #\(order)"
        }
    }
}

/// The cart's reducer: the only code that changes the cart. A pure function of the cart and
/// the action, as a `Store` requires.
public enum CartReducer {
    /// Folds `action` into `cart`. Removing from an empty cart or a line that does not exist,
    /// and clearing an empty cart, change nothing (the store still publishes the unchanged
    /// cart, which state subscribers skip as a repeat).
    public static func reduce(_ cart: inout CartDidUpdateEvent, _ action: CartAction) {
        switch action {
        case .add(let product):
            if let index = cart.items.firstIndex(where: { $0.name == product.name }) {
                cart.items[index].quantity += 1
            } else {
                cart.items.append(product)
            }
        case .remove(let line):
            guard cart.items.indices.contains(line) else { return }
            cart.items[line].quantity -= 1
            if cart.items[line].quantity == 0 { cart.items.remove(at: line) }
        case .clear, .checkout:
            cart.items.removeAll()
        }
    }
}
