import Foundation

/// How services wait out their simulated network latency; injected so tests need not sleep.
public typealias Sleep = @Sendable (Duration) async -> Void

/// The current time; injected so tests get stable timestamps.
public typealias Now = @Sendable () -> Date

/// The real implementations.
public enum LiveEnvironment {
    /// Sleeps with `Task.sleep`; a cancelled sleep just returns early.
    public static let sleep: Sleep = { duration in try? await Task.sleep(for: duration) }
    /// The wall clock.
    public static let now: Now = { Date() }
}
