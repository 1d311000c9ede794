import EventBus
import Synchronization

/// An executor whose jobs run when the benchmark drains it, on the benchmark's own thread:
/// it measures what queuing for an executor costs the publisher, without a second thread.
final class BatchExecutor: EventBusExecutor {
    let label = "bench-batch"
    private let jobs = Mutex<[@Sendable () -> Void]>([])

    func enqueue(_ work: @escaping @Sendable () -> Void) {
        jobs.withLock { $0.append(work) }
    }

    /// Runs the jobs queued so far.
    func drain() {
        let batch = jobs.withLock { jobs in
            defer { jobs.removeAll(keepingCapacity: true) }
            return jobs
        }
        for job in batch { job() }
    }
}
