import Dispatch
import EventBusTesting
import Foundation

/// Whether `probe`, run on a thread of its own, returns within `timeout`. A probe that needs a
/// lock the calling thread holds cannot return until the caller lets go of it, so `false`
/// means the caller held that lock (the probe then finishes later, after the caller's unlock,
/// so nothing deadlocks). The timeout is a backstop for a loaded machine, not a pace.
func probeReturns(
    within timeout: DispatchTimeInterval = .seconds(60), _ probe: @escaping @Sendable () -> Void
) -> Bool {
    let returned = DispatchSemaphore(value: 0)
    Thread {
        probe()
        returned.signal()
    }.start()
    return returned.wait(timeout: .now() + timeout) == .success
}

/// A ``ManualClock`` that checks it is never read under one of the library's locks: once armed,
/// the next `now` runs the probe (which takes the lock in question, for example by publishing
/// to the subscription that reads this clock) on another thread and waits for it. A library
/// that reads `now` under that lock would deadlock with a user clock that did the same.
final class LockProbingClock: Clock, Sendable {
    typealias Instant = ManualClock.Instant

    let base = ManualClock()
    /// How many probes ran, and how many of them could not take their lock (`now` was read
    /// under it).
    let probes = Tally()
    let readsUnderLock = Tally()
    private let pending = LockBox<(@Sendable () -> Void)?>(nil)

    /// Runs `probe` at the next read of `now`, once.
    func arm(_ probe: @escaping @Sendable () -> Void) { pending.value = probe }

    var now: Instant {
        if let probe = pending.mutate({ $0.take() }) {
            probes.add()
            if !probeReturns(probe) { readsUnderLock.add() }
        }
        return base.now
    }

    var minimumResolution: Duration { base.minimumResolution }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try await base.sleep(until: deadline, tolerance: tolerance)
    }
}
