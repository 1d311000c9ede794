public import EventBus

/// Who publishes what to whom on a bus, built from observed traffic: call sites → event types →
/// subscriptions, with counts on every edge.
///
/// Build one with a ``FlowRecorder`` (or feed `add(_:)` the records and failures of your own observe-all tap),
/// then render it as Mermaid (``mermaid(callSites:counts:)``), Graphviz DOT (``dot(callSites:counts:)``) or a
/// plain-text tree (``text(callSites:counts:)``). Every rendering lists things in one fixed order (event
/// types by name, publishers by call site, subscriptions by descending priority, then name), so
/// the same traffic always renders the same text and a test can compare it with a golden file:
/// a new publisher or a lost subscriber changes the map and fails the test.
///
/// Event types are told apart by identity, not by name: two types of one name from two modules
/// (`Shop.Clash` and `Billing.Clash`) are two rows, and a rendering labels them with their
/// module-qualified names (``EventBus/EventType/qualifiedName``); a type whose name no other type
/// in the map shares keeps its short name.
///
/// A subscription is identified by what it is, not by which instance it is: its owner type,
/// delivery kind, executor and priority. Two `CartPane`s subscribed the same way share one node.
///
/// A value: it never changes after you read it, and keeps nothing alive (no events, no owners).
public struct FlowMap: Sendable, Hashable {
    /// The event types seen (``PublishRecord/eventType``), each with its traffic.
    public private(set) var eventTypes: [EventType: EventFlow] = [:]

    /// An empty map.
    public init() {}

    /// The event types' traffic in rendering order: by name, then by module-qualified name.
    public var sortedEventTypes: [EventFlow] {
        eventTypes.values.sorted { ($0.eventType.name, $0.eventType) < ($1.eventType.name, $1.eventType) }
    }

    /// Adds one publish: its call site, its type, and every subscription it reached, skipped,
    /// dropped at or was stopped by.
    public mutating func add(_ record: PublishRecord) {
        let eventType = record.eventType
        var flow = eventTypes[eventType] ?? EventFlow(eventType: eventType)
        flow.publishCount += 1
        flow.publishers[record.callSite, default: 0] += 1
        if record.recipients.isEmpty && record.skips.isEmpty && record.droppingRecipients.isEmpty {
            flow.deadCount += 1
        }
        for recipient in record.recipients {
            flow.subscribers[Subscriber(recipient), default: Counts()].delivered += 1
        }
        for skip in record.skips {
            flow.subscribers[Subscriber(skip), default: Counts()].skipped += 1
        }
        for dropping in record.droppingRecipients {
            flow.subscribers[Subscriber(dropping), default: Counts()].dropped += 1
        }
        if let consumer = record.consumedBy {
            flow.subscribers[Subscriber(consumer), default: Counts()].stopped += 1
        }
        eventTypes[eventType] = flow
    }

    /// Adds an error a handler threw, to the edge from the event's type to that subscription.
    public mutating func add(_ failure: SubscriberFailure) {
        let eventType = failure.eventType
        var flow = eventTypes[eventType] ?? EventFlow(eventType: eventType)
        flow.subscribers[Subscriber(failure.subscription), default: Counts()].errors += 1
        eventTypes[eventType] = flow
    }
}

extension FlowMap {
    /// One event type's traffic: how often it was published, from where, and whom it reached.
    public struct EventFlow: Sendable, Hashable {
        /// The event type: its identity, its name and its module-qualified name.
        public let eventType: EventType
        /// How many publishes of this type were observed.
        public internal(set) var publishCount = 0
        /// How many of them reached no subscription (and were not skipped or dropped either).
        public internal(set) var deadCount = 0
        /// Publishes by call site.
        public internal(set) var publishers: [CallSite: Int] = [:]
        /// What happened at each subscription it reached.
        public internal(set) var subscribers: [Subscriber: Counts] = [:]

        init(eventType: EventType) {
            self.eventType = eventType
        }

        /// The call sites in rendering order (by file, line, function), with their counts.
        public var sortedPublishers: [(callSite: CallSite, count: Int)] {
            publishers.sorted { $0.key < $1.key }.map { (callSite: $0.key, count: $0.value) }
        }

        /// The subscriptions in rendering order (descending priority, then name, delivery and
        /// executor), with their counts.
        public var sortedSubscribers: [(subscriber: Subscriber, counts: Counts)] {
            subscribers.sorted { $0.key < $1.key }.map { (subscriber: $0.key, counts: $0.value) }
        }
    }

    /// A kind of subscription: who subscribed, how events reach it, where it runs, its priority.
    public struct Subscriber: Sendable, Hashable, Comparable, CustomStringConvertible {
        /// The owner's type name, `ownerless` or `AsyncStream` (``SubscriptionInfo/subscriberName``).
        public let name: String
        /// How events reach the handler.
        public let delivery: SubscriptionInfo.Delivery
        /// `publisher`, or the executor's label.
        public let executorLabel: String
        /// The subscription's priority.
        public let priority: Int

        /// Creates a subscriber (for tests of tools that read maps).
        public init(name: String, delivery: SubscriptionInfo.Delivery, executorLabel: String, priority: Int) {
            self.name = name
            self.delivery = delivery
            self.executorLabel = executorLabel
            self.priority = priority
        }

        init(_ recipient: PublishRecord.Recipient) {
            self.init(
                name: recipient.subscriberName, delivery: recipient.delivery,
                executorLabel: recipient.executorLabel, priority: recipient.priority)
        }

        init(_ skip: PublishRecord.Skip) {
            self.init(
                name: skip.subscriberName, delivery: skip.delivery, executorLabel: skip.executorLabel,
                priority: skip.priority)
        }

        init(_ info: SubscriptionInfo) {
            self.init(
                name: info.subscriberName, delivery: info.delivery, executorLabel: info.executorLabel,
                priority: info.priority)
        }

        /// `CartPane (executor on main-loop)`, `Audit (synchronous, priority 10)`.
        public var description: String {
            let place = executorLabel == "publisher" ? "\(delivery)" : "\(delivery) on \(executorLabel)"
            return "\(name) (\(place)\(priority == 0 ? "" : ", priority \(priority)"))"
        }

        /// Descending priority (delivery order), then name, delivery and executor.
        public static func < (lhs: Subscriber, rhs: Subscriber) -> Bool {
            if lhs.priority != rhs.priority { return lhs.priority > rhs.priority }
            return (lhs.name, "\(lhs.delivery)", lhs.executorLabel) < (
                rhs.name, "\(rhs.delivery)", rhs.executorLabel
            )
        }
    }

    /// What happened on one edge from an event type to a subscription.
    public struct Counts: Sendable, Hashable, CustomStringConvertible {
        /// Events that reached it (handlers run, or events queued for its executor).
        public internal(set) var delivered = 0
        /// State values its chain held back (``PublishRecord/skips``).
        public internal(set) var skipped = 0
        /// Events its full buffer dropped (``PublishRecord/droppingRecipients``).
        public internal(set) var dropped = 0
        /// Publishes it stopped (an interceptor returning ``Propagation/stop``).
        public internal(set) var stopped = 0
        /// Errors its handler threw.
        public internal(set) var errors = 0

        /// Creates counts (for tests of tools that read maps).
        public init(delivered: Int = 0, skipped: Int = 0, dropped: Int = 0, stopped: Int = 0, errors: Int = 0)
        {
            self.delivered = delivered
            self.skipped = skipped
            self.dropped = dropped
            self.stopped = stopped
            self.errors = errors
        }

        /// `3`, or `3, 1 skipped, 1 error`: the delivered count, then whatever else happened.
        public var description: String {
            var parts = ["\(delivered)"]
            if skipped > 0 { parts.append("\(skipped) skipped") }
            if dropped > 0 { parts.append("\(dropped) dropped") }
            if stopped > 0 { parts.append("\(stopped) stopped") }
            if errors > 0 { parts.append(errors == 1 ? "1 error" : "\(errors) errors") }
            return parts.joined(separator: ", ")
        }
    }
}
