/// The pending sleep of a paced subscription: started after each delivery, cancelled when the
/// subscription ends.
///
/// The subscription owns the timer (through its handler, and ``SteppingSubscription`` calls
/// ``stop()`` from `retire()`); the sleeping task does not, per the ownership rule on
/// ``AnySubscription``. So a subscription that ends stops its sleep at once: cancel, the owner's
/// release, `unsubscribe`, or the bus's release, which frees the entry and with it the timer,
/// whose `deinit` cancels the task. A task left asleep would otherwise keep its clock and itself
/// alive for good on a clock that never moves (a test's `ManualClock`).
final class PaceTimer: Sendable {
    private struct State: Sendable {
        var task: Task<Void, Never>?
        var isStopped = false
    }

    private let state = LockedValue(State())

    deinit {
        state.withLock { $0.task }?.cancel()
    }

    /// Runs `operation` in a task of its own, the timer's pending one; does nothing once stopped.
    ///
    /// The previous task needs no cancelling: a paced subscription starts its next sleep only
    /// after the previous one ended and asked for the next event.
    func start(_ operation: @escaping @Sendable () async -> Void) {
        let task = Task(operation: operation)
        let isStopped = state.withLock { state in
            if !state.isStopped { state.task = task }
            return state.isStopped
        }
        if isStopped { task.cancel() }
    }

    /// Cancels the pending task, and every later ``start(_:)``. Safe to call more than once.
    func stop() {
        let task = state.withLock { state in
            state.isStopped = true
            defer { state.task = nil }
            return state.task
        }
        task?.cancel()
    }
}
