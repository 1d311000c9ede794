import EventBus
import EventBusTracing
import Foundation
import Synchronization
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
    /// State subscriptions whose chain skipped this value, and why (for example ProfilePane,
    /// `skipRepeats`). Not counted in ``reachedCount``.
    public var skips: [PublishRecord.Skip]
    /// Subscriptions whose full buffer turned this event away.
    public var droppedBy: [PublishRecord.Recipient] = []
    /// The publish this one was made inside (a synchronous handler of it published this one), if
    /// any: the library's ``PublishRecord/parentSequenceNumber``, or the recorded parent in a replay.
    public var cause: UInt64?
    /// The event's full payload as JSON, fields in the order the type declares them (see
    /// ``PayloadValue``; `--record` sorts them), for the detail view; empty when unknown.
    public var payload = ""
    /// The payload in one line with its field names (`itemCount: 3, total: €62.40`), which a
    /// wide log shows instead of the summary where it fits; empty when unknown.
    public var fields = ""
    /// Where it was published (`EventDemo/CartService.swift:57 add()`), for the detail view;
    /// empty when unknown (failure lines).
    public var callSite = ""

    /// Whether `query` (case-insensitive) is part of the event type, the publisher, the
    /// payload's summary or its JSON: what the log's `/` search matches.
    public func matches(_ query: String) -> Bool {
        guard !query.isEmpty else { return true }
        return [typeName, publisher, summary, payload].contains { $0.localizedCaseInsensitiveContains(query) }
    }

    /// Where the subscriptions ran, without repeats, as the library labels them (for example
    /// `main-loop`, or `publisher` for handlers run inside `publish`; the demo shows that `inline`).
    public var executorLabels: [String] {
        recipients.reduce(into: []) { labels, recipient in
            if !labels.contains(recipient.executorLabel) { labels.append(recipient.executorLabel) }
        }
    }

    /// Creates an entry from a tap record, stamped with `time`.
    public init(_ record: PublishRecord, time: Date) {
        let event = record.event as? any DemoEvent
        let dead = record.event as? DeadEvent  // The bus itself publishes these.
        let traced = record.event as? TracedEvent  // Another app's, from a trace.
        let tracedValue = traced?.entry.payload.flatMap(PayloadValue.init(json:))
        self.init(
            sequenceNumber: record.sequenceNumber, time: time,
            typeName: traced?.entry.eventTypeName ?? record.eventTypeName,
            publisher: event.map { type(of: $0).publisherName } ?? traced?.publisher
                ?? (dead != nil ? "EventBus" : "?"),
            summary: event?.summary ?? dead.map { "nobody received \($0.eventTypeName)" }
                ?? tracedValue.map(Self.summary(of:)) ?? "",
            reachedCount: record.recipients.count, recipients: record.recipients,
            consumedBy: record.consumedBy?.subscriberName, skips: record.skips)
        cause = record.parentSequenceNumber
        droppedBy = record.droppingRecipients
        callSite = "\(record.callSite) \(record.callSite.function)"
        // In the order the type encodes its fields, not sorted: see PayloadValue.
        let value =
            event.flatMap(PayloadValue.init(encoding:)) ?? tracedValue
            ?? dead.map { .object([.init(key: "eventTypeName", value: .string($0.eventTypeName))]) }
        payload = value?.json ?? ""
        fields = value.map(PayloadFields.text(of:)) ?? ""
    }

    /// Creates the entry of a replayed publish: the replay bus's `record` of it, with what the
    /// recording says in place of what the replay bus did (sequence number and cause, call site,
    /// who it reached, stopped or skipped), stamped with `time`.
    public init(replaying replayed: RecordedEvent, record: PublishRecord, time: Date) {
        self.init(record, time: time)
        let entry = replayed.entry
        sequenceNumber = entry.sequenceNumber
        cause = entry.parentSequenceNumber
        reachedCount = entry.reachedCount
        recipients = entry.recipients
        consumedBy = entry.consumedBy?.subscriberName
        skips = entry.skips
        droppedBy = entry.droppingRecipients
        callSite = "\(entry.callSiteDescription) \(entry.function)"
    }

    /// A traced payload in a few words, for the summary column: its fields, or its JSON.
    private static func summary(of value: PayloadValue) -> String {
        let fields = PayloadFields.text(of: value)
        return fields.isEmpty ? value.json : fields
    }

    /// Creates the failure line of a handler that threw, as a trace recorded it, under the
    /// publish of `typeName` it happened in.
    public init(recorded failure: Trace.Failure, typeName: String, time: Date) {
        let subscription = failure.subscription
        self.init(
            sequenceNumber: 0, time: time, typeName: typeName, publisher: subscription.subscriberName,
            summary: "\(subscription.subscriberName) threw: \(failure.errorDescription)", reachedCount: 0,
            recipients: [subscription], failure: failure.errorDescription)
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
        // The failing event's payload, for the detail view; `fields` stays empty so that a wide
        // log still shows who threw, not the payload.
        payload = (failure.event as? any DemoEvent).flatMap(PayloadValue.init(encoding:))?.json ?? ""
    }

    /// Creates an entry field by field (tests).
    public init(
        sequenceNumber: UInt64, time: Date, typeName: String, publisher: String, summary: String,
        reachedCount: Int, recipients: [PublishRecord.Recipient], consumedBy: String? = nil,
        failure: String? = nil, skips: [PublishRecord.Skip] = []
    ) {
        self.consumedBy = consumedBy
        self.skips = skips
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
    /// "AuthService ➜ UserDidLoginEvent ➜ ProfileService inline; LoginPane, ProfilePane on main-loop".
    public var flowDescription: String { flowParts.map(\.text).joined() }

    /// ``flowDescription`` in pieces ranked for a line too short to hold it all: the publisher
    /// and the event always stay, then the first receiver and its executor, then the first
    /// receiver of each other executor with its label; other receivers and a stop go before
    /// those, skipped deliveries first of all.
    public var flowParts: [TextPart] {
        if let failure { return [TextPart("\(publisher) ✗ \(typeName): \(failure)", rank: 0)] }
        var parts = [TextPart(publisher, rank: 0), TextPart(" ➜ \(typeName)", rank: 0)]
        let skipped = skips.enumerated().map { index, skip in
            TextPart(
                (index == 0 ? "; skipped: " : ", ") + "\(skip.subscriberName) (\(skip.reason))",
                rank: 4 + min(index, 1))
        }
        guard reachedCount > 0 else {
            if !skips.isEmpty { return parts + [TextPart(" ➜ nobody", rank: 0)] + skipped }
            return parts + [TextPart(" ➜ no subscribers (dead event)", rank: 0)]
        }
        for (group, label) in executorLabels.enumerated() {
            let names = recipients.filter { $0.executorLabel == label }.map(\.subscriberName)
            for (index, name) in names.enumerated() {
                let separator = index > 0 ? ", " : group == 0 ? " ➜ " : "; "
                parts.append(
                    TextPart(separator + name, rank: index == 0 ? min(group + 1, 2) : 3, isListItem: true))
            }
            parts.append(TextPart(" " + label.executorPhrase, rank: min(group + 1, 2)))
        }
        if let consumedBy { parts.append(TextPart(" (stopped by \(consumedBy))", rank: 3)) }
        return parts + skipped
    }
}

/// The event log: every publish on the bus, newest first, from the observe-all tap.
@MainLoop
public final class EventLogPane {
    /// Entries, newest first; at most ``capacity``.
    public private(set) var entries: [EventLogEntry] = []
    /// How many lines the view is scrolled down from the newest entry shown.
    public private(set) var scrollOffset = 0
    /// The selected row of ``shown`` (↑/↓, a click), or `nil` while the log follows the newest
    /// entry. A selection pauses the log: new entries do not move what is on screen.
    public private(set) var selection: Int?
    /// Entries that arrived while the log was paused (a row selected or the view scrolled).
    public private(set) var newWhilePaused = 0
    /// The `/` search: only entries that match it are shown; empty shows all.
    public private(set) var filter = ""
    /// Total publishes seen, including ones dropped from ``entries``.
    public private(set) var totalCount = 0
    /// The most entries kept.
    public let capacity = 500
    /// The most records waiting in step mode; older ones are dropped beyond it.
    public static let stepBacklogLimit = 500
    /// True in step mode: each ``step()`` lets one more record into the log.
    public private(set) var isStepping = false
    private var tap: SubscriptionToken?
    private var feed: SubscriptionToken?
    /// The promise of the newest record shown, kept while stepping; completing it lets the
    /// next record in.
    private var heldPromise: StepPromise?
    /// Presses of space that came while no record was held (see ``step()``).
    private var unspentSteps = 0
    /// Failures wait here for the record of the publish they happened in, which the tap reports
    /// after them, so that they can be listed right under it.
    private var pendingFailures: [EventLogEntry] = []
    /// Carries the tap's records to the pane's stepping subscription. A bus of its own: the
    /// app's bus would show these relays in the log itself.
    private let relay = EventBus()
    /// A replay's state: while it is on, the tap logs only the recorded publish being replayed
    /// (`current`), as recorded; the replay bus's own publishes (dead events about replayed
    /// events the services received when recorded) are left out.
    private nonisolated let replay = Mutex<(isOn: Bool, current: ReplayedPublish?)>((false, nil))

    /// Starts observing `bus`. The tap runs on the publisher's thread, so it only stamps the time
    /// and relays the record; the pane takes records one at a time, as a stepping subscriber on
    /// `executor` that asks for the next at once unless step mode is on.
    public init(bus: EventBus, executor: MainLoopExecutor, now: @escaping Now = LiveEnvironment.now) {
        let relay = relay
        // Failures take the same road as records, so they reach the pane in the order the tap
        // saw them: a failure before the record of the publish it happened in.
        tap = bus.observeAll { [weak self] record in
            let (isReplay, current) = self?.replay.withLock { $0 } ?? (false, nil)
            if isReplay {
                guard let current, current.recorded.publishedTypeName == record.eventTypeName else {
                    return
                }
                let entry = EventLogEntry(
                    replaying: current.recorded, record: record, time: current.time ?? now())
                // The handlers that threw, as recorded: before the record, as live failures come.
                for failure in current.recorded.entry.failures {
                    relay.publish(
                        LoggedPublish.failure(
                            EventLogEntry(recorded: failure, typeName: entry.typeName, time: entry.time)))
                }
                relay.publish(LoggedPublish.record(entry))
                return
            }
            relay.publish(LoggedPublish.record(EventLogEntry(record, time: now())))
        } failures: { [weak self] failure in
            let recordedTime = self?.replay.withLock { $0.current?.time }
            relay.publish(LoggedPublish.failure(EventLogEntry(failure, time: recordedTime ?? now())))
        }
        feed = relay.subscribeStepping(
            owner: self, on: executor, buffering: .keepNewest(Self.stepBacklogLimit)
        ) { (pane, logged: LoggedPublish, promise) in
            MainLoop.assumeIsolated { pane.receive(logged, promise: promise) }
        }
    }

    /// For a replay: from now on only the recorded publishes are logged, as recorded (see
    /// ``showRecorded(_:)``); the replay bus's own dead events are not (the services that
    /// received the events when they were recorded are not listening).
    public func startReplay() {
        replay.withLock { $0.isOn = true }
    }

    /// Forgets every entry, as for a followed trace that was replaced: its sequence numbers
    /// start again.
    public func clear() {
        entries = []
        pendingFailures = []
        totalCount = 0
        followNewest()
    }

    /// For a replay: the recorded publish about to be published, whose record the log shows
    /// with the recorded time, call site and recipients; `nil` once it has been published.
    public func showRecorded(_ publish: ReplayedPublish?) {
        replay.withLock { $0.current = publish }
    }

    /// Records published but not yet let into the log (step mode's backlog).
    public var waitingCount: Int { feed?.waitingEventCount ?? 0 }
    /// Records dropped because the step-mode backlog was full.
    public var droppedCount: Int { feed?.droppedEventCount ?? 0 }

    /// Turns step mode on or off. Turning it off lets everything waiting in at once.
    public func toggleStepMode() {
        isStepping.toggle()
        unspentSteps = 0
        if !isStepping { releaseHeldPromise() }
    }

    /// In step mode, lets the next waiting record into the log. Nothing happens otherwise.
    ///
    /// A press that arrives while the next record is still on its way (the loop has not run its
    /// job yet, as when a held key repeats) is kept and spent on that record, so every press
    /// counts; presses beyond what waits are not kept.
    public func step() {
        guard isStepping else { return }
        if heldPromise != nil {
            releaseHeldPromise()
        } else if unspentSteps < waitingCount + 1 {
            unspentSteps += 1
        }
    }

    private func releaseHeldPromise() {
        let promise = heldPromise
        heldPromise = nil
        // Completed after the handler returned: the next record arrives as a new job on the
        // loop, not inside this call.
        promise?.complete(.more)
    }

    private func receive(_ logged: LoggedPublish, promise: StepPromise) {
        guard case .record(let entry) = logged else {
            if case .failure(let entry) = logged { pendingFailures.append(entry) }
            promise.complete(.more)  // Not a step of its own: it shows with its record.
            return
        }
        append(entry)
        if isStepping, unspentSteps == 0 {
            heldPromise = promise
        } else {
            if isStepping { unspentSteps -= 1 }
            promise.complete(.more)  // Inside the handler: the next record follows when it returns.
        }
    }

    /// The entries the log shows: all of them, or those matching ``filter``; newest first.
    public var shown: [EventLogEntry] { filter.isEmpty ? entries : entries.filter { $0.matches(filter) } }

    /// Whether the log is paused: a row is selected or the view is scrolled from the newest.
    public var isPaused: Bool { selection != nil || scrollOffset > 0 }

    /// Scrolls the view by `delta` lines (positive = towards older entries), the wheel's way: a
    /// selection stays on screen (`page` rows are visible).
    public func scroll(by delta: Int, page: Int = .max) {
        let count = shown.count
        scrollOffset = max(0, min(count - 1, scrollOffset + delta))
        if let selection, page < .max {
            self.selection = max(scrollOffset, min(scrollOffset + page - 1, selection))
        }
        if !isPaused { newWhilePaused = 0 }
    }

    /// Moves the selection by `delta` rows (positive = older), keeping it among the `page` rows
    /// on screen; moving up past the newest entry goes back to following it (live).
    public func moveSelection(by delta: Int, page: Int) {
        let count = shown.count
        guard count > 0 else { return }
        let target = (selection ?? -1) + delta
        guard target >= 0 else { return followNewest() }
        select(min(count - 1, target), page: page)
    }

    /// Selects the oldest entry shown (End, `G`).
    public func selectOldest(page: Int) {
        guard !shown.isEmpty else { return }
        select(shown.count - 1, page: page)
    }

    /// Selects row `index` of ``shown`` (a click), scrolling so it is among the `page` rows shown.
    public func select(_ index: Int, page: Int) {
        guard shown.indices.contains(index) else { return }
        selection = index
        if index < scrollOffset { scrollOffset = index }
        if index >= scrollOffset + page { scrollOffset = index - page + 1 }
    }

    /// Back to live: no selection, the newest entry at the top (Home, `g`).
    public func followNewest() {
        selection = nil
        scrollOffset = 0
        newWhilePaused = 0
    }

    /// Shows only entries matching `query` (case-insensitive; empty shows all) and goes back
    /// to the newest of them.
    public func setFilter(_ query: String) {
        filter = query
        followNewest()
    }

    /// The selected entry, or the newest shown when none is selected.
    public var selectedEntry: EventLogEntry? {
        let shown = shown
        return selection.map { shown.indices.contains($0) ? shown[$0] : nil } ?? shown.first
    }

    /// The failures listed under the publish numbered `sequenceNumber`.
    public func failures(of sequenceNumber: UInt64) -> [EventLogEntry] {
        entries.filter { $0.sequenceNumber == sequenceNumber && $0.failure != nil }
    }

    /// How deep `entry` is nested: 0 for a publish no handler made, 1 inside one, and so on
    /// (at most 8 levels are told apart).
    public func depth(of entry: EventLogEntry) -> Int {
        var depth = 0
        var cause = entry.cause
        while let current = cause, depth < 8 {
            depth += 1
            cause = entries.first { $0.sequenceNumber == current && $0.failure == nil }?.cause
        }
        return depth
    }

    private func append(_ entry: EventLogEntry) {
        totalCount += 1
        var entry = entry
        // A nested publish is usually heard before the publish that caused it (the tap hears a
        // publish when its delivery is over), and publishes on other threads interleave: keep
        // newest first by sequence number, not by arrival.
        let index = entries.firstIndex { $0.sequenceNumber < entry.sequenceNumber } ?? entries.endIndex
        // Times only go forward down the sequence: an entry is never shown earlier than the one
        // before it (a nested publish is heard, and stamped, before its cause).
        if index < entries.endIndex { entry.time = max(entry.time, entries[index].time) }
        var failures = pendingFailures.filter { $0.typeName == entry.typeName }
        pendingFailures.removeAll { $0.typeName == entry.typeName }
        for i in failures.indices {
            failures[i].sequenceNumber = entry.sequenceNumber
            failures[i].time = entry.time
        }
        entries.insert(contentsOf: [entry] + failures, at: index)
        for later in stride(from: index - 1, through: 0, by: -1) where entries[later].time < entry.time {
            entries[later].time = entry.time
        }
        while entries.count > capacity { entries.removeLast() }
        guard isPaused, entry.matches(filter) else { return }
        // Keep the lines the user is reading in place, and count what came meanwhile.
        newWhilePaused += 1
        let position = shown.firstIndex { $0.sequenceNumber == entry.sequenceNumber } ?? 0
        if let selection, position <= selection { self.selection = min(shown.count - 1, selection + 1) }
        if scrollOffset > 0 || selection != nil, position <= scrollOffset { scrollOffset += 1 }
    }
}

/// What the tap saw, on its way to the pane through the pane's own relay bus.
enum LoggedPublish: EventBusEvent {
    /// A publish.
    case record(EventLogEntry)
    /// A subscriber's error, reported before the record of its publish.
    case failure(EventLogEntry)
}
