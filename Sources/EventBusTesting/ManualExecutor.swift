import EventBus

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
        var ran = 0
        while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            job()
            ran += 1
        }
        return ran
    }
}
