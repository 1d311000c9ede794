/// What an observe-all tap learns about one publish. See ``EventBus/observeAll(_:failures:)``.
public struct PublishRecord: Sendable {
    /// The published event.
    public let event: any EventBusEvent
    /// The event's type name, as `String(describing:)` prints it (for example `UserDidLoginEvent`).
    public let eventTypeName: String
    /// The event's type: its identity and module-qualified name (``eventTypeName`` is the plain
    /// name, which two modules' types may share).
    public var eventType: EventType { EventType(type(of: event)) }
    /// The subscriptions the event reached, in subscription order: who subscribed and where
    /// the handler runs. Handlers that ran count, and so do deliveries queued on executors;
    /// `recipients.count` is how many (each one's ``SubscriptionInfo/deliveredEventCount``
    /// went up by one), and an empty list means nobody was listening.
    public let recipients: [Recipient]
    /// The interceptor that stopped this publish's delivery (see
    /// ``EventBus/intercept(owner:for:priority:handler:)``), or nil when every subscription in
    /// the snapshot was offered the event. The consumer is also the last of ``recipients``.
    public let consumedBy: Recipient?
    /// The subscriptions whose buffer dropped an event because of this publish, in subscription
    /// order: the event itself (a full ``EventBufferPolicy/keepOldest(_:)`` buffer; such a
    /// subscription is not in ``recipients``), or the oldest event waiting there (a full
    /// ``EventBufferPolicy/keepNewest(_:)`` buffer; the new event was queued and is counted in
    /// ``recipients``). Empty when nothing was dropped.
    public let droppingRecipients: [Recipient]
    /// Increases with every publish on this bus while it has observers; a nested publish gets a
    /// higher number than the publish whose handler started it.
    public let sequenceNumber: UInt64
    /// State subscriptions the value reached whose chain held it back, with the step that did
    /// (for example `skipRepeats`). Only ``EventBus/publishState(_:fileID:line:function:)`` reports them; they are not
    /// counted in ``recipients``.
    public let skips: [Skip]
    /// Where the publish was made: the file, line and function of the `publish`,
    /// `publishState` or `dispatch` call (see ``CallSite``). Publishes the bus makes itself
    /// (a ``DeadEvent``, a store's state) name the call that caused them.
    public let callSite: CallSite
    /// The ``sequenceNumber`` of the publish whose synchronous handler made this one, or nil for
    /// a publish made outside any handler on this bus (including from an executor's handler,
    /// which runs later on another thread, or a handler of another bus's publish). Nested
    /// publishes therefore form a tree per top-level publish.
    ///
    /// Parents are per bus, and only the publish whose handler made this one directly counts:
    /// when a handler of bus A's publish publishes on bus B, and B's handler publishes on A,
    /// that publish is top-level on A, whether B is tapped or not.
    ///
    /// A ``Store``'s state names the publish of the action it was reduced from (and its call
    /// site the `dispatch`), even when the action waited in the store's queue and was reduced
    /// after that publish returned: a follow-up dispatched by a subscriber, or an action
    /// another thread dispatched while the store was busy. Such a state may then be heard on
    /// another thread than its parent, after it.
    ///
    /// A publish queued past ``EventBus/nestingLimit`` has a parent too: the publish whose
    /// handler made it, although it is delivered (and reported to taps) after that handler
    /// returned. Its number and parent are taken when it is made, so it stays in its parent's
    /// tree, after its parent in sequence order, however deep the chain.
    public let parentSequenceNumber: UInt64?

    /// Where the reached subscriptions run, without repeats, in subscription order:
    /// `"publisher"` for synchronous handlers, otherwise the executor's ``EventBusExecutor/label``.
    public var executorLabels: [String] {
        var labels: [String] = []
        for recipient in recipients where !labels.contains(recipient.executorLabel) {
            labels.append(recipient.executorLabel)
        }
        return labels
    }

    init(
        event: any EventBusEvent, eventTypeName: String, recipients: [Recipient],
        consumedBy: Recipient? = nil, droppingRecipients: [Recipient] = [], sequenceNumber: UInt64,
        skips: [Skip] = [], callSite: CallSite, parentSequenceNumber: UInt64?
    ) {
        self.callSite = callSite
        self.parentSequenceNumber = parentSequenceNumber
        self.consumedBy = consumedBy
        self.event = event
        self.eventTypeName = eventTypeName
        self.recipients = recipients
        self.droppingRecipients = droppingRecipients
        self.sequenceNumber = sequenceNumber
        self.skips = skips
    }
}

extension PublishRecord {
    /// One subscription a publish reached.
    public struct Recipient: Sendable, Hashable {
        /// Who subscribed: the owner's type name (for example `CartViewModel`), `AsyncStream`
        /// for ``EventBus/stream(for:buffering:)``, or `ownerless` for
        /// ``EventBus/subscribe(for:priority:handler:)-8vm99``.
        public let subscriberName: String
        /// Where the handler runs: `publisher` for synchronous handlers, otherwise the
        /// executor's ``EventBusExecutor/label``.
        public let executorLabel: String
        /// How the event reaches the handler: synchronously, queued on an executor, as a
        /// stream element, … (as in ``SubscriptionInfo/delivery``).
        public let delivery: SubscriptionInfo.Delivery
        /// The subscription's priority; higher runs earlier in a publish.
        public let priority: Int

        /// Creates a recipient (for tests of tools that consume records).
        public init(
            subscriberName: String, executorLabel: String, delivery: SubscriptionInfo.Delivery = .synchronous,
            priority: Int = 0
        ) {
            self.subscriberName = subscriberName
            self.executorLabel = executorLabel
            self.delivery = delivery
            self.priority = priority
        }

        init(_ subscription: AnySubscription) {
            self.init(
                subscriberName: subscription.subscriberName, executorLabel: subscription.executorLabel,
                delivery: subscription.deliveryKind, priority: subscription.priority)
        }
    }
}

extension PublishRecord {
    /// A state subscription whose chain skipped a value.
    public struct Skip: Sendable, Hashable {
        /// Who subscribed, as in ``Recipient/subscriberName``.
        public let subscriberName: String
        /// Where its handler would have run, as in ``Recipient/executorLabel``.
        public let executorLabel: String
        /// The chain step that skipped the value: `skipRepeats`, `automatic skipRepeats`,
        /// `skipRepeats(by:)`, `skip(when:)`, `only(when:)` or `filter`.
        public let reason: String
        /// How its values reach the handler, as in ``Recipient/delivery``.
        public let delivery: SubscriptionInfo.Delivery
        /// Its priority, as in ``Recipient/priority``.
        public let priority: Int

        /// Creates a skip (for tests of tools that consume records).
        public init(
            subscriberName: String, executorLabel: String, reason: String,
            delivery: SubscriptionInfo.Delivery = .synchronous, priority: Int = 0
        ) {
            self.subscriberName = subscriberName
            self.executorLabel = executorLabel
            self.reason = reason
            self.delivery = delivery
            self.priority = priority
        }

        init(_ subscription: AnySubscription, reason: StaticString) {
            self.init(
                subscriberName: subscription.subscriberName, executorLabel: subscription.executorLabel,
                reason: reason.description, delivery: subscription.deliveryKind,
                priority: subscription.priority)
        }
    }
}
