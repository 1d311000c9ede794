import EventBus

/// The shopper pressed "check out". It carries the cart the shopper saw, so the service
/// decides on exactly that cart.
struct CheckoutRequestedEvent: EventBusEvent {
    let cart: Cart
}

/// An order was placed: what a receipt, a view model or an archive needs to know.
struct OrderDidPlaceEvent: EventBusEvent {
    let number: Int
    let items: [Item]
    let totalCents: Int
}

/// A checkout ended without an order. Every request ends with an event, success or not, so no
/// screen waits forever for an answer.
struct CheckoutDidFailEvent: EventBusEvent {
    let reason: String
}
