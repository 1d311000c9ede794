import EventBus
import Foundation
import Synchronization

/// A main loop of the kind a terminal UI runs: one thread that sleeps until work arrives, then
/// runs the queued jobs in order.
final class LoopExecutor: EventBusExecutor {
    let label = "bench-loop"
    private let jobs = Mutex<[@Sendable () -> Void]>([])
    private let wakeUp = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)

    func enqueue(_ work: @escaping @Sendable () -> Void) {
        jobs.withLock { $0.append(work) }
        wakeUp.signal()
    }

    /// Starts the loop thread; it runs until ``stop()``.
    func start() {
        Thread { [self] in
            var running = true
            while running {
                wakeUp.wait()
                let batch = jobs.withLock { jobs in
                    defer { jobs.removeAll(keepingCapacity: true) }
                    return jobs
                }
                for job in batch { job() }
                running = !batch.isEmpty
            }
            stopped.signal()
        }.start()
    }

    /// Ends the loop (an empty wake-up is the stop signal) and waits for the thread to finish.
    func stop() {
        wakeUp.signal()
        stopped.wait()
    }
}
