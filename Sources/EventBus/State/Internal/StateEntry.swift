/// The part of a state subscription that only depends on the published type: its gate, and
/// the loop that runs whatever the gate hands out. ``StateSubscription`` adds the chain and
/// where the result goes.
class StateEntry<Event>: Subscription<Event>, @unchecked Sendable {
    // safe: `waitingEvents` is only touched while holding the lock of `gate.waiting`; `run` is
    // only called by the thread that holds the gate (see StateGate); the pointers handed to
    // `run` point at a value this thread keeps alive for the call.
    private let gate = StateGate()
    /// The values waiting for the gate, in the same order as `gate.waiting`.
    private var waitingEvents: [Event] = []

    /// Called under the shard lock while the entry is being listed (see ``StateGate/start(after:replaying:)``).
    func start(after sequence: UInt64, replaying: Bool) {
        gate.start(after: sequence, replaying: replaying)
    }

    /// Runs the replayed value on the subscriber's thread, outside every lock, then whatever
    /// was published meanwhile. The gate has been held since ``start(after:replaying:)``.
    func replay(_ value: Event) {
        withUnsafePointer(to: value) { runQueued(after: run($0)) }
    }

    override func deliver(_ event: Event) -> DeliveryOutcome {
        let result = withUnsafePointer(to: event) { offer($0, sequence: 0) }
        return result.skipReason == nil ? result.outcome : .skipped
    }

    override func deliverState(_ event: UnsafePointer<Event>, sequence: UInt64) -> StateDeliveryResult {
        offer(event, sequence: sequence)
    }

    /// Runs the value at `event` through the chain and on to the handler. Called by one thread
    /// at a time; the pointer is valid for the call only.
    func run(_ event: UnsafePointer<Event>) -> StateDeliveryResult { StateDeliveryResult(.skipped) }

    private func offer(_ event: UnsafePointer<Event>, sequence: UInt64) -> StateDeliveryResult {
        guard !isCancelled else { return StateDeliveryResult(.skipped) }
        guard gate.enter(sequence) else { return wait(event, sequence: sequence) }
        let result = run(event)
        runQueued(after: result)
        return result
    }

    /// Keeps running waiting values until none may run, or the subscription ended.
    private func runQueued(after first: StateDeliveryResult) {
        var result = first
        while result.outcome == .delivered {
            if gate.leave() { return }
            guard let next = runNextWaiting() else { return }
            result = next
        }
        close()
    }

    // The slow paths below are functions of their own because they hold `Event?` values: a
    // generic function looks up the metadata of every generic local's type on entry, and an
    // `Optional<Event>` lookup in `offer` and `runQueued` cost ~650 instructions per delivery
    // on the fast path that never uses it (callgrind).

    /// The gate is busy (another thread, or this one's handler further up the stack), or the
    /// value is early, or others wait: leave it waiting, and run what may run if the gate turns
    /// out idle.
    @inline(never)
    private func wait(_ event: UnsafePointer<Event>, sequence: UInt64) -> StateDeliveryResult {
        let runnable: Event? = gate.waiting.withLock { waiting in
            waitingEvents.insert(event.pointee, at: gate.enqueue(sequence, in: &waiting))
            return gate.enterForWaiting(&waiting).map { waitingEvents.remove(at: $0) }
        }
        if let runnable { withUnsafePointer(to: runnable) { runQueued(after: run($0)) } }
        // Reported as reached: the value is the subscription's now, whoever delivers it.
        return StateDeliveryResult(.delivered)
    }

    /// For the thread holding the gate, when ``StateGate/leave()`` found values waiting: runs
    /// the next one that may run, or returns nil once the gate is released.
    @inline(never)
    private func runNextWaiting() -> StateDeliveryResult? {
        let next: Event? = gate.waiting.withLock { waiting in
            gate.leaveOrTakeNext(&waiting).map { waitingEvents.remove(at: $0) }
        }
        guard let next else { return nil }
        return withUnsafePointer(to: next) { run($0) }
    }

    /// The subscription ended (cancelled, once fired, owner gone): drops what waits, released
    /// after unlocking, and releases the gate.
    @inline(never)
    private func close() {
        let dropped = gate.waiting.withLock { waiting in
            gate.close(&waiting)
            defer { waitingEvents = [] }
            return waitingEvents
        }
        _ = dropped
    }
}
