/// `LoyaltyService` stamped a member's card for an order and awarded its points; `ProfileService`
/// credits them and the cart pane shows them under the order. Published inside the order's
/// ``CheckoutDidCompleteEvent`` (a nested publish). A user without a card gets no points: the
/// service's handler throws instead, and nothing is published.
public struct LoyaltyDidAwardPointsEvent: DemoEvent, Equatable {
    // Most telling first (see DemoEvent): the points, for which order, whose.
    /// How many points.
    public var points: Int
    /// The order the points are for.
    public var orderNumber: Int
    /// Whose card was stamped.
    public var userID: String
    /// Creates the event.
    public init(userID: String, orderNumber: Int, points: Int) {
        self.userID = userID
        self.orderNumber = orderNumber
        self.points = points
    }

    /// Published by `LoyaltyService`.
    public static let publisherName = "LoyaltyService"
    /// Points and order.
    public var summary: String { "+\(points) pts for order #\(orderNumber)" }
}
