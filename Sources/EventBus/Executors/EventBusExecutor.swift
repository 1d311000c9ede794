/// Somewhere to run a subscription's handler: the main actor, a dispatch queue, an actor, or
/// an app's own run loop.
///
/// The bus calls ``enqueue(_:)`` at most once per burst of events for each subscription and
/// runs that subscription's events in publish order inside the job, so an executor only has to
/// run each job once, eventually. Jobs of one subscription never overlap, even on an executor
/// that runs jobs concurrently; running jobs in FIFO order is still expected, so that different
/// subscriptions on one executor see events in a sensible order.
///
/// Conform your own run loop (a game loop, a terminal UI's `poll()` loop) to deliver events
/// between frames:
///
/// ```swift
/// final class FrameExecutor: EventBusExecutor {
///     let label = "frame-loop"
///     func enqueue(_ work: @escaping @Sendable () -> Void) { jobs.withLock { $0.append(work) } }
/// }
/// ```
public protocol EventBusExecutor: Sendable {
    /// Runs `work` later, on this executor. Must not run it synchronously inside the call: the
    /// publisher may hold app state that the handler also touches.
    func enqueue(_ work: @escaping @Sendable () -> Void)

    /// A short name for where handlers run, shown by observe-all taps (for example `main-actor`).
    var label: String { get }
}
