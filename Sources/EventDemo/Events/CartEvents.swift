/// An amount of money in euro cents; integers so totals never drift.
public struct Money: Equatable, Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    /// Euro cents.
    public var cents: Int
    /// Creates an amount.
    public init(cents: Int) { self.cents = cents }

    /// Zero euros.
    public static let zero = Money(cents: 0)

    /// `€12.50`.
    public var description: String {
        let sign = cents < 0 ? "-" : ""
        let absolute = abs(cents)
        let fraction = absolute % 100
        return "\(sign)€\(absolute / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// Adds two amounts.
    public static func + (lhs: Money, rhs: Money) -> Money { Money(cents: lhs.cents + rhs.cents) }
    /// Multiplies by a quantity.
    public static func * (lhs: Money, rhs: Int) -> Money { Money(cents: lhs.cents * rhs) }
    /// Orders by amount.
    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.cents < rhs.cents }
}

/// A line in the cart.
public struct CartItem: Equatable, Sendable, Codable {
    // Most telling first (see DemoEvent): what, how many, at what price.
    /// Product name.
    public var name: String
    /// How many; always at least 1.
    public var quantity: Int
    /// Price of one.
    public var unitPrice: Money
    /// Price times quantity.
    public var subtotal: Money { unitPrice * quantity }

    /// Creates a line.
    public init(name: String, unitPrice: Money, quantity: Int = 1) {
        self.name = name
        self.unitPrice = unitPrice
        self.quantity = quantity
    }
}

/// The cart changed (item added or removed, cleared, or emptied by checkout).
public struct CartDidUpdateEvent: DemoEvent, Equatable {
    /// The cart's lines after the change.
    public var items: [CartItem]
    /// Creates the event.
    public init(items: [CartItem]) { self.items = items }

    /// Sum of all lines.
    public var total: Money { items.reduce(.zero) { $0 + $1.subtotal } }
    /// Number of units.
    public var itemCount: Int { items.reduce(0) { $0 + $1.quantity } }

    /// Published by `CartService`.
    public static let publisherName = "CartService"
    /// Count and total.
    public var summary: String {
        items.isEmpty ? "empty cart" : "\(itemCount) item\(itemCount == 1 ? "" : "s"), \(total)"
    }
}

/// An order was placed; the cart is emptied right after.
public struct CheckoutDidCompleteEvent: DemoEvent, Equatable {
    // Most telling first (see DemoEvent): which order, what it cost, then its size.
    /// Order number, `#1001` and up.
    public var orderNumber: Int
    /// Amount charged.
    public var total: Money
    /// Units ordered.
    public var itemCount: Int
    /// Creates the event.
    public init(orderNumber: Int, itemCount: Int, total: Money) {
        self.orderNumber = orderNumber
        self.itemCount = itemCount
        self.total = total
    }

    /// Loyalty points earned: one per whole euro.
    public var pointsEarned: Int { total.cents / 100 }

    /// Published by `CartService`.
    public static let publisherName = "CartService"
    /// Order number and total.
    public var summary: String { "order #\(orderNumber), \(total)" }
}
