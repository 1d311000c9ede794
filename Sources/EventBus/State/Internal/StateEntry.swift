import Synchronization

// unsafe invariant 8: the waiting turns under the gate's lock, the chain run by the gate's holder only.
/// The part of a state subscription that only depends on the published type: its gate, its
/// chain, and the loop that runs whatever the gate hands out. The subclasses
/// (``StateSubscription``, ``OwnedStateSubscription``) answer the owner questions and build
/// what the chain ends in.
class StateEntry<Event>: Subscription<Event>, @unchecked Sendable {
    // safe: `waitingTurns` is only touched while holding the lock of `gate.waiting`; the chain
    // only runs on the thread that holds the gate (see StateGate); the pointers handed to the
    // chain point at a value this thread keeps alive for the call.
    /// Inline (a `~Copyable` struct), so the fast path reaches its word with no load.
    private let gate = StateGate()
    /// The turns waiting for the gate, in the same order as `gate.waiting`.
    private var waitingTurns: [WaitingTurn<Event>] = []
    /// This subscription's chain, ending in its delivery; immutable.
    private let chain: StateStage<Event>
    /// Values the chain skipped; every 64th skip asks whether the owner is gone. A skipped value
    /// loads no owner (see ``OwnedStateSubscription``), so without this a gone owner's entry,
    /// and what its handler captured, would stay listed until a value passed its chain or a
    /// subscribe swept the type (a chain that always skips: until the next subscribe). Touched
    /// only by the thread holding the gate, whose acquire and release order it: relaxed.
    private let skipsSinceOwnerCheck = Atomic<UInt32>(0)

    init(chain: @escaping StateStage<Event>) {
        self.chain = chain
        super.init(eventKey: ObjectIdentifier(Event.self))
    }

    /// How many values wait for the gate (for tests and diagnostics).
    final var waitingCount: Int { gate.waiting.withLock { $0.count } }

    /// Called under the shard lock while the entry is being listed (see ``StateGate/start(after:replaying:)``).
    final func start(after sequence: UInt64, replaying: Bool) {
        gate.start(after: sequence, replaying: replaying)
    }

    // unsafe invariant 10: every value is lent for one call by the frame that holds it (the replay, the walk, a turn).
    /// Runs the replayed value on the subscriber's thread, outside every lock, then whatever
    /// was published meanwhile. The gate has been held since ``start(after:replaying:)``.
    final func replay(_ value: Event) {
        withUnsafePointer(to: value) { runQueued(after: run($0)) }
    }

    override final func deliver(_ event: Event) -> DeliveryOutcome {
        let result = withUnsafePointer(to: event) { deliverState($0, sequence: 0) }
        return result.skipReason == nil ? result.outcome : .skipped
    }

    /// Offers the value at `event` to the chain: runs it at once when the gate is idle and the
    /// value is next, else leaves it waiting. The pointer is valid for the call only.
    ///
    /// The gate, the chain and the result are handled here, in one function, rather than through an
    /// overridable `run` and a loop: the fast path (the gate taken, the chain run, the gate left
    /// with nothing waiting) makes one indirect call, the chain's.
    override final func deliverState(_ event: UnsafePointer<Event>, sequence: UInt64) -> StateDeliveryResult {
        guard !isCancelled else { return StateDeliveryResult(.skipped) }
        let held = gate.enter(sequence)
        guard held != StateGate.notEntered else { return wait(event, sequence: sequence) }
        let result = runChain(event)
        if result.goesOn, gate.leave(holding: held) { return result }
        carryOn(after: result)
        return result
    }

    /// Lets the turn of the state value numbered `sequence` go by without running it: the
    /// walk of a value that an interceptor stopped before this subscription (see
    /// ``StateGate``, "No number is waited for in vain"). Runs what waited for it, if anything.
    override final func passState(sequence: UInt64) {
        guard !isCancelled else { return }
        let held = gate.enter(sequence)
        guard held != StateGate.notEntered else { return enqueue(.pass, sequence: sequence) }
        if gate.leave(holding: held) { return }
        carryOn(after: .delivered)
    }

    /// Cancelled: drops what waits, unless another thread holds the gate (it closes the gate
    /// when it finds the subscription cancelled). Subclasses that override call this.
    override func retire() {
        let dropped = gate.waiting.withLock { waiting -> [WaitingTurn<Event>] in
            guard gate.closeIfIdle(&waiting) else { return [] }
            defer { waitingTurns = [] }
            return waitingTurns
        }
        _ = consume dropped  // released after the unlock
    }

    /// Runs the value at `event` through the chain; for the thread holding the gate.
    private func run(_ event: UnsafePointer<Event>) -> StateDeliveryResult {
        guard !isCancelled else { return StateDeliveryResult(.skipped) }
        return runChain(event)
    }

    @inline(__always)
    private func runChain(_ event: UnsafePointer<Event>) -> StateDeliveryResult {
        switch chain(event) {
        case .skipped(let reason):
            let skips = skipsSinceOwnerCheck.load(ordering: .relaxed) &+ 1
            skipsSinceOwnerCheck.store(skips, ordering: .relaxed)
            if skips & 63 == 0, isOwnerGone { return StateDeliveryResult(.ownerGone) }
            return .skipped(by: reason)
        case .passed(let outcome):
            if outcome == .deliveredLast { markCancelled() }  // a once-subscription fired
            return StateDeliveryResult(outcome)
        }
    }

    /// Keeps running waiting values until none may run, or the subscription ended.
    private func runQueued(after first: StateDeliveryResult) {
        var result = first
        while result.goesOn {
            if gate.leave() { return }
            guard let next = runNextWaiting() else { return }
            result = next
        }
        close()
    }

    // The slow paths below are functions of their own because they hold `Event?` values: a generic
    // function looks up the metadata of every generic local's type on entry, and an
    // `Optional<Event>` lookup in `offer` and `runQueued` was most of a delivery's cost on the
    // fast path that never uses it.

    /// For the fast path of ``deliverState(_:sequence:)`` when the value did not leave the
    /// gate idle: values wait (the gate's `leave` found them), or the subscription ended.
    @inline(never)
    private func carryOn(after result: StateDeliveryResult) {
        guard result.goesOn else { return close() }
        guard let next = runNextWaiting() else { return }
        runQueued(after: next)
    }

    /// The gate is busy (another thread, or this one's handler further up the stack), or the
    /// value is early, or others wait: leave it waiting, and run what may run if the gate turns
    /// out idle.
    @inline(never)
    private func wait(_ event: UnsafePointer<Event>, sequence: UInt64) -> StateDeliveryResult {
        enqueue(.value(event.pointee), sequence: sequence)
        // Reported as reached: the value is the subscription's now, whoever delivers it.
        return StateDeliveryResult(.delivered)
    }

    /// Files `turn` among those waiting, and takes it (or another that may go) at once if the
    /// gate turns out idle.
    @inline(never)
    private func enqueue(_ turn: WaitingTurn<Event>, sequence: UInt64) {
        let runnable: WaitingTurn<Event>? = gate.waiting.withLock { waiting in
            waitingTurns.insert(turn, at: gate.enqueue(sequence, in: &waiting))
            return gate.enterForWaiting(&waiting).map { waitingTurns.remove(at: $0) }
        }
        if let runnable { runQueued(after: take(runnable)) }
    }

    /// For the thread holding the gate, when ``StateGate/leave()`` found turns waiting: takes
    /// the next one that may go, or returns nil once the gate is released.
    @inline(never)
    private func runNextWaiting() -> StateDeliveryResult? {
        let next: WaitingTurn<Event>? = gate.waiting.withLock { waiting in
            gate.leaveOrTakeNext(&waiting).map { waitingTurns.remove(at: $0) }
        }
        guard let next else { return nil }
        return take(next)
    }

    /// For the thread holding the gate: runs a waiting value, or lets a passed turn go.
    private func take(_ turn: WaitingTurn<Event>) -> StateDeliveryResult {
        switch turn {
        case .value(let value): withUnsafePointer(to: value) { run($0) }
        case .pass: StateDeliveryResult(.delivered)
        }
    }

    /// The subscription ended (cancelled, once fired, owner gone): drops what waits, released
    /// after unlocking, and releases the gate.
    @inline(never)
    private func close() {
        let dropped = gate.waiting.withLock { waiting in
            gate.close(&waiting)
            defer { waitingTurns = [] }
            return waitingTurns
        }
        _ = dropped
    }
}

/// What waits for a state subscription's gate: a value to run, or the turn of a value an
/// interceptor stopped before the subscription, which only has to go by.
enum WaitingTurn<Event> {
    case value(Event)
    case pass
}

// unsafe invariant 8: Sendable by construction, as the note below says.
// A state publish's walk calls entries from any thread, so every state kind is `Sendable`. Swift
// makes each subclass restate the base's `@unchecked Sendable`; these kinds' claim is only the
// base's rule (every stored property of their own is a `let` of a `Sendable` type: a sink, a
// `WeakOwner`, a store's engine), so they restate it here, beside `StateEntry`, rather than one
// by one in their own files. A new state kind with a field of its own that no lock, atomic or gate
// guards restates it next to that field instead, saying why it is safe. (Sendable by
// construction: the inventory's invariant 8.)
extension StateSubscription: @unchecked Sendable {}
extension OwnedStateSubscription: @unchecked Sendable {}
extension StoreActionSubscription: @unchecked Sendable {}
