/// An error thrown by a subscription's handler, as reported to the bus's failure handler and
/// to observe-all taps. See ``EventBus/setFailureHandler(_:)``.
public struct SubscriberFailure: Sendable {
    /// What the handler threw.
    public let error: any Error
    /// The event the handler was given.
    public let event: any EventBusEvent
    /// The event's concrete type name (for a protocol subscription, the type that matched), as
    /// `String(describing:)` prints it; ``eventType`` has its identity and qualified name.
    public let eventTypeName: String
    /// The event's concrete type: its identity and module-qualified name.
    public var eventType: EventType { EventType(type(of: event)) }
    /// The subscription whose handler threw: its owner type (the subscriber), delivery kind,
    /// executor, priority and how many events it had received.
    public let subscription: SubscriptionInfo
    /// Where the event was published, for a synchronous handler (it threw inside that
    /// `publish`); nil for handlers that run later (executors, streams, async handlers). An
    /// interceptor's error names it only on a bus that notes call sites anyway (one with a tap,
    /// a ``DeadEvent`` subscriber or a throwing `subscribe` handler): every interceptor may
    /// throw, and noting call sites for all of them would put every bus with one on the
    /// slower traced path.
    public let callSite: CallSite?
    /// The ``PublishRecord/sequenceNumber`` of the publish whose delivery failed, for a
    /// synchronous handler (or interceptor) on a bus with an observe-all tap: the number the
    /// taps' record of that publish carries, so a tool can pair the failure with the publish
    /// (`TraceWriter` writes it on that publish's line). Nil for handlers that run later
    /// (executors, streams, async handlers), and on a bus without a tap, which numbers nothing.
    public let sequenceNumber: UInt64?

    /// The owner of the subscription whose handler threw, while it lives; nil for owner-less
    /// subscriptions and once the owner is released. Held weakly: a report kept in a log never
    /// keeps an owner alive. It is the object the handler got back, and the same care applies
    /// (a main-actor owner is for main-actor code).
    public var owner: AnyObject? { ownerReference?.object }
    private let ownerReference: WeakReference?

    /// Creates a failure report (for tests of failure handlers), with no ``owner``.
    public init(
        error: any Error, event: any EventBusEvent, subscription: SubscriptionInfo, callSite: CallSite? = nil,
        sequenceNumber: UInt64? = nil
    ) {
        self.init(
            error: error, event: event, subscription: subscription, owner: nil, callSite: callSite,
            sequenceNumber: sequenceNumber)
    }

    init(
        error: any Error, event: any EventBusEvent, subscription: SubscriptionInfo, owner: AnyObject?,
        callSite: CallSite?, sequenceNumber: UInt64?
    ) {
        self.error = error
        self.event = event
        self.eventTypeName = TypeNames.name(of: type(of: event))
        self.subscription = subscription
        self.ownerReference = owner.map(WeakReference.init)
        self.callSite = callSite
        self.sequenceNumber = sequenceNumber
    }
}

extension SubscriberFailure: CustomStringConvertible {
    /// One line: who threw what for which event, for logs.
    public var description: String {
        "\(subscription.subscriberName) threw \(error) handling \(eventType.qualifiedName)"
            + " (\(subscription.delivery), on \(subscription.executorLabel))"
            + (callSite.map { ", published at \($0)" } ?? "")
    }
}
