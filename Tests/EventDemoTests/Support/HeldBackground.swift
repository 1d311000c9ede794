import EventBus
import EventDemo

/// A `Background` whose work waits until the test releases it: for asserting on the screens
/// in between (for example "Signing in…" before the login lands).
final class HeldBackground: Sendable {
    private let held = LockedValue<[@Sendable () -> Void]>([])

    var background: Background {
        Background { [self] _, work in held.withLock { $0.append(work) } }
    }

    /// Runs the work held so far on the calling thread (work it schedules stays held).
    func releaseAll() {
        let work = held.withLock { held in
            defer { held.removeAll() }
            return held
        }
        for item in work { item() }
    }

    /// Drops the work held so far without running it. Held work captures the services that
    /// scheduled it, and they capture this background: a test that never runs its held work
    /// calls this at the end so that cycle does not outlive it.
    func discardAll() {
        let work = held.withLock { held in
            defer { held.removeAll() }
            return held
        }
        _ = work  // Released here, outside the lock.
    }
}
