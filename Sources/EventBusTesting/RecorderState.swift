import EventBus

/// The recorder's events and pending waits; guarded by the recorder's lock.
struct RecorderState<Event: EventBusEvent> {
    private(set) var events: [Event] = []
    private var waiters: [Waiter<Event>] = []

    /// Records `event` and hands back the waiters it satisfied, to be resumed outside the lock.
    mutating func record(_ event: Event) -> [Waiter<Event>] {
        events.append(event)
        let count = events.count
        let satisfied = waiters.filter { $0.count <= count }
        waiters.removeAll { $0.count <= count }
        return satisfied
    }

    /// Parks `waiter`; returns nil so callers can write `… ? ready : state.add(waiter)`.
    mutating func add(_ waiter: Waiter<Event>) -> [Event]? {
        waiters.append(waiter)
        return nil
    }

    /// Unparks `waiter` and returns how many events were recorded.
    mutating func remove(_ waiter: Waiter<Event>) -> Int {
        waiters.removeAll { $0 === waiter }
        return events.count
    }
}

/// One pending `waitForEvents` call. It completes exactly once: with the events, or with an
/// error (timeout, cancellation), whichever comes first.
final class Waiter<Event: EventBusEvent>: Sendable {
    let count: Int
    private let outcome = LockedValue(Outcome())

    private struct Outcome {
        var continuation: CheckedContinuation<Void, any Error>?
        var result: Result<Void, any Error>?
    }

    init(count: Int) {
        self.count = count
    }

    func resume() { complete(.success(())) }

    func fail(_ error: any Error) { complete(.failure(error)) }

    /// Suspends until `resume` or `fail`, then reads the first `count` events.
    func value(from state: LockedValue<RecorderState<Event>>) async throws -> [Event] {
        try await withCheckedThrowingContinuation { continuation in
            let early = outcome.withLock { outcome -> Result<Void, any Error>? in
                if let result = outcome.result { return result }
                outcome.continuation = continuation
                return nil
            }
            if let early { continuation.resume(with: early) }
        }
        return state.withLock { Array($0.events.prefix(count)) }
    }

    private func complete(_ result: Result<Void, any Error>) {
        let continuation = outcome.withLock { outcome -> CheckedContinuation<Void, any Error>? in
            guard outcome.result == nil else { return nil }
            outcome.result = result
            defer { outcome.continuation = nil }
            return outcome.continuation
        }
        continuation?.resume(with: result)
    }
}
