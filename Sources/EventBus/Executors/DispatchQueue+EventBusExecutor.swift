import Dispatch

/// A dispatch queue runs subscription jobs with `async`. Its ``EventBusExecutor/label`` is the
/// queue's own label.
///
/// Events of one subscription run one at a time and in publish order even on a concurrent
/// queue; use a serial queue so that different subscriptions' handlers don't run in parallel.
extension DispatchQueue: EventBusExecutor {
    /// Submits `work` with `async`.
    public func enqueue(_ work: @escaping @Sendable () -> Void) {
        async(execute: work)
    }
}
