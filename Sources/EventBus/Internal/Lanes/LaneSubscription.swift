/// A plain (unbounded) executor or main-actor subscription whose executor has a lane: its
/// events are queued on the lane the subscription shares with the bus's other subscriptions
/// on that executor (see ``ExecutorLane``).
///
/// A publish only checks the flag and the owner here and tells the publish loop that a lane
/// was reached; the publish queues the event once per lane after its loop (``LaneFanOut``). The drain then calls ``runQueued(_:)`` for every member the publish reached.
final class LaneSubscription<Owner: AnyObject, Event: Sendable>: OwnerBoundSubscription<Owner, Event>,
    @unchecked Sendable
{
    // safe: everything is immutable; the queue and the counters have their own locks.
    /// Stored as throwing for both handler shapes: the error check runs in the drain.
    private let handler: @Sendable (Owner, Event) throws -> Void
    private let failures: FailureReporter?
    private let reported = ReportedTypes()
    private let lane: ExecutorLane
    private let queue: LaneQueue<Event>
    private let counters: BufferCounters

    init(
        owner: Owner, lane: ExecutorLane, priority: Int, failures: FailureReporter? = nil,
        handler: @escaping @Sendable (Owner, Event) throws -> Void
    ) {
        self.handler = handler
        self.failures = failures
        self.lane = lane
        queue = lane.queue(for: Event.self)
        counters = BufferCounters(sharing: queue.backlog)
        super.init(owner: owner, priority: priority)
    }

    /// Joins the lane's queue; called once the store has listed this entry, so that its
    /// serial (its place among equal priorities) is set. Until then no publish can reach it.
    func joinLane() {
        queue.join(self, key: LaneMemberKey(priority: priority, serial: serial))
    }

    override var executorLabel: String { lane.executor.label }

    override var deliveryKind: SubscriptionInfo.Delivery { .executor }

    override var bufferCounters: BufferCounters? { counters }

    override func retire() {
        counters.end()
        queue.leave(self)
    }

    override func deliver(_ event: Event) -> DeliveryOutcome {
        guard !isCancelled else { return .skipped }
        guard owner != nil else { return .ownerGone }
        return .queuedOnLane
    }

    override var laneSeat: LaneSeat? {
        LaneSeat(queue: ObjectIdentifier(queue), priority: priority, serial: serial)
    }

    override func queueOnLane(_ event: Event, cutoff: LaneCutoff) {
        if queue.append(event, cutoff: cutoff) { lane.scheduleDrain() }
    }

    /// Checked per event: a cancel that returned before this point wins, and so does the
    /// owner's release.
    override func runQueued(_ event: Event) -> Bool {
        guard !isCancelled, let owner else { return false }
        do {
            try handler(owner, event)
        } catch {
            failures?.report(
                error, event: event, by: self,
                isFirstForType: reported.firstReport(of: ObjectIdentifier(type(of: event as Any))))
        }
        return true
    }
}
