/// One executor's queue on one bus, shared by the unbounded executor and main-actor subscriptions
/// made for that executor: plain, state-query and protocol ones.
///
/// A publish that reaches several subscriptions on the executor queues its event once, with
/// one locked append, and the first event of a burst schedules the lane's one drain job; the
/// drain runs the queued events in the order they were queued, each for its subscriptions in
/// delivery order (priority, then subscription order). So the executor sees one job per burst
/// instead of one per subscription, and related event types arrive in publish order.
///
/// Entries hold their lane (they never look it up while publishing); the lane holds the
/// executor. Drain jobs capture only the ``LaneCore``, never the lane: an executor that keeps
/// a job it never runs would otherwise keep itself alive through the lane.
final class ExecutorLane: Sendable {
    let executor: any EventBusExecutor
    let core = LaneCore()
    /// Whether its members run a publish made on the main queue inline while the lane is idle
    /// (``MainActorExecutor/mainActorImmediate``).
    let runsInlineOnMainQueue: Bool
    private let identity: LaneIdentity
    /// Weak: the table holds its lanes. A `WeakReference`, since a `Sendable` class cannot
    /// have a `weak var` and `weak let` is newer than the toolchain floor (decision record 0107).
    private let table: WeakReference

    init(executor: any EventBusExecutor, identity: LaneIdentity, table: ExecutorLanes) {
        self.executor = executor
        self.identity = identity
        runsInlineOnMainQueue = identity == .mainActorImmediate
        self.table = WeakReference(table)
    }

    deinit {
        (table.object as? ExecutorLanes)?.forget(identity)
    }

    /// The lane's queue for `Event`, made on first use; called when subscribing.
    func queue<Event>(for eventType: Event.Type) -> LaneQueueBase {
        core.queue(for: eventType)
    }

    /// Hands the drain job to the executor; called by the publish that queued the first event
    /// of a burst, after unlocking.
    func scheduleDrain() {
        // Captures one class reference and no generic metadata: no closure context to allocate.
        executor.enqueue { [core] in core.drain() }
    }
}
