import EventBus

/// A `Clock` whose time moves only when a test says so, for paced subscriptions and anything
/// else that takes a `Clock`.
///
/// ```swift
/// @Test func pacesToOnePerSecond() async throws {
///     let clock = ManualClock()
///     bus.subscribePaced(owner: view, every: .seconds(1), clock: clock) { (view, tick: Tick) in view.show(tick) }
///     bus.publish(Tick()); bus.publish(Tick())   // the first passes, the second waits
///     clock.advance(by: .seconds(1))             // the second is delivered now
/// }
/// ```
///
/// Sleepers are resumed by ``advance(by:)`` and ``advance(to:)``, in deadline order, once `now`
/// has reached their deadline; a sleep whose deadline has already passed returns at once, and a
/// cancelled sleep throws `CancellationError` and leaves ``sleeperCount`` at once (also when it
/// was cancelled before it began). Resumed tasks continue on their own executors
/// afterwards, so wait for their effects (for example with `EventRecorder`) before advancing
/// again. All members are thread-safe.
public final class ManualClock: Clock, Sendable {
    /// A point in the manual clock's time: an offset from when the clock was created.
    public struct Instant: InstantProtocol, Sendable, Hashable, Comparable, CustomStringConvertible {
        /// Time since the clock started.
        public let offset: Duration

        /// Creates the instant `offset` after the clock's start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }

        /// Earlier instants come first.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }

        /// The offset, for example `1.5 seconds`.
        public var description: String { "\(offset)" }
    }

    private let state = LockedValue(ManualClockState())

    /// Creates a clock at offset zero with no sleepers.
    public init() {}

    /// The current time; changes only through ``advance(by:)`` and ``advance(to:)``.
    public var now: Instant { state.withLock { $0.now } }

    /// Zero: the clock moves in whatever steps the test chooses.
    public var minimumResolution: Duration { .zero }

    /// How many sleeps are waiting for the clock to move.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Suspends until the clock has been advanced to `deadline`; returns at once if it already
    /// has. Throws `CancellationError` if the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let sleeper = Sleeper(deadline: deadline)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                sleeper.attach(continuation)
                let isDue = state.withLock { state in
                    guard deadline > state.now else { return true }
                    // A sleep cancelled before it got here is over: listing it would leave a
                    // sleeper that nothing ever removes.
                    if !sleeper.hasEnded { state.sleepers.append(sleeper) }
                    return false
                }
                if isDue { sleeper.resume(with: .success(())) }
            }
        } onCancel: {
            // Ended first, then unlisted: a sleep being listed right now either sees it ended, or
            // is listed before this removal runs.
            sleeper.resume(with: .failure(CancellationError()))
            state.withLock { $0.sleepers.removeAll { $0 === sleeper } }
        }
    }

    /// The earliest deadline a sleeper waits for, if any (for `EventBus.settle`).
    var earliestDeadline: Instant? { state.withLock { $0.sleepers.map(\.deadline).min() } }

    /// Moves the clock forward by `duration` and resumes every sleeper whose deadline has come.
    public func advance(by duration: Duration) {
        advance(to: now.advanced(by: duration))
    }

    /// Moves the clock to `instant` (never backwards) and resumes every sleeper whose deadline
    /// has come, earliest first.
    public func advance(to instant: Instant) {
        let due = state.withLock { state in
            state.now = max(state.now, instant)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.resume(with: .success(())) }
    }
}

/// The clock's time and its pending sleeps; guarded by the clock's lock.
struct ManualClockState {
    var now = ManualClock.Instant(offset: .zero)
    var sleepers: [Sleeper] = []
}

/// One pending sleep. It resumes exactly once: when its deadline comes or when its task is
/// cancelled, whichever is first (the same shape as the recorder's `Waiter`).
final class Sleeper: Sendable {
    let deadline: ManualClock.Instant
    private let state = LockedValue(State())

    private struct State {
        var continuation: CheckedContinuation<Void, any Error>?
        var result: Result<Void, any Error>?
    }

    init(deadline: ManualClock.Instant) {
        self.deadline = deadline
    }

    /// Parks `continuation`, or resumes it at once if the sleep already ended (cancelled before
    /// it started). Called with no lock held.
    func attach(_ continuation: CheckedContinuation<Void, any Error>) {
        let early = state.withLock { state -> Result<Void, any Error>? in
            if let result = state.result { return result }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    /// Whether the sleep has ended (resumed, or cancelled).
    var hasEnded: Bool { state.withLock { $0.result != nil } }

    func resume(with result: Result<Void, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
    }
}
