/// An owner-bound synchronous subscription whose handler may stop propagation.
final class OwnedInterceptor<Owner: AnyObject, Event>: OwnerBoundSubscription<Owner, Event>,
    @unchecked Sendable
{
    // safe: `handler` is immutable.
    private let handler: @Sendable (Owner, Event) -> Propagation

    init(owner: Owner, priority: Int, handler: @escaping @Sendable (Owner, Event) -> Propagation) {
        self.handler = handler
        super.init(owner: owner, priority: priority)
    }

    override var deliveryKind: SubscriptionInfo.Delivery { .interceptor }

    override func deliver(_ event: Event) -> DeliveryOutcome {
        guard !isCancelled else { return .skipped }
        guard let owner else { return .ownerGone }
        return handler(owner, event) == .stop ? .consumed : .delivered
    }
}

/// An owner-less synchronous subscription whose handler may stop propagation.
final class OwnerlessInterceptor<Event>: Subscription<Event>, @unchecked Sendable {
    // safe: `handler` is immutable.
    private let handler: @Sendable (Event) -> Propagation

    init(priority: Int, handler: @escaping @Sendable (Event) -> Propagation) {
        self.handler = handler
        super.init(eventKey: ObjectIdentifier(Event.self), priority: priority)
    }

    override var deliveryKind: SubscriptionInfo.Delivery { .interceptor }

    override func deliver(_ event: Event) -> DeliveryOutcome {
        guard !isCancelled else { return .skipped }
        return handler(event) == .stop ? .consumed : .delivered
    }
}
