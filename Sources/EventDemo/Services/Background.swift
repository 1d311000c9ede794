import Dispatch
import Foundation

/// Where services do their slow work: after a simulated network delay, off the caller's thread.
/// Injected so tests skip the delay but still cross threads.
public struct Background: Sendable {
    private let schedule: @Sendable (Duration, @escaping @Sendable () -> Void) -> Void

    /// Creates a background from a scheduling function.
    public init(_ schedule: @escaping @Sendable (Duration, @escaping @Sendable () -> Void) -> Void) {
        self.schedule = schedule
    }

    /// Runs `work` after `delay`, on some other thread.
    public func run(after delay: Duration, _ work: @escaping @Sendable () -> Void) {
        schedule(delay, work)
    }

    /// A detached task that sleeps for the delay: what the app uses.
    public static let live = Background { delay, work in
        Task.detached {
            try? await Task.sleep(for: delay)
            work()
        }
    }

    /// No delay, on a global dispatch queue. Dispatch threads are not Swift's cooperative pool,
    /// so a test blocking a pool thread while it waits for the result cannot starve this work.
    public static let immediate = Background { _, work in
        DispatchQueue.global().async(execute: work)
    }
}

/// The current time; injected so tests get stable timestamps.
public typealias Now = @Sendable () -> Date

/// The real implementations.
public enum LiveEnvironment {
    /// The wall clock.
    public static let now: Now = { Date() }
}
