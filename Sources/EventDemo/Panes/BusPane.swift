import EventBus
import EventBusTracing
import Foundation
import Synchronization
import TerminalUI

/// What the Bus view shows besides the live subscriptions: who published each event type (its
/// call sites), events nobody received and errors handlers threw, newest first.
public struct BusPaneState: Equatable, Sendable {
    /// One place that published an event type, and how often.
    public struct Publisher: Equatable, Sendable {
        /// The file and line, for example `CartService.swift:57`.
        public var site: String
        /// The publishing function, for example `add()`.
        public var function: String
        /// How many publishes came from there.
        public var count: Int
        /// Creates a publisher line.
        public init(site: String, function: String, count: Int) {
            self.site = site
            self.function = function
            self.count = count
        }
    }

    /// Each event type's call sites, by type name, in the order they first published it.
    public var publishers: [String: [Publisher]] = [:]
    /// Each event type's last published payload with its field names (see the event log's
    /// PAYLOAD column), by type name; a wide map shows it beside the type.
    public var lastPayloads: [String: String] = [:]
    /// One event type that was published to nobody, and how often.
    public struct DeadEventCount: Equatable, Sendable {
        /// The event's type name.
        public var typeName: String
        /// How many of its publishes reached no subscription.
        public var count: Int
        /// Creates a count.
        public init(typeName: String, count: Int) {
            self.typeName = typeName
            self.count = count
        }
    }

    /// Dead events by type, the type published to nobody most recently first.
    public var deadEvents: [DeadEventCount] = []
    /// Handler errors, one line each (`LoyaltyService threw … handling …`), newest first; at
    /// most ``BusPane/keptFailures``.
    public var failures: [String] = []
    /// Every handler error seen, including ones no longer kept.
    public var failureCount = 0
    /// How many subscription rows the map is scrolled down.
    public var scrollOffset = 0
    /// The last publishes (at most ``BusPane/keptRecent``), newest first, which a map with rows
    /// to spare lists under its key (in a replay, the recorded ones).
    public var recent: [RecentPublish] = []
    /// In a replay, how far it has got: the map, call sites and dead events are then the
    /// recording's (``RecordedBus``), not the replay bus's. `nil` for the live bus.
    public var replay: ReplayProgress?

    /// How many of a recording's publishes a replay has published.
    public struct ReplayProgress: Equatable, Sendable {
        /// Published so far.
        public var replayed: Int
        /// In the recording.
        public var total: Int
        /// Creates a progress.
        public init(replayed: Int, total: Int) {
            self.replayed = replayed
            self.total = total
        }
    }

    /// Creates a state.
    public init(
        publishers: [String: [Publisher]] = [:], deadEvents: [DeadEventCount] = [], failures: [String] = [],
        failureCount: Int = 0, scrollOffset: Int = 0, replay: ReplayProgress? = nil,
        lastPayloads: [String: String] = [:]
    ) {
        self.publishers = publishers
        self.lastPayloads = lastPayloads
        self.deadEvents = deadEvents
        self.failures = failures
        self.failureCount = failureCount
        self.scrollOffset = scrollOffset
        self.replay = replay
    }
}

/// The Bus view's model: subscribes to the library's ``DeadEvent`` and, through an observe-all
/// tap, notes every publish's call site (``PublishRecord/callSite``) and hears handler errors. The live subscriptions themselves come from
/// ``EventBus/subscriptionSnapshot()`` at every frame the view is shown, so opening and closing
/// a pane (and the bus pruning a released owner) shows up at once.
@MainLoop
public final class BusPane {
    /// The most handler errors kept.
    public static let keptFailures = 50

    /// The current state.
    public var state: BusPaneState {
        var state = kept
        if let recorded {
            state.publishers = recorded.publishers
            state.replay = .init(replayed: recorded.replayed, total: recorded.total)
            state.recent = recorded.recent.reversed()
        } else {
            let notes = tapNotes.withLock { $0 }
            state.publishers = notes.publishers
            state.recent = notes.recent.reversed().map { publish in
                var publish = publish
                publish.throwers = notes.threw[publish.sequenceNumber] ?? []
                return publish
            }
        }
        // Encoded here, for the frames that show the map, not by the tap at every publish.
        state.lastPayloads = tapNotes.withLock { $0.lastEvents }.mapValues { event in
            guard let event = event as? any DemoEvent else {
                return (event as? DeadEvent).map { #"eventTypeName: "\#($0.eventTypeName)""# } ?? ""
            }
            return PayloadFields.text(of: event)
        }
        return state
    }

    /// The subscriptions the map shows, by type name: `bus`'s live ones, or in a replay what the
    /// recording says (the replay bus has only the panes' subscriptions).
    public func mapSnapshot(of bus: EventBus) -> [String: [SubscriptionInfo]] {
        recorded?.subscriptions ?? bus.subscriptionSnapshot().byTypeName
    }

    /// The drops the map subtracts from deliveries, by ``droppedKey(_:)``: `live` (the live
    /// subscriptions' drops), or in a replay the recorded ones.
    public func mapDrops(live: [String: Int]) -> [String: Int] {
        recorded?.dropped ?? live
    }
    private var kept = BusPaneState()
    private var tap: SubscriptionToken?
    /// What the tap notes on the publishing thread: one update under a lock per publish,
    /// instead of a job on the loop for each.
    private nonisolated let tapNotes = Mutex(TapNotes())
    private struct TapNotes {
        /// Call sites by event type.
        var publishers: [String: [BusPaneState.Publisher]] = [:]
        /// The last event of each type.
        var lastEvents: [String: any EventBusEvent] = [:]
        /// The last publishes, oldest first.
        var recent: [RecentPublish] = []
        /// Whose handler threw, by publish, noted by the tap's failure line (which may hear of a
        /// failure before the tap hears of its publish): at most ``keptRecent`` publishes.
        var threw: [UInt64: Set<String>] = [:]
    }

    /// Subscribes on `executor` for as long as the pane lives.
    public init(bus: EventBus, executor: MainLoopExecutor) {
        bus.subscribe(owner: self, for: DeadEvent.self, on: executor) { pane, dead in
            MainLoop.assumeIsolated {
                pane.countDeadEvent(dead.eventTypeName)
            }
        }
        tap = bus.observeAll { [weak self] record in
            let publish = RecentPublish(record)
            let site = record.callSite
            let place = "\(site.fileName):\(site.line)"
            // The replaced event is returned, so that it is released after the lock.
            _ = self?.tapNotes.withLock { notes in
                notes.recent.keepingLast(Self.keptRecent, appending: publish)
                var sites = notes.publishers[record.eventTypeName, default: []]
                if let index = sites.firstIndex(where: { $0.site == place && $0.function == site.function }) {
                    sites[index].count += 1
                } else {
                    sites.append(.init(site: place, function: site.function, count: 1))
                }
                notes.publishers[record.eventTypeName] = sites
                return notes.lastEvents.updateValue(record.event, forKey: record.eventTypeName)
            }
        } failures: { [weak self] failure in
            if let number = failure.sequenceNumber {
                self?.tapNotes.withLock { notes in
                    notes.threw[number, default: []].insert(failure.subscription.subscriberName)
                    if notes.threw.count > Self.keptRecent, let oldest = notes.threw.keys.min() {
                        notes.threw[oldest] = nil
                    }
                }
            }
            let line = failure.description
            executor.enqueue { MainLoop.assumeIsolated { self?.record(line) } }
        }
    }

    /// Scrolls the subscription list by `delta` rows, so that no fewer than `visible` of its
    /// `rowCount` rows stay on screen (the last page is as far as it goes).
    public func scroll(by delta: Int, rowCount: Int, visible: Int = 1) {
        kept.scrollOffset = max(0, min(rowCount - max(1, visible), kept.scrollOffset + delta))
    }

    /// In a replay, what the recording says so far. The replay bus's own dead events are then
    /// left out (it has none of the services that got the recorded events, so every one of them
    /// would be dead); the recorded ones are counted instead.
    private var recorded: RecordedBus?

    /// From now on the map, call sites and dead events are `recording`'s, as far as it has been
    /// replayed (see ``showReplayed(_:)``).
    public func startReplay(of recording: Recording) {
        recorded = RecordedBus(total: recording.events.count)
    }

    /// Shows what a followed trace says from now on, as a replay does; its total grows with
    /// what has been read.
    public func startFollowing() {
        recorded = RecordedBus(total: nil)
    }

    /// A replay has published `replayed`: fold what the recording says of it into the map.
    public func showReplayed(_ replayed: RecordedEvent) {
        recorded?.add(replayed.entry)
        if let dead = replayed.event as? DeadEvent { addDeadEvent(dead.eventTypeName) }
        // Another app's publish that reached nobody: its trace has a DeadEvent line only if
        // that app listens for them, so the publish itself is what says it was dead.
        if let traced = replayed.event as? TracedEvent, traced.isDead {
            addDeadEvent(traced.entry.eventTypeName)
        }
        let entry = replayed.entry
        for failure in entry.failures {
            let who = failure.subscription
            record(
                "\(who.subscriberName) threw \(failure.errorDescription) handling \(entry.eventTypeName)"
                    + " (\(who.delivery), on \(who.executorLabel)), published at \(entry.callSiteDescription)"
            )
        }
    }

    private func countDeadEvent(_ typeName: String) {
        guard recorded == nil else { return }
        addDeadEvent(typeName)
    }

    private func addDeadEvent(_ typeName: String) {
        let count = (kept.deadEvents.first { $0.typeName == typeName }?.count ?? 0) + 1
        kept.deadEvents.removeAll { $0.typeName == typeName }
        kept.deadEvents.insert(.init(typeName: typeName, count: count), at: 0)
    }

    private func record(_ failure: String) {
        kept.failureCount += 1
        kept.failures.insert(failure, at: 0)
        if kept.failures.count > Self.keptFailures { kept.failures.removeLast() }
    }
}
