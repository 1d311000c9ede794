/// Where a stepping subscription is in its cycle, and which promise is current: the part of
/// its state that does not depend on the event type.
///
/// Kept apart from the buffered events on purpose. The subscription class is generic, and its
/// methods run unspecialized: every use of a type built from `Event` (an optional, an array,
/// an enum with an event payload) costs a runtime metadata lookup of a few hundred
/// instructions. The common cycle (idle → running → `.more` inside the handler → idle)
/// touches only this value; the buffer is read only when events actually wait. (eventbench
/// publish-10, stepped row, under callgrind: ~85k instructions per publish with one generic
/// state machine, ~6.8k with this split; a plain weak-owner publish is ~2.5k. Most of what
/// remains is three uncontended lock round trips per delivery.)
struct StepState {
    enum Phase: Equatable {
        /// Ready: the next event published is delivered at once.
        case idle
        /// A job is queued on the executor to deliver the oldest waiting event.
        case scheduled
        /// The handler is running for the current step; `moreRequested` records a `.more`
        /// completed inside it, acted on when it returns.
        case running(moreRequested: Bool)
        /// The handler returned without completing its promise; waiting for it.
        case awaitingPromise
        /// Cancelled, or the owner is gone; nothing is delivered any more.
        case finished
    }

    private(set) var phase = Phase.idle
    /// The step of the promise handed out last. The first event is step 1.
    private(set) var step: UInt64 = 0
    /// How many events wait in the buffer; kept in step with it by ``StepStateMachine``.
    var waitingCount = 0
    /// Events the buffer policy has dropped.
    var droppedCount = 0
    /// Whether the handler runs on an executor (a job per resumption) or inline.
    let usesExecutor: Bool
    /// The same counts, shared with the token (which never references the subscription).
    let counters = BufferCounters()

    init(usesExecutor: Bool) {
        self.usesExecutor = usesExecutor
    }

    // MARK: - Fast paths: decided without the buffer, or `nil` when the buffer is involved

    /// An event arrives at an idle inline subscription: its step starts now.
    mutating func startIfIdle() -> UInt64? {
        guard phase == .idle, !usesExecutor else { return nil }
        return startStep()
    }

    /// The handler for `returned` came back. True when that settled everything: no `.more`
    /// (now awaiting the promise), or `.more` with nothing waiting (idle again), or a step that
    /// is no longer current.
    mutating func settleReturn(of returned: UInt64) -> Bool {
        guard case .running(let moreRequested) = phase, returned == step else { return true }
        if !moreRequested {
            phase = .awaitingPromise
            return true
        }
        guard waitingCount == 0 else { return false }
        phase = .idle
        return true
    }

    /// A promise was completed with `.more`. True when that settled everything (including
    /// duplicate and stale completions, which are ignored); false when a waiting event must now
    /// be delivered.
    mutating func settleMore(for completed: UInt64) -> Bool {
        guard completed == step else { return true }
        switch phase {
        case .running(moreRequested: false):
            phase = .running(moreRequested: true)
            return true
        case .awaitingPromise:
            guard waitingCount == 0 else { return false }
            phase = .idle
            return true
        case .idle, .scheduled, .running(moreRequested: true), .finished:
            return true
        }
    }

    // MARK: - Transitions used by ``StepStateMachine``

    mutating func startStep() -> UInt64 {
        step &+= 1
        phase = .running(moreRequested: false)
        return step
    }

    mutating func enter(_ newPhase: Phase) {
        phase = newPhase
    }
}
