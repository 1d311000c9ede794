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
}
