import EventBus

/// One line of the cart. Prices are whole cents, so totals add up exactly.
struct Item: Sendable, Equatable {
    let name: String
    let priceCents: Int
}

/// The cart: the state of the shop's `Store`. A state is an event too, so the bus can hand the
/// current cart to anyone who subscribes later. `Equatable` lets subscribers skip a cart
/// that did not change.
struct Cart: EventBusEvent, Equatable {
    var items: [Item] = []

    var itemCount: Int { items.count }
    var totalCents: Int { items.reduce(0) { $0 + $1.priceCents } }
}

/// What can happen to the cart. Actions are events: the store reduces every `CartAction`
/// published on its bus, whoever publishes it (the checkout service clears the cart this way
/// without knowing the store).
enum CartAction: EventBusEvent {
    case add(Item)
    case remove(named: String)
    case clear
}

extension Cart {
    /// The reducer: the only place the cart changes. It computes and returns, nothing else
    /// (no publishing, no dispatching), so the same actions always give the same cart.
    static func reduce(_ cart: inout Cart, _ action: CartAction) {
        switch action {
        case .add(let item):
            cart.items.append(item)
        case .remove(let name):
            // Removing what is not in the cart leaves it equal to before; subscribers skip it.
            if let index = cart.items.firstIndex(where: { $0.name == name }) {
                cart.items.remove(at: index)
            }
        case .clear:
            cart.items.removeAll()
        }
    }
}

/// `€7.50`, without Foundation's formatters (the example depends on `EventBus` alone).
func euros(_ cents: Int) -> String {
    let remainder = cents % 100
    return "€\(cents / 100).\(remainder < 10 ? "0" : "")\(remainder)"
}
