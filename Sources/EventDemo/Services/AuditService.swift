import EventBus

/// Validates checkouts before anyone acts on them: an interceptor at a high priority that stops
/// a ``CheckoutRequestedEvent`` over ``limit``, so `CartService` never places that order, and
/// publishes ``CheckoutVetoedEvent`` saying why. The event log shows the request as stopped by
/// `AuditService`.
public final class AuditService: Sendable {
    /// Orders above this need a manager (the demo has none), so they are refused.
    public static let limit = Money(cents: 10_000)
    /// Runs before every ordinary subscriber of the request.
    public static let priority = 100

    private let bus: EventBus

    /// Creates the service and subscribes it for as long as it lives.
    public init(bus: EventBus) {
        self.bus = bus
        bus.intercept(owner: self, priority: Self.priority) {
            (audit: AuditService, event: CheckoutRequestedEvent) in
            audit.review(event)
        }
    }

    private func review(_ request: CheckoutRequestedEvent) -> Propagation {
        guard request.total > Self.limit else { return .proceed }
        bus.publish(CheckoutVetoedEvent(reason: "over the \(Self.limit) limit"))
        return .stop
    }
}
