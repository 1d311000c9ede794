import EventBus
import Synchronization

/// An executor whose jobs run when the benchmark drains it, on the benchmark's own thread:
/// it measures what queuing for an executor costs the publisher, without a second thread.
final class BatchExecutor: EventBusExecutor {
    private struct Jobs {
        var queued: [@Sendable () -> Void] = []
        /// An empty buffer with capacity, so draining does not make the next burst allocate
        /// (allocations here would be blamed on the bus).
        var spare: [@Sendable () -> Void] = []
    }

    let label = "bench-batch"
    private let jobs = Mutex(Jobs())

    func enqueue(_ work: @escaping @Sendable () -> Void) {
        jobs.withLock { $0.queued.append(work) }
    }

    /// Runs the jobs queued so far.
    func drain() {
        var batch: [@Sendable () -> Void] = []
        jobs.withLock { jobs in
            swap(&batch, &jobs.queued)
            swap(&jobs.queued, &jobs.spare)
        }
        for job in batch { job() }
        batch.removeAll(keepingCapacity: true)
        jobs.withLock { $0.spare = batch }
    }
}
