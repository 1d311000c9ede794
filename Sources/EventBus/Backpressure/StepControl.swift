import Synchronization

/// Where a stepping subscription is in its cycle, and which promise is current, in one atomic
/// word: the part of its state that does not depend on the event type, shared with the
/// promises it hands out.
///
/// The common cycle (idle → running → `.more` inside the handler → idle) is three
/// compare-and-swaps on this word and takes no lock: a lock per transition was three lock round
/// trips per delivery. The subscription's lock guards its ``EventBuffer``; whoever holds it also
/// changes this word, but only with compare-and-swap, because the lock-free transitions may run
/// at the same moment. Those never touch a word whose `eventsWait` bit is set except to record
/// a `.more` or a return from the handler, and never leave `running`/`awaitingPromise` for
/// `idle` while events wait, so a lock holder that sets the bit owns every decision about the
/// buffered events (see ``StepStateMachine``).
///
/// A promise holds this object strongly, never the subscription: it carries no user code, so a
/// promise kept anywhere keeps nothing alive but a few words (see the ownership rule on
/// ``AnySubscription``); it reaches the subscription weakly, and only when a completion needs the
/// buffer or ends the subscription.
final class StepControl: Sendable {
    enum Phase: UInt64 {
        /// Ready: the next event published is delivered at once.
        case idle
        /// A job is queued on the executor to deliver the oldest waiting event.
        case scheduled
        /// The handler is running for the current step.
        case running
        /// The handler is running and its promise was completed with `.more`, acted on when it
        /// returns.
        case runningMore
        /// The handler returned without completing its promise; waiting for it.
        case awaitingPromise
        /// Cancelled, or the owner is gone; nothing is delivered any more.
        case finished
    }

    /// The word's fields: the phase in bits 0–2, whether events wait in the buffer in bit 3,
    /// and the step of the promise handed out last above them (the first event is step 1).
    struct State: Equatable {
        let bits: UInt64

        init(bits: UInt64) { self.bits = bits }

        init(step: UInt64, phase: Phase, eventsWait: Bool) {
            bits = step << 4 | (eventsWait ? 8 : 0) | phase.rawValue
        }

        var phase: Phase { Phase(rawValue: bits & 7) ?? .finished }
        var eventsWait: Bool { bits & 8 != 0 }
        var step: UInt64 { bits >> 4 }

        /// The next step starts: its handler runs now.
        func started(eventsWait: Bool) -> State {
            State(step: step &+ 1, phase: .running, eventsWait: eventsWait)
        }

        func with(phase: Phase) -> State { State(step: step, phase: phase, eventsWait: eventsWait) }

        func with(phase: Phase, eventsWait: Bool) -> State {
            State(step: step, phase: phase, eventsWait: eventsWait)
        }
    }

    private let word = Atomic<UInt64>(0)
    /// Whether the handler runs on an executor (a job per resumption) or inline.
    let usesExecutor: Bool
    /// The buffer's backlog and drop count, shared with the token.
    let counters = BufferCounters()
    /// The subscription, for the completions that need its buffer or end it: set by `attach(_:)`,
    /// from the subscription's `init`.
    private let back = WeakBackReference<AnySubscription>()

    init(usesExecutor: Bool) {
        self.usesExecutor = usesExecutor
    }

    /// Called once, by the subscription's `init`.
    func attach(_ subscription: AnySubscription) {
        back.attach(subscription)
    }

    /// The subscription, while it lives.
    var subscription: AnySubscription? { back.object }

    var state: State { State(bits: word.load(ordering: .acquiring)) }

    // MARK: - Lock-free: the common cycle

    /// An event arrives at an idle inline subscription: its step starts now. Nil when the
    /// subscription is busy (or on an executor): the event goes through the buffer.
    @inline(__always)
    func startIfIdle() -> UInt64? {
        guard !usesExecutor else { return nil }
        var current = state
        while current.phase == .idle {
            let next = current.started(eventsWait: false)
            let (exchanged, found) = word.compareExchange(
                expected: current.bits, desired: next.bits, ordering: .acquiringAndReleasing)
            if exchanged { return next.step }
            current = State(bits: found)
        }
        return nil
    }

    /// The handler for `returned` came back. True when that settled everything: no `.more`
    /// (now awaiting the promise), or `.more` with nothing waiting (idle again), or a step that
    /// is no longer current. False when a waiting event must now be delivered (under the lock).
    @inline(__always)
    func settleReturn(of returned: UInt64) -> Bool {
        transition { Self.settlingReturn(of: returned, from: $0) }
    }

    /// A promise was completed with `.more`. True when that settled everything (including
    /// duplicate and stale completions, which are ignored); false when a waiting event must now
    /// be delivered (under the lock).
    @inline(__always)
    func settleMore(for completed: UInt64) -> Bool {
        transition { Self.settlingMore(for: completed, from: $0) }
    }

    static func settlingReturn(of returned: UInt64, from current: State) -> (State?, Bool) {
        guard returned == current.step else { return (nil, true) }
        switch current.phase {
        case .running: return (current.with(phase: .awaitingPromise), true)
        case .runningMore: return current.eventsWait ? (nil, false) : (current.with(phase: .idle), true)
        case .idle, .scheduled, .awaitingPromise, .finished: return (nil, true)
        }
    }

    static func settlingMore(for completed: UInt64, from current: State) -> (State?, Bool) {
        guard completed == current.step else { return (nil, true) }
        switch current.phase {
        case .running: return (current.with(phase: .runningMore), true)
        case .awaitingPromise: return current.eventsWait ? (nil, false) : (current.with(phase: .idle), true)
        case .idle, .scheduled, .runningMore, .finished: return (nil, true)
        }
    }

    // MARK: - Any transition

    /// Applies `decide` to the current state until its compare-and-swap succeeds: `decide`
    /// returns the new state (nil: leave it) and the answer. It must be a pure function of the
    /// state it is given, because it runs again when another thread changed the word first.
    @inline(__always)
    func transition<Answer>(_ decide: (State) -> (State?, Answer)) -> Answer {
        var current = state
        while true {
            let (next, answer) = decide(current)
            guard let next else { return answer }
            let (exchanged, found) = word.compareExchange(
                expected: current.bits, desired: next.bits, ordering: .acquiringAndReleasing)
            if exchanged { return answer }
            current = State(bits: found)
        }
    }
}
