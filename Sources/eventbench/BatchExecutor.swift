import EventBus
import Synchronization

/// An executor whose jobs run when the benchmark drains it, on the benchmark's own thread:
/// it measures what queuing for an executor costs the publisher, without a second thread.
final class BatchExecutor: EventBusExecutor {
    /// Jobs are wrapped in a struct: an `[@Sendable () -> Void]` stores closures at the
    /// generic abstraction, so every append wraps the closure in a heap-allocated
    /// reabstraction thunk, which would be counted against the bus.
    private struct Job {
        let run: @Sendable () -> Void
    }

    private struct Jobs {
        var queued: [Job] = []
        /// An empty buffer with capacity, so draining does not make the next burst allocate.
        var spare: [Job] = []
        /// Jobs enqueued since the executor was made.
        var enqueued = 0
    }

    let label = "bench-batch"
    private let jobs = Mutex(Jobs())

    func enqueue(_ work: @escaping @Sendable () -> Void) {
        jobs.withLock {
            $0.queued.append(Job(run: work))
            $0.enqueued += 1
        }
    }

    /// How many jobs have been enqueued so far.
    var enqueuedCount: Int { jobs.withLock { $0.enqueued } }

    /// Runs the jobs queued so far.
    func drain() {
        var batch: [Job] = []
        jobs.withLock { jobs in
            swap(&batch, &jobs.queued)
            swap(&jobs.queued, &jobs.spare)
        }
        for job in batch { job.run() }
        batch.removeAll(keepingCapacity: true)
        jobs.withLock { $0.spare = batch }
    }
}
