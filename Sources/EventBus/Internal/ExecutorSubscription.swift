/// A subscription whose handler runs on a serial executor, in publish order.
///
/// Publishing appends the event to this subscription's mailbox; the first event of a burst
/// also schedules one drain job on the executor. The drain runs queued events one by one until
/// the mailbox is empty, so the executor sees one job per burst instead of one per event, and
/// FIFO order holds even if the executor itself does not keep jobs in order.
///
/// The job owns only the mailbox, never this entry (see the ownership rule on
/// ``AnySubscription``): a cancel releases the handler at once, and this entry's `deinit`
/// empties the mailbox, even if the executor runs the job much later or never.
// `Event` is any Sendable type, not only `EventBusEvent`: a protocol subscription's entry is
// filed under the protocol's existential (`any CartEvent`), which does not conform.
final class ExecutorSubscription<Owner: AnyObject, Event: Sendable>:
    OwnerBoundSubscription<Owner, Event>
{
    // Sendable (see the list in Subscription.swift): the mailbox and `reported` have their own locks;
    // everything else is immutable.
    /// Stored as throwing for both handler shapes: the error check after the call runs in the
    /// drain, on the executor, never on the publish path.
    private let handler: @Sendable (Owner, Event) throws -> Void
    private let executor: any EventBusExecutor
    private let mailbox: LockedValue<Mailbox<Event>>
    /// The executor job, made once: it captures the mailbox and `Event`'s metadata in one
    /// context, so scheduling a drain allocates nothing. A closure made per burst allocated its
    /// context every time.
    private let drainJob: @Sendable () -> Void
    private let isBounded: Bool
    private let failures: FailureReporter?
    private let reported = ReportedTypes()
    /// The backlog and drops, shared with the token.
    private let counters = BufferCounters()

    init(
        owner: Owner, executor: any EventBusExecutor, priority: Int, policy: EventBufferPolicy = .unbounded,
        failures: FailureReporter? = nil, handler: @escaping @Sendable (Owner, Event) throws -> Void
    ) {
        self.executor = executor
        self.failures = failures
        self.handler = handler
        mailbox = LockedValue(Mailbox(policy: policy, counters: counters))
        drainJob = { [mailbox] in mailbox.drain() }
        isBounded = policy.limit != nil
        super.init(owner: owner, priority: priority)
        mailbox.withLock { $0.subscription = self }
    }

    deinit {
        mailbox.discardAll()
    }

    override var executorLabel: String { executor.label }

    override var deliveryKind: SubscriptionInfo.Delivery { .executor }

    override func notePendingWork(into work: inout PendingWork) {
        if mailbox.withLock({ $0.isDraining }) {
            work.note("events queued for \(subscriberName) on \(executor.label)", on: executor)
        }
    }

    override var bufferCounters: BufferCounters? { counters }

    override func retire() {
        mailbox.discardAll()
    }

    override func deliver(_ event: Event) -> DeliveryOutcome {
        guard !isCancelled else { return .skipped }
        guard owner != nil else { return .ownerGone }
        // The bounded path is a function of its own: it needs an `Event?`, and in this generic,
        // unspecialized code such a local costs a runtime metadata lookup on every call.
        if isBounded { return deliverBounded(event) }
        if mailbox.withLock({ $0.append(event) }) {
            executor.enqueue(drainJob)
        }
        return .delivered
    }

    private func deliverBounded(_ event: Event) -> DeliveryOutcome {
        var evicted: Event?
        let (mustSchedule, outcome) = mailbox.withLock { $0.appendBounded(event, evicting: &evicted) }
        evicted = nil  // Released here, after the unlock: events can run arbitrary deinit code.
        if mustSchedule {
            executor.enqueue(drainJob)
        }
        return outcome
    }

    /// Checked per event: a cancel that returned before this point wins, and so does the
    /// owner's release.
    override func runQueued(_ event: Event) -> Bool {
        guard !isCancelled, let owner else { return false }
        do {
            try handler(owner, event)
        } catch {
            failures?.report(error, event: event, by: self, reported: reported)
        }
        return true
    }
}

extension LockedValue {
    /// Runs on the executor. Only one drain is ever scheduled at a time.
    fileprivate func drain<Event>() where Value == Mailbox<Event> {
        // Batches are swapped in and out of the mailbox rather than copied, and the emptied
        // buffer goes back to the mailbox, so a steady stream of bursts reuses two buffers
        // instead of allocating one per burst.
        var batch: [Event] = []
        // The subscription is held strongly for one batch only, and released outside the lock.
        while let subscription = withLock({ $0.takeBatch(into: &batch) }) {
            for event in batch {
                guard subscription.runQueued(event) else { return discardAll() }
            }
            // Emptied here, outside the lock: releasing events can run arbitrary deinit code.
            batch.removeAll(keepingCapacity: true)
        }
    }

    /// Drops queued events once the subscription has ended; a drain that calls this ends.
    fileprivate func discardAll<Event>() where Value == Mailbox<Event> {
        // Released here, after the unlock: events can run arbitrary deinit code.
        let discarded = withLock { $0.discardAll() }
        _ = discarded
    }
}

/// The queue of events waiting for an executor, whether a drain job is scheduled, and the
/// subscription the drain runs them for.
///
/// Generic over the event only, like the rest of the publish path: a second generic parameter made
/// every append look up the mailbox's type metadata at run time.
struct Mailbox<Event> {
    private var pending: [Event] = []
    /// An empty buffer with capacity, kept between bursts for the next drain to swap in.
    private var spare: [Event] = []
    private var isDrainScheduled = false
    /// Weak: the drain job owns this mailbox, not the subscription (see the ownership rule on
    /// ``AnySubscription``), so a queued job never keeps a cancelled handler alive.
    weak var subscription: Subscription<Event>?
    private let policy: EventBufferPolicy
    /// Shared with the token; updated here, under the mailbox's lock.
    private let counters: BufferCounters

    init(policy: EventBufferPolicy, counters: BufferCounters) {
        self.policy = policy
        self.counters = counters
    }

    /// Queues `event`; returns true when the caller must schedule a drain.
    mutating func append(_ event: Event) -> Bool {
        pending.append(event)
        counters.update(waiting: pending.count)
        return scheduleIfNeeded()
    }

    /// Queues `event` as a bounded policy allows. An event dropped to make room is moved to
    /// `evicted`, for the caller to release after unlocking; a rejected event is simply not
    /// stored. Returns whether to schedule a drain and what the publish reports.
    ///
    /// Keeping the newest shifts the waiting events down by one per drop (O(limit)): bounds
    /// are meant to be small, and the unbounded path stays a plain append.
    mutating func appendBounded(_ event: Event, evicting evicted: inout Event?) -> (Bool, DeliveryOutcome) {
        let limit = policy.limit ?? .max
        var outcome = DeliveryOutcome.delivered
        if pending.count >= limit {
            counters.countDrop()
            guard case .keepNewest = policy, !pending.isEmpty else { return (false, .dropped) }
            evicted = pending.removeFirst()
            outcome = .deliveredDroppingOlder
        }
        pending.append(event)
        counters.update(waiting: pending.count)
        return (scheduleIfNeeded(), outcome)
    }

    /// Whether a drain is scheduled or running (see `LaneState.isDraining`).
    var isDraining: Bool { isDrainScheduled }

    private mutating func scheduleIfNeeded() -> Bool {
        if isDrainScheduled { return false }
        isDrainScheduled = true
        return true
    }

    /// Swaps everything queued so far into `batch`, which must be empty, and returns the
    /// subscription to run it for; or, when nothing is queued or the subscription is gone,
    /// ends the drain: returns nil and keeps `batch`'s buffer as the spare. Only empty buffers
    /// change hands here, so no event is released under the lock.
    mutating func takeBatch(into batch: inout [Event]) -> Subscription<Event>? {
        guard !pending.isEmpty, let subscription else {
            isDrainScheduled = false
            if batch.capacity > spare.capacity { swap(&spare, &batch) }
            return nil
        }
        if batch.capacity == 0 { swap(&spare, &batch) }
        swap(&pending, &batch)
        counters.update(waiting: 0)
        return subscription
    }

    /// Drops queued events after the subscription ended; the drain that calls this ends.
    /// Returns the dropped events so that the caller releases them outside the lock.
    mutating func discardAll() -> [Event] {
        isDrainScheduled = false
        spare = []
        counters.update(waiting: 0)
        defer { pending = [] }
        return pending
    }
}
