/// A read-only description of one live subscription, from ``EventBus/subscriptionSnapshot()``.
///
/// It is a copy taken when the snapshot was made: it never changes afterwards and keeps
/// nothing alive (no owner, no handler).
public struct SubscriptionInfo: Sendable, Hashable {
    /// How events reach a subscription's handler.
    public enum Delivery: Sendable, Hashable {
        /// On the publisher's thread, during `publish`.
        case synchronous
        /// On the publisher's thread, at most once (`subscribeOnce`).
        case once
        /// On the publisher's thread, and may stop propagation (`intercept`).
        case interceptor
        /// Queued for an executor (a queue, an actor, the main actor, a run loop).
        case executor
        /// Yielded to an `AsyncStream` (`stream(for:buffering:)`, `eventStream(for:buffering:)`).
        case stream
        /// Run by an `async` handler, one event at a time, in its own task.
        case async
        /// One event at a time, the next asked for with a promise (`subscribeStepping`,
        /// `subscribePaced`, `pacedStream`); ``SubscriptionInfo/executorLabel`` says where.
        case stepping
    }

    /// The subscribed event type's name (for a protocol subscription, the protocol's, such as
    /// `CartEvent`), as `String(describing:)` prints it. Two modules may have types of one name:
    /// ``qualifiedEventTypeName`` tells them apart.
    public let eventTypeName: String
    /// The module-qualified name of the subscribed type, such as `Shop.CartEvent`.
    public let qualifiedEventTypeName: String
    /// The owner's type name for owner-bound subscriptions; `ownerless` or `AsyncStream` for
    /// token-owned ones. This is what you look for when hunting a leak.
    public let subscriberName: String
    /// Whether the owner's release ends the subscription (false: only its token does).
    public let isOwnerBound: Bool
    /// How events reach the handler.
    public let delivery: Delivery
    /// Where the handler runs: `publisher`, or the executor's ``EventBusExecutor/label``.
    public let executorLabel: String
    /// Its priority; higher runs earlier in a publish.
    public let priority: Int
    /// How many events have reached it so far (run, or queued for its executor): the
    /// subscriptions a publish lists in ``PublishRecord/recipients`` and a flow map counts as
    /// delivered. Exact while one thread at a time publishes its type; concurrent publishes of
    /// the same type may undercount, because the counter is kept without an atomic add to stay
    /// off the hot path.
    public let deliveredEventCount: Int
    /// How many events its buffer policy has dropped so far (a bounded executor, main-actor,
    /// stepping, paced, `async` or stream subscription); 0 for kinds that never buffer, and for
    /// ``EventBufferPolicy/unbounded``, which never drops. The same count as the token's
    /// ``SubscriptionToken/droppedEventCount``, here also for streams, which have no token.
    public let droppedEventCount: Int

    /// Creates a description (for tests of tools that consume snapshots); the qualified name
    /// defaults to `eventTypeName`.
    public init(
        eventTypeName: String, qualifiedEventTypeName: String? = nil, subscriberName: String,
        isOwnerBound: Bool, delivery: Delivery, executorLabel: String, priority: Int,
        deliveredEventCount: Int,
        droppedEventCount: Int = 0
    ) {
        self.eventTypeName = eventTypeName
        self.qualifiedEventTypeName = qualifiedEventTypeName ?? eventTypeName
        self.subscriberName = subscriberName
        self.isOwnerBound = isOwnerBound
        self.delivery = delivery
        self.executorLabel = executorLabel
        self.priority = priority
        self.deliveredEventCount = deliveredEventCount
        self.droppedEventCount = droppedEventCount
    }

    init(_ subscription: AnySubscription) {
        let eventType = subscription.eventType
        self.init(
            eventTypeName: eventType.name, qualifiedEventTypeName: eventType.qualifiedName,
            subscriberName: subscription.subscriberName,
            isOwnerBound: subscription.isOwnerBound, delivery: subscription.deliveryKind,
            executorLabel: subscription.executorLabel, priority: subscription.priority,
            deliveredEventCount: subscription.deliveredCount,
            droppedEventCount: subscription.bufferCounters?.droppedCount ?? 0)
    }
}
