/// Things that change on their own, without input: a pane's flash ending, a replayed event
/// falling due. The loop asks for the next deadline and sleeps in `poll()` until then, so
/// nothing ticks: with nothing scheduled the deadline is `nil` and an idle app uses no CPU.
extension DemoApp {
    /// The next instant something is due, or `nil` when nothing is scheduled.
    public func nextDeadline() -> ContinuousClock.Instant? {
        [replayer?.nextDeadline, follower?.nextDeadline, flashes.nextDeadline].compactMap { $0 }.min()
    }

    /// Makes `now` the frame's time and does whatever is due: ends the flashes that are over,
    /// publishes the replayed events whose time has come.
    public func advance(to now: ContinuousClock.Instant) {
        frameTime = now
        flashes.removeExpired(at: now)
        replayer?.publishDue(at: now)
        if let follower {
            follower.readDue(at: now)
            if let said = follower.takeNotice() { notice = said }
        }
    }
}
