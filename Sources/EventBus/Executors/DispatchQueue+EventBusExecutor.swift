public import Dispatch

/// A dispatch queue runs subscription jobs with `async`. Its ``EventBusExecutor/label`` is the
/// queue's own label.
///
/// The bus keeps one queue per dispatch queue instance: the events of every plain subscription
/// on it run one at a time and in publish order, even on a concurrent queue.
extension DispatchQueue: EventBusExecutor {
    /// Submits `work` with `async`.
    public func enqueue(_ work: @escaping @Sendable () -> Void) {
        async(execute: work)
    }
}
