import EventBus
import Foundation
import TerminalUI

/// One line of the event log: a publish as the bus's observe-all tap reported it.
public struct EventLogEntry: Equatable, Sendable {
    /// The bus's publish sequence number (orders nested publishes correctly).
    public var sequenceNumber: UInt64
    /// When it was published.
    public var time: Date
    /// The event's type name, for example `UserDidLoginEvent`.
    public var typeName: String
    /// The service that publishes this type, or `?` for events from elsewhere.
    public var publisher: String
    /// The payload in a few words.
    public var summary: String
    /// How many subscriptions it reached; zero is a dead event.
    public var reachedCount: Int
    /// Who those subscriptions belong to and where they ran, in delivery order.
    public var recipients: [PublishRecord.Recipient]
    /// The subscriber that stopped the event (an interceptor's owner), if one did.
    public var consumedBy: String?
    /// For a failure line: the subscriber's error; `summary` then names who threw.
    public var failure: String?

    /// Where the subscriptions ran, without repeats, for example `main-loop` or `publisher`.
    public var executorLabels: [String] {
        recipients.reduce(into: []) { labels, recipient in
            if !labels.contains(recipient.executorLabel) { labels.append(recipient.executorLabel) }
        }
    }

    /// Creates an entry from a tap record, stamped with `time`.
    public init(_ record: PublishRecord, time: Date) {
        let event = record.event as? any DemoEvent
        let dead = record.event as? DeadEvent  // The bus itself publishes these.
        self.init(
            sequenceNumber: record.sequenceNumber, time: time, typeName: record.eventTypeName,
            publisher: event.map { type(of: $0).publisherName } ?? (dead != nil ? "EventBus" : "?"),
            summary: event?.summary ?? dead.map { "nobody received \($0.eventTypeName)" } ?? "",
            reachedCount: record.reachedCount, recipients: record.recipients,
            consumedBy: record.consumedBy?.subscriberName)
    }

    /// Creates a failure line: `failure`'s subscriber threw while handling its event. Its
    /// sequence number is that of the publish it belongs to, set when that publish's record arrives.
    public init(_ failure: SubscriberFailure, time: Date) {
        self.init(
            sequenceNumber: 0, time: time, typeName: failure.eventTypeName,
            publisher: failure.subscription.subscriberName,
            summary: "\(failure.subscription.subscriberName) threw: \(failure.error)", reachedCount: 0,
            recipients: [
                .init(
                    subscriberName: failure.subscription.subscriberName,
                    executorLabel: failure.subscription.executorLabel)
            ],
            failure: "\(failure.error)")
    }

    /// Creates an entry field by field (tests).
    public init(
        sequenceNumber: UInt64, time: Date, typeName: String, publisher: String, summary: String,
        reachedCount: Int, recipients: [PublishRecord.Recipient], consumedBy: String? = nil,
        failure: String? = nil
    ) {
        self.consumedBy = consumedBy
        self.failure = failure
        self.sequenceNumber = sequenceNumber
        self.time = time
        self.typeName = typeName
        self.publisher = publisher
        self.summary = summary
        self.reachedCount = reachedCount
        self.recipients = recipients
    }

    /// Who published, what, and who received it where, for example
    /// "AuthService ➜ UserDidLoginEvent ➜ ProfileService on publisher; LoginPane, ProfilePane on main-loop".
    public var flowDescription: String {
        if let failure { return "\(publisher) ✗ \(typeName): \(failure)" }
        guard reachedCount > 0 else { return "\(publisher) ➜ \(typeName) ➜ no subscribers (dead event)" }
        let groups = executorLabels.map { label in
            let names = recipients.filter { $0.executorLabel == label }.map(\.subscriberName)
            return "\(names.joined(separator: ", ")) on \(label)"
        }
        let stop = consumedBy.map { " (stopped by \($0))" } ?? ""
        return "\(publisher) ➜ \(typeName) ➜ \(groups.joined(separator: "; "))\(stop)"
    }
}

/// The event log: every publish on the bus, newest first, from the observe-all tap.
@MainLoop
public final class EventLogPane {
    /// Entries, newest first; at most ``capacity``.
    public private(set) var entries: [EventLogEntry] = []
    /// How many lines the view is scrolled down from the newest entry.
    public private(set) var scrollOffset = 0
    /// Total publishes seen, including ones dropped from ``entries``.
    public private(set) var totalCount = 0
    /// The most entries kept.
    public let capacity = 500
    private var tap: SubscriptionToken?
    /// Failures wait here for the record of the publish they happened in, which the tap reports
    /// after them, so that they can be listed right under it.
    private var pendingFailures: [EventLogEntry] = []

    /// Starts observing `bus`. The tap runs on the publisher's thread, so it only stamps the time
    /// and hops to `executor`; the pane's state is touched on the loop only.
    public init(bus: EventBus, executor: MainLoopExecutor, now: @escaping Now = LiveEnvironment.now) {
        tap = bus.observeAll { [weak self] record in
            let entry = EventLogEntry(record, time: now())
            executor.enqueue {
                MainLoop.assumeIsolated { self?.append(entry) }
            }
        } failures: { [weak self] failure in
            let entry = EventLogEntry(failure, time: now())
            executor.enqueue {
                MainLoop.assumeIsolated { self?.pendingFailures.append(entry) }
            }
        }
    }

    /// Scrolls by `delta` lines (positive = towards older entries).
    public func scroll(by delta: Int) {
        scrollOffset = max(0, min(entries.count - 1, scrollOffset + delta))
    }

    private func append(_ entry: EventLogEntry) {
        totalCount += 1
        // Nested publishes are observed before the publish that caused them: keep newest first
        // by sequence number, not by arrival.
        let index = entries.firstIndex { $0.sequenceNumber < entry.sequenceNumber } ?? entries.endIndex
        var failures = pendingFailures.filter { $0.typeName == entry.typeName }
        pendingFailures.removeAll { $0.typeName == entry.typeName }
        for i in failures.indices { failures[i].sequenceNumber = entry.sequenceNumber }
        entries.insert(contentsOf: [entry] + failures, at: index)
        while entries.count > capacity { entries.removeLast() }
        if scrollOffset > 0 { scrollOffset += 1 }  // Keep the lines the user is reading in place.
    }
}
