/// A subscription whose handler runs on a serial executor, in publish order.
///
/// Publishing appends the event to this subscription's mailbox; the first event of a burst
/// also schedules one drain job on the executor. The drain runs queued events one by one until
/// the mailbox is empty, so the executor sees one job per burst instead of one per event, and
/// FIFO order holds even if the executor itself does not keep jobs in order.
final class ExecutorSubscription<Owner: AnyObject, Event: EventBusEvent>:
    OwnerBoundSubscription<Owner, Event>, @unchecked Sendable
{
    // safe: the mailbox and `reported` have their own locks; everything else is immutable.
    /// Stored as throwing for both handler shapes: the error check after the call runs in the
    /// drain, on the executor, never on the publish path.
    private let handler: @Sendable (Owner, Event) throws -> Void
    private let executor: any EventBusExecutor
    private let mailbox = LockedValue(Mailbox<Event>())
    private let failures: FailureReporter?
    private let reported = ReportedTypes()

    init(
        owner: Owner, executor: any EventBusExecutor, priority: Int, failures: FailureReporter? = nil,
        handler: @escaping @Sendable (Owner, Event) throws -> Void
    ) {
        self.executor = executor
        self.failures = failures
        self.handler = handler
        super.init(owner: owner, priority: priority)
    }

    override var executorLabel: String { executor.label }

    override var deliveryKind: SubscriptionInfo.Delivery { .executor }

    override func deliver(_ event: Event) -> DeliveryOutcome {
        guard !isCancelled else { return .skipped }
        guard owner != nil else { return .ownerGone }
        let mustSchedule = mailbox.withLock { $0.append(event) }
        if mustSchedule {
            executor.enqueue { [self] in drain() }
        }
        return .delivered
    }

    /// Runs on the executor. Only one drain is ever scheduled at a time.
    private func drain() {
        // Batches are swapped in and out of the mailbox rather than copied, and the emptied
        // buffer goes back to the mailbox, so a steady stream of bursts reuses two buffers
        // instead of allocating one per burst.
        var batch: [Event] = []
        while mailbox.withLock({ $0.takeBatch(into: &batch) }) {
            for event in batch {
                // Checked per event: a cancel that returned before this point wins, and so does
                // the owner's release.
                guard !isCancelled, let owner else {
                    // Released here, after the unlock: events can run arbitrary deinit code.
                    let discarded = mailbox.withLock { $0.discardAll() }
                    _ = discarded
                    return
                }
                do {
                    try handler(owner, event)
                } catch {
                    failures?.report(
                        error, event: event, by: self,
                        isFirstForType: reported.firstReport(of: ObjectIdentifier(Event.self)))
                }
            }
            // Emptied here, outside the lock: releasing events can run arbitrary deinit code.
            batch.removeAll(keepingCapacity: true)
        }
    }
}

/// The queue of events waiting for an executor, and whether a drain job is scheduled.
struct Mailbox<Event> {
    private var pending: [Event] = []
    /// An empty buffer with capacity, kept between bursts for the next drain to swap in.
    private var spare: [Event] = []
    private var isDrainScheduled = false

    /// Queues `event`; returns true when the caller must schedule a drain.
    mutating func append(_ event: Event) -> Bool {
        pending.append(event)
        if isDrainScheduled { return false }
        isDrainScheduled = true
        return true
    }

    /// Swaps everything queued so far into `batch`, which must be empty, and returns true; or,
    /// when nothing is queued, ends the drain: returns false and keeps `batch`'s buffer as the
    /// spare. Only empty buffers change hands here, so no event is released under the lock.
    mutating func takeBatch(into batch: inout [Event]) -> Bool {
        if pending.isEmpty {
            isDrainScheduled = false
            if batch.capacity > spare.capacity { swap(&spare, &batch) }
            return false
        }
        if batch.capacity == 0 { swap(&spare, &batch) }
        swap(&pending, &batch)
        return true
    }

    /// Drops queued events after a cancel; the drain that calls this ends.
    /// Returns the dropped events so that the caller releases them outside the lock.
    mutating func discardAll() -> [Event] {
        isDrainScheduled = false
        spare = []
        defer { pending = [] }
        return pending
    }
}
