import EventBus
import EventBusTracing

/// What a recording says about the bus it was made on, as far as a replay has got: each event
/// type's subscriptions, as the recorded recipients (and skips and drops) name them, with how
/// many of the replayed publishes each received, and the recorded call sites.
///
/// A replay publishes on a bus of its own, where only the panes listen and the replayer is the
/// only call site, so the Bus view shows this instead. A trace names a subscription only when a
/// publish reached, skipped or dropped for it: one that never got an event is not in it.
public struct RecordedBus: Equatable, Sendable {
    /// Subscriptions by event type name, in delivery order (higher priority first).
    public private(set) var subscriptions: [String: [SubscriptionInfo]] = [:]
    /// Each event type's recorded call sites, in the order they first published it.
    public private(set) var publishers: [String: [BusPaneState.Publisher]] = [:]
    /// Events a full buffer dropped, by ``BusPane/droppedKey(_:)`` (type and subscriber).
    public private(set) var dropped: [String: Int] = [:]
    /// The last replayed publishes (at most ``BusPane/keptRecent``), oldest first.
    public private(set) var recent: [RecentPublish] = []
    /// How many recorded publishes have been replayed.
    public private(set) var replayed = 0
    /// How many the recording holds; for a followed trace (`nil` at the start), how many have
    /// been read so far.
    public private(set) var total: Int
    private let grows: Bool

    /// Whether a recipient named `subscriber` subscribed without an owner, with a token
    /// (`ownerless`, ``EventBus/subscribe(for:priority:handler:)-8vm99``) or a stream: a
    /// recipient names its subscriber only, and these two names are the bus's for them.
    public nonisolated static func isOwnerless(_ subscriber: String) -> Bool {
        subscriber == "ownerless" || subscriber == "AsyncStream"
    }

    /// An empty map for a recording of `total` publishes, or of a followed trace (`nil`).
    public init(total: Int?) {
        self.total = total ?? 0
        grows = total == nil
    }

    /// Folds in one replayed publish: its call site, and a delivery to each recorded recipient.
    public mutating func add(_ entry: Trace.Entry) {
        replayed += 1
        if grows { total = replayed }
        recent.keepingLast(BusPane.keptRecent, appending: RecentPublish(entry))
        let type = entry.eventTypeName
        let site = "\(entry.fileID.split(separator: "/").last ?? ""):\(entry.line)"
        var sites = publishers[type, default: []]
        if let index = sites.firstIndex(where: { $0.site == site && $0.function == entry.function }) {
            sites[index].count += 1
        } else {
            sites.append(.init(site: site, function: entry.function, count: 1))
        }
        publishers[type] = sites
        for recipient in entry.recipients {
            note(
                type, recipient.subscriberName, recipient.executorLabel, recipient.delivery,
                recipient.priority)
        }
        for skip in entry.skips {
            note(type, skip.subscriberName, skip.executorLabel, skip.delivery, skip.priority, received: 0)
        }
        for dropping in entry.droppingRecipients {
            note(
                type, dropping.subscriberName, dropping.executorLabel, dropping.delivery, dropping.priority,
                received: 0)
            dropped["\(type) \(dropping.subscriberName)", default: 0] += 1
        }
    }

    private mutating func note(
        _ type: String, _ subscriber: String, _ executor: String, _ delivery: SubscriptionInfo.Delivery,
        _ priority: Int, received: Int = 1
    ) {
        var infos = subscriptions[type, default: []]
        let same = { (info: SubscriptionInfo) in
            info.subscriberName == subscriber && info.executorLabel == executor && info.delivery == delivery
                && info.priority == priority
        }
        let count = (infos.first(where: same)?.deliveredEventCount ?? 0) + received
        let info = SubscriptionInfo(
            eventTypeName: type, subscriberName: subscriber,
            isOwnerBound: !Self.isOwnerless(subscriber), delivery: delivery,
            executorLabel: executor, priority: priority, deliveredEventCount: count)
        if let index = infos.firstIndex(where: same) {
            infos[index] = info
        } else {
            // After the last of at least its priority: the bus's delivery order.
            let index = infos.firstIndex { $0.priority < priority } ?? infos.endIndex
            infos.insert(info, at: index)
        }
        subscriptions[type] = infos
    }
}
