/// A protocol subscription as the resolver sees it: a target subscription of the protocol's
/// existential type, and a test of whether a concrete event type conforms.
protocol AnyProtocolBinding: AnyObject, Sendable {
    var target: AnySubscription { get }

    /// An entry that delivers events of `Event`'s type to the target, or nil when the type
    /// does not conform. Conformance belongs to the type, not the value, so the answer is
    /// cached for the type; the value is only needed to ask the runtime.
    func adapter<Event: EventBusEvent>(for event: Event) -> AnySubscription?
}

final class ProtocolBinding<Existential>: AnyProtocolBinding {
    let target: AnySubscription
    private let typedTarget: Subscription<Existential>

    init(target: Subscription<Existential>) {
        self.target = target
        typedTarget = target
    }

    func adapter<Event: EventBusEvent>(for event: Event) -> AnySubscription? {
        guard !target.isFinished, event is Existential else { return nil }
        return ProtocolAdapter<Event, Existential>(target: typedTarget)
    }
}

/// Files a protocol subscription under one concrete event type's list, so that publishing that
/// type delivers to it with the plain loop and no lookup. Runs after the type's own
/// subscriptions of the same priority (tier 1).
// Sendable (see the list in Subscription.swift): immutable
final class ProtocolAdapter<Event, Existential>: Subscription<Event> {
    private let target: Subscription<Existential>

    init(target: Subscription<Existential>) {
        self.target = target
        super.init(eventKey: ObjectIdentifier(Event.self), priority: target.priority)
    }

    override var tier: Int { 1 }
    override var isOwnerGone: Bool { target.isFinished }
    override func isOwnerGone(holding held: inout HeldOwners) -> Bool { target.isFinished(holding: &held) }
    override var subscriberName: String { target.subscriberName }
    override var executorLabel: String { target.executorLabel }
    override var deliveryKind: SubscriptionInfo.Delivery { target.deliveryKind }
    override var isOwnerBound: Bool { target.isOwnerBound }
    override var wantsCallSites: Bool { target.wantsCallSites }

    /// The store retires an adapter it prunes; when that is because the target ended (its owner
    /// gone), the target is retired too, so an executor target leaves its lane at once rather
    /// than when the protocol store next changes. Retiring twice is harmless.
    override func retire() {
        if target.isFinished { target.retire() }
    }

    override func deliver(_ event: Event) -> DeliveryOutcome {
        // The cast boxes the event in the protocol's existential; the type is known to conform.
        let outcome = target.deliver(event as! Existential)
        if outcome.reached { target.countDelivery() }
        return outcome
    }
}
