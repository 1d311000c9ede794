/// A plain (unbounded) executor or main-actor subscription whose executor has a lane: its
/// events are queued on the lane it shares with the bus's other subscriptions on that
/// executor (see ``ExecutorLane``).
final class LaneSubscription<Owner: AnyObject, Event: Sendable>: OwnerBoundSubscription<Owner, Event>,
    @unchecked Sendable
{
    // safe: `memberNumber` is written once, before the entry is listed (and so before any
    // publish or retire can reach it); the rest is immutable or has its own lock.
    /// Stored as throwing for both handler shapes: the error check runs in the drain.
    private let handler: @Sendable (Owner, Event) throws -> Void
    private let failures: FailureReporter?
    private let reported = ReportedTypes()
    private let lane: ExecutorLane
    private let queue: LaneQueue<Event>
    /// The backlog, shared with the token; the queue writes it under the lane's lock.
    private let counters = BufferCounters()
    private var memberNumber: UInt64 = 0

    init(
        owner: Owner, lane: ExecutorLane, priority: Int, failures: FailureReporter? = nil,
        handler: @escaping @Sendable (Owner, Event) throws -> Void
    ) {
        self.handler = handler
        self.failures = failures
        self.lane = lane
        queue = lane.queue(for: Event.self)
        super.init(owner: owner, priority: priority)
    }

    /// Joins the lane's queue; called before the entry is registered with the store.
    func joinLane() {
        memberNumber = queue.join(self, counters: counters)
    }

    override var executorLabel: String { lane.executor.label }

    override var deliveryKind: SubscriptionInfo.Delivery { .executor }

    override var bufferCounters: BufferCounters? { counters }

    override func retire() {
        queue.leave(memberNumber)
    }

    /// Queues the event on the lane the moment the publish reaches this subscription, so the
    /// lane keeps the order in which publishes reached its members, nested ones included.
    override func deliver(_ event: Event) -> DeliveryOutcome {
        guard !isCancelled else { return .skipped }
        guard owner != nil else { return .ownerGone }
        if queue.append(event, for: memberNumber, counters: counters) { lane.scheduleDrain() }
        return .delivered
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
