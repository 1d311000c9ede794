import EventBus
import Foundation
import TerminalUI

/// What the Bus view shows besides the live subscriptions: events nobody received and errors
/// handlers threw, newest first.
public struct BusPaneState: Equatable, Sendable {
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

    /// Creates a state.
    public init(
        deadEvents: [DeadEventCount] = [], failures: [String] = [], failureCount: Int = 0,
        scrollOffset: Int = 0
    ) {
        self.deadEvents = deadEvents
        self.failures = failures
        self.failureCount = failureCount
        self.scrollOffset = scrollOffset
    }
}

/// The Bus view's model: subscribes to the library's ``DeadEvent`` and hears handler errors
/// through an observe-all tap, both on the loop. The live subscriptions themselves come from
/// ``EventBus/subscriptionSnapshot()`` at every frame the view is shown, so opening and closing
/// a pane (and the bus pruning a released owner) shows up at once.
@MainLoop
public final class BusPane {
    /// The most handler errors kept.
    public static let keptFailures = 50

    /// The current state.
    public private(set) var state = BusPaneState()
    private var tap: SubscriptionToken?

    /// Subscribes on `executor` for as long as the pane lives.
    public init(bus: EventBus, executor: MainLoopExecutor) {
        bus.subscribeOnLoop(owner: self, on: executor) { (pane, dead: DeadEvent) in
            pane.countDeadEvent(dead.eventTypeName)
        }
        tap = bus.observeAll { _ in
        } failures: { [weak self] failure in
            let line = failure.description
            executor.enqueue { MainLoop.assumeIsolated { self?.record(line) } }
        }
    }

    /// Scrolls the subscription list by `delta` rows, so that no fewer than `visible` of its
    /// `rowCount` rows stay on screen (the last page is as far as it goes).
    public func scroll(by delta: Int, rowCount: Int, visible: Int = 1) {
        state.scrollOffset = max(0, min(rowCount - max(1, visible), state.scrollOffset + delta))
    }

    /// Whether dead events are left out (a replay: its bus has none of the services that got
    /// the recorded events, so every one of them would be dead).
    private var isReplay = false

    /// Leaves dead events out from now on.
    public func startReplay() {
        isReplay = true
    }

    private func countDeadEvent(_ typeName: String) {
        guard !isReplay else { return }
        let count = (state.deadEvents.first { $0.typeName == typeName }?.count ?? 0) + 1
        state.deadEvents.removeAll { $0.typeName == typeName }
        state.deadEvents.insert(.init(typeName: typeName, count: count), at: 0)
    }

    private func record(_ failure: String) {
        state.failureCount += 1
        state.failures.insert(failure, at: 0)
        if state.failures.count > Self.keptFailures { state.failures.removeLast() }
    }
}
