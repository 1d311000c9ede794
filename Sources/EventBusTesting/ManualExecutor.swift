public import EventBus

/// An executor that runs jobs only when a test calls ``drain()``, so executor and main-loop
/// deliveries become deterministic: no sleeping, no waiting on a queue.
///
/// ```swift
/// @Test func cartBadgeUpdatesOnItsExecutor() {
///     let bus = EventBus()
///     let executor = ManualExecutor()
///     let badge = CartBadge(bus: bus, executor: executor)
///
///     bus.publish(CartDidUpdateEvent(itemCount: 2))
///     #expect(badge.count == 0)        // queued, not run
///
///     executor.drain()
///     #expect(badge.count == 2)
/// }
/// ```
///
/// Jobs run in the order they were enqueued, on the thread that calls ``drain()``. All members
/// are thread-safe; no lock is held while a job runs.
public final class ManualExecutor: EventBusExecutor {
    private let jobs = LockedValue<[@Sendable () -> Void]>([])

    /// Shown by observe-all taps as where handlers ran.
    public let label: String

    /// Creates an executor with no jobs; `label` names it in ``PublishRecord``s.
    public init(label: String = "manual") {
        self.label = label
    }

    /// Queues `work` until the next ``drain()``. Never runs it inline.
    public func enqueue(_ work: @escaping @Sendable () -> Void) {
        jobs.withLock { $0.append(work) }
    }

    /// How many jobs are waiting.
    public var pendingJobCount: Int { jobs.withLock { $0.count } }

    /// Runs queued jobs, including jobs queued while draining, until none is left, and returns
    /// how many ran.
    @discardableResult
    public func drain() -> Int {
        // Takes the whole queue at a time: removing jobs one by one from the front of the array
        // made draining n jobs cost n²/2 moves. Jobs queued by a job run after this batch,
        // which is where they would have been in the queue anyway.
        var ran = 0
        while true {
            let batch = jobs.withLock { jobs in
                defer { jobs = [] }
                return jobs
            }
            if batch.isEmpty { return ran }
            for job in batch { job() }
            ran += batch.count
        }
    }
}
