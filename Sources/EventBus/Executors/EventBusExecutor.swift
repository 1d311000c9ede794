/// Somewhere to run a subscription's handler: the main actor, a dispatch queue, an actor, or
/// an app's own run loop.
///
/// The bus keeps one queue per executor it can identify (a class instance, an actor, the main
/// actor) and calls ``enqueue(_:)`` at most once per burst of events for that queue; the job
/// runs the queued events in publish order, for every subscription on the executor, so an
/// executor only has to run each job once, eventually. Jobs of one queue never overlap, even on
/// an executor that runs jobs concurrently. A value-type executor cannot be identified: it gets
/// a job per subscription and burst, and running jobs in FIFO order is then expected.
///
/// Conform your own run loop (a game loop, a terminal UI's `poll()` loop) to deliver events
/// between frames:
///
/// ```swift
/// final class FrameExecutor: EventBusExecutor {
///     let label = "frame-loop"
///     private let jobs = Mutex<[@Sendable () -> Void]>([])   // run by the loop between frames
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
