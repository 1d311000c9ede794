@testable import EventBus

/// An executor whose jobs run only when the test says so: delivery becomes deterministic.
final class ManualExecutor: EventBusExecutor {
    private let jobs = LockedValue<[@Sendable () -> Void]>([])
    let label = "manual"

    func enqueue(_ work: @escaping @Sendable () -> Void) {
        jobs.withLock { $0.append(work) }
    }

    var pendingJobCount: Int { jobs.withLock { $0.count } }

    /// Runs queued jobs, including ones queued while running, until none is left.
    func drain() {
        while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            job()
        }
    }
}
