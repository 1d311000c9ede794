/// The state of an ``ExecutorLane`` that its drain job needs: the lock, the order in which
/// events were queued across event types, and the lane's typed queues.
///
/// The lock also guards the typed queues' own buffers and member lists (``LaneQueue``), so
/// one lock per publish covers the event, its place in the order and the drain flag.
final class LaneCore: Sendable {
    let state = LockedValue(LaneState())

    /// The queue for `Event`, made on first use: a `LaneQueue<Event>`, filed under `Event`'s
    /// identity (the caller, ``LaneSubscription``, casts it back).
    func queue<Event>(for eventType: Event.Type) -> LaneQueueBase {
        state.withLock { state in
            let key = ObjectIdentifier(eventType)
            if let queue = state.queues[key] { return queue }
            let queue = LaneQueue<Event>(core: self)
            state.queues[key] = queue
            return queue
        }
    }

    /// Whether no event is queued and no drain is scheduled or running: then an event may skip
    /// the queue without passing one queued before it. Asked by the immediate main-actor kind
    /// only, on the main queue, where this lane's drain runs too: a drain cannot start between
    /// the answer and the inline call, and a publish from another thread that queues meanwhile
    /// was made after the inline one reached its subscription.
    var isIdle: Bool { state.withLock { !$0.isDraining } }

    /// Runs on the executor; only one drain is scheduled at a time. Runs the queued events
    /// until none is left, including those queued meanwhile, and then ends.
    func drain() {
        // The order is swapped out in batches rather than popped run by run, and the emptied
        // buffer goes back as the spare: a steady stream of bursts reuses two buffers.
        var batch = ContiguousArray<LaneRun>()
        while state.withLock({ $0.takeOrder(into: &batch) }) {
            for run in batch {
                run.queue.run(run.count, generation: run.generation, in: self)
            }
            // Emptied here, outside the lock: the last reference to a queue may go with it.
            batch.removeAll(keepingCapacity: true)
        }
    }
}

/// One stretch of the order: `count` consecutive events of one queue.
struct LaneRun {
    let queue: LaneQueueBase
    /// The queue's generation when they were queued: a queue that lost its last member
    /// dropped its events and started a new generation, and runs of the old one are skipped.
    let generation: UInt64
    var count: Int
}

/// Guarded by the lane's lock.
struct LaneState {
    /// Which queue holds the next events, in the order they were queued; closed runs only.
    private var order: ContiguousArray<LaneRun> = []
    /// The run being extended, kept out of `order` so that extending it writes no array (a
    /// uniqueness check and a write per publish).
    private var openRun: LaneRun?
    /// An empty buffer with capacity, kept between bursts for the next drain to swap in.
    private var spare: ContiguousArray<LaneRun> = []
    private var isDrainScheduled = false
    /// The lane's queues by event type; a queue stays once made (one per type used here).
    var queues: [ObjectIdentifier: LaneQueueBase] = [:]

    /// Notes that `queue` got one more event; returns true when the caller must schedule the
    /// drain. Consecutive events of one type extend one run, so a burst of one type costs
    /// one slot.
    mutating func noteQueued(in queue: LaneQueueBase, generation: UInt64) -> Bool {
        if openRun?.queue === queue, openRun?.generation == generation {
            openRun!.count += 1
        } else {
            if let closed = openRun { order.append(closed) }
            // The replaced run is in `order` now: nothing is released here.
            openRun = LaneRun(queue: queue, generation: generation, count: 1)
        }
        if isDrainScheduled { return false }
        isDrainScheduled = true
        return true
    }

    /// Swaps the order into `batch`, which must be empty, and returns true; or, when nothing
    /// is queued, ends the drain and keeps `batch`'s buffer as the spare. Only empty buffers
    /// change hands here, so nothing is released under the lock.
    mutating func takeOrder(into batch: inout ContiguousArray<LaneRun>) -> Bool {
        guard openRun != nil || !order.isEmpty else {
            isDrainScheduled = false
            if batch.capacity > spare.capacity { swap(&spare, &batch) }
            return false
        }
        if batch.capacity == 0 { swap(&spare, &batch) }
        swap(&order, &batch)
        // Into the batch, which has room from earlier bursts: appending it to `order` first
        // allocated a buffer for `order` on every burst.
        if let open = openRun {
            batch.append(open)
            openRun = nil
        }
        return true
    }

    /// Whether a drain is scheduled or running: set by the first event of a burst, cleared by
    /// the drain once it finds nothing left.
    var isDraining: Bool { isDrainScheduled }

    /// How many events of `queue` the order still counts (a running drain has the rest).
    func queuedCount(of queue: LaneQueueBase) -> Int {
        let closed = order.reduce(0) { $0 + ($1.queue === queue ? $1.count : 0) }
        return closed + (openRun?.queue === queue ? openRun!.count : 0)
    }

    /// Shrinks the runs of `queue` to the events `keeps` picks, numbered oldest first among
    /// those the order counts; runs left empty stay and run nothing.
    mutating func shrinkRuns(of queue: LaneQueueBase, keeping keeps: (Int) -> Bool) {
        var position = 0
        for index in order.indices where order[index].queue === queue {
            let count = order[index].count
            order[index].count = (position..<position + count).reduce(0) { $0 + (keeps($1) ? 1 : 0) }
            position += count
        }
        if openRun?.queue === queue {
            let count = openRun!.count
            openRun!.count = (position..<position + count).reduce(0) { $0 + (keeps($1) ? 1 : 0) }
        }
    }

    /// Removes the runs of `queue` (whose events were dropped). The runs are handed back so
    /// that the caller releases them after unlocking.
    mutating func removeRuns(of queue: LaneQueueBase) -> [LaneRun] {
        if let closed = openRun {
            order.append(closed)
            openRun = nil
        }
        let removed = order.filter { $0.queue === queue }
        if !removed.isEmpty { order.removeAll { $0.queue === queue } }
        return removed
    }
}
