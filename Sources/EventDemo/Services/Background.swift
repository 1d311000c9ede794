import Dispatch
import Foundation
import Synchronization

/// Where services do their slow work: after a simulated network delay, off the caller's thread.
/// Injected so tests skip the delay but still cross threads.
///
/// It counts work in flight, so a headless run or a test can tell "everything published" from
/// "a service is still busy" without guessing from the screen.
public struct Background: Sendable {
    private final class Counter: Sendable {
        let value = Atomic(0)
    }

    private let schedule: @Sendable (Duration, @escaping @Sendable () -> Void) -> Void
    private let counter = Counter()

    /// Creates a background from a scheduling function.
    public init(_ schedule: @escaping @Sendable (Duration, @escaping @Sendable () -> Void) -> Void) {
        self.schedule = schedule
    }

    /// Runs `work` after `delay`, on some other thread.
    public func run(after delay: Duration, _ work: @escaping @Sendable () -> Void) {
        counter.value.add(1, ordering: .sequentiallyConsistent)
        schedule(delay) { [counter] in
            work()  // Publishes synchronously: when this returns, every delivery is queued.
            counter.value.subtract(1, ordering: .sequentiallyConsistent)
        }
    }

    /// Jobs scheduled with ``run(after:_:)`` that have not finished yet.
    public var inFlightCount: Int { counter.value.load(ordering: .sequentiallyConsistent) }

    /// A detached task that sleeps for the delay: what the app uses.
    public static var live: Background {
        Background { delay, work in
            Task.detached {
                try? await Task.sleep(for: delay)
                work()
            }
        }
    }

    /// No delay, on a global dispatch queue. Dispatch threads are not Swift's cooperative pool,
    /// so a test blocking a pool thread while it waits for the result cannot starve this work.
    public static var immediate: Background {
        Background { _, work in DispatchQueue.global().async(execute: work) }
    }
}

/// The current time; injected so tests get stable timestamps.
public typealias Now = @Sendable () -> Date

/// The real implementations.
public enum LiveEnvironment {
    /// The wall clock.
    public static let now: Now = { Date() }
}
