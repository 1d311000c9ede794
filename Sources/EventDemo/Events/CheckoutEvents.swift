/// The user asked to check out the cart. High-priority subscribers (the audit) may veto it by
/// stopping propagation; otherwise `CartService` places the order.
public struct CheckoutRequestedEvent: DemoEvent, Equatable {
    /// Units in the cart.
    public var itemCount: Int
    /// The amount that would be charged.
    public var total: Money
    /// Creates the event.
    public init(itemCount: Int, total: Money) {
        self.itemCount = itemCount
        self.total = total
    }

    /// Published by `CartService`.
    public static let publisherName = "CartService"
    /// Count and total.
    public var summary: String { "\(itemCount) item\(itemCount == 1 ? "" : "s"), \(total)" }
}

/// `AuditService` refused a checkout; the cart stays as it was.
public struct CheckoutVetoedEvent: DemoEvent, Equatable {
    /// Why, in a few words (for example `over the €100.00 limit`).
    public var reason: String
    /// Creates the event.
    public init(reason: String) { self.reason = reason }

    /// Published by `AuditService`.
    public static let publisherName = "AuditService"
    /// The reason.
    public var summary: String { reason }
}
