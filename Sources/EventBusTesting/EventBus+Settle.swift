public import EventBus
import Testing

extension EventBus {
    /// Returns once everything this bus has queued has run, or records a Swift Testing issue at
    /// the caller's line, naming what is still pending, after `timeout`.
    ///
    /// ```swift
    /// bus.subscribeAsync(owner: self) { (owner, event: CartDidUpdateEvent) in
    ///     owner.render(event)
    /// }
    /// bus.publish(CartDidUpdateEvent(itemCount: 2))
    /// await bus.settle()
    /// ```
    /// <!-- sample-check: #expect(recordedCalls == ["render 2"]) -->
    ///
    /// What it waits for: events queued on an executor (the main actor, a dispatch queue, an
    /// actor, an app's run loop) until the executor has run them; `subscribeAsync` handlers
    /// until each is running nothing and has nothing waiting; stepping subscriptions until no
    /// step is scheduled or running and no event waits; stores until no thread is reducing a
    /// batch (an action dispatched while another thread reduces is queued, and its `dispatch`
    /// returns before it is reduced). What it does to get there: it drains every `ManualExecutor`
    /// that has work from this bus, and, with `clock`, advances the clock to its earliest
    /// sleeper's deadline whenever work is left that nothing else would run (a paced
    /// subscription waiting for its next slot). Work queued meanwhile, by the handlers that ran
    /// or by anyone else, is waited for too. Streams are not waited for: their consumer reads
    /// them at its own pace.
    ///
    /// Call it from the task that drives the test; on the main actor it suspends, so main-actor
    /// deliveries can run. It checks the bus between suspensions rather than being told, so
    /// publishing pays nothing for it. Returns false, without an issue, if the task is cancelled.
    @discardableResult
    public func settle(
        timeout: Duration = .seconds(10), advancing clock: ManualClock? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        var idleRounds = 0
        var quietLooks = 0
        while !Task.isCancelled {
            let work = pendingWork()
            // The bus is asked queue by queue, not all at once: work that moves from a queue not
            // asked yet to one already asked (a handler publishing as it finishes) can be missed
            // by one look. Two quiet looks in a row, a yield apart, are needed.
            if work.isEmpty {
                quietLooks += 1
                if quietLooks == 2 { return true }
                await Task.yield()
                continue
            }
            quietLooks = 0
            var progressed = false
            for case let executor as ManualExecutor in work.items.compactMap(\.executor) {
                progressed = executor.drain() > 0 || progressed
            }
            if !progressed, let clock, let next = clock.earliestDeadline {
                clock.advance(to: next)
                progressed = true
            }
            if ContinuousClock.now >= deadline {
                let pending = work.items.map(\.description).joined(separator: "; ")
                Issue.record(
                    "The bus did not settle within \(timeout): \(pending)",
                    sourceLocation: SourceLocation(
                        fileID: fileID, filePath: filePath, line: line, column: column))
                return false
            }
            // Other threads and the main actor run the rest: yield first, and back off to short
            // waits while nothing here moves, so a long handler does not cost a spinning core.
            idleRounds = progressed ? 0 : idleRounds + 1
            await Task.yield()
            if idleRounds > 16 { try? await Task.sleep(for: .milliseconds(1)) }
        }
        return false
    }
}
