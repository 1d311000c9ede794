/// Things that change on their own, without input: a replayed event falling due. The loop asks
/// for the next deadline and sleeps in `poll()` until then, so nothing ticks: with nothing
/// scheduled the deadline is `nil` and an idle app uses no CPU.
extension DemoApp {
    /// The next instant something is due, or `nil` when nothing is scheduled.
    public func nextDeadline() -> ContinuousClock.Instant? {
        replayer?.nextDeadline
    }

    /// Does whatever is due at `now`: publishes the replayed events whose time has come.
    public func advance(to now: ContinuousClock.Instant) {
        replayer?.publishDue(at: now)
    }
}
