/// The timing half of a paced subscription: notes when an event is delivered and, one interval
/// later, lets the stepping subscription ask for the next.
struct Pacer<PacingClock: Clock<Duration>>: Sendable {
    let clock: PacingClock
    let interval: Duration
    /// The pending sleep; the subscription stops it when it ends.
    let timer = PaceTimer()

    /// Runs `delivery`, then calls `next` once `interval` has passed on `clock` since the
    /// delivery started, unless the subscription ended first (``PaceTimer/stop()``).
    ///
    /// The deadline is an instant taken before the handler runs, so a slow handler does not
    /// stretch the interval, and a sleep that starts late (the task was slow to start, or a
    /// manual clock was advanced first) still ends at the same instant. One task per delivered
    /// event: pacing is for rates a person reads, not for hot paths.
    func deliver(_ delivery: () -> Void, then next: @escaping @Sendable () -> Void) {
        let deadline = clock.now.advanced(by: interval)
        delivery()
        let clock = self.clock
        timer.start {
            do {
                try await clock.sleep(until: deadline, tolerance: nil)
            } catch {
                // Cancelled: the subscription ended. Any other error would stall a live
                // subscription, so it asks anyway.
                if Task.isCancelled { return }
            }
            next()
        }
    }
}
