/// The part of a state subscription that only depends on the published type: its gate, and
/// the loop that runs whatever the gate hands out. ``StateSubscription`` adds the chain and
/// where the result goes.
class StateEntry<Event>: Subscription<Event>, @unchecked Sendable {
    // safe: `waitingEvents` is only touched while holding `gate`'s lock; `run` is only called
    // by the thread that holds the gate (StateGate.isRunning).
    private let gate = LockedValue(StateGate())
    /// The values waiting for the gate, in the same order as `StateGate.waiting`.
    private var waitingEvents: [Event] = []

    /// Called under the shard lock while the entry is being listed (see ``StateGate/start(after:replaying:)``).
    func start(after sequence: UInt64, replaying: Bool) {
        gate.withLock { $0.start(after: sequence, replaying: replaying) }
    }

    /// Runs the replayed value on the subscriber's thread, outside every lock, then whatever
    /// was published meanwhile. The gate has been held since ``start(after:replaying:)``.
    func replay(_ value: Event) {
        runQueued(after: run(value))
    }

    override func deliver(_ event: Event) -> DeliveryOutcome {
        let result = offer(event, sequence: 0)
        return result.skipReason == nil ? result.outcome : .skipped
    }

    override func deliverState(_ event: Event, sequence: UInt64) -> StateDeliveryResult {
        offer(event, sequence: sequence)
    }

    /// Runs `event` through the chain and on to the handler. Called by one thread at a time.
    func run(_ event: Event) -> StateDeliveryResult { StateDeliveryResult(.skipped) }

    private func offer(_ event: Event, sequence: UInt64) -> StateDeliveryResult {
        guard !isCancelled else { return StateDeliveryResult(.skipped) }
        guard gate.withLock({ $0.enter(sequence) }) else { return wait(event, sequence: sequence) }
        let result = run(event)
        runQueued(after: result)
        return result
    }

    /// Keeps running waiting values until none may run, or the subscription ended.
    private func runQueued(after first: StateDeliveryResult) {
        var result = first
        while result.outcome == .delivered {
            if gate.withLock({ $0.leaveIfIdle() }) { return }
            result = runNextWaiting()
        }
        close()
    }

    // The slow paths below are functions of their own because they hold `Event?` values: a
    // generic function looks up the metadata of every generic local's type on entry, and an
    // `Optional<Event>` lookup in `offer` and `runQueued` cost ~650 instructions per delivery
    // on the fast path that never uses it (callgrind).

    /// The gate is busy (another thread, or this one's handler further up the stack), or the
    /// value is early: leave it waiting, and run what may run if the gate turns out idle.
    @inline(never)
    private func wait(_ event: Event, sequence: UInt64) -> StateDeliveryResult {
        let runnable: Event? = gate.withLock { gate in
            waitingEvents.insert(event, at: gate.enqueue(sequence))
            return gate.enterForWaiting().map { waitingEvents.remove(at: $0) }
        }
        if let runnable { runQueued(after: run(runnable)) }
        // Reported as reached: the value is the subscription's now, whoever delivers it.
        return StateDeliveryResult(.delivered)
    }

    /// For the thread holding the gate, when ``StateGate/leaveIfIdle()`` said a value may run.
    @inline(never)
    private func runNextWaiting() -> StateDeliveryResult {
        let next: Event? = gate.withLock { gate in gate.takeRunnable().map { waitingEvents.remove(at: $0) } }
        guard let next else { return StateDeliveryResult(.delivered) }
        return run(next)
    }

    /// The subscription ended (cancelled, once fired, owner gone): drops what waits, released
    /// after unlocking, and releases the gate.
    @inline(never)
    private func close() {
        let dropped = gate.withLock { gate in
            gate.close()
            defer { waitingEvents = [] }
            return waitingEvents
        }
        _ = dropped
    }
}
