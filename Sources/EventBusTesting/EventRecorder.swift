public import EventBus

/// Records the events of one type published on a bus, for assertions in tests.
///
/// The recorder subscribes when it is created (an owner-less subscription, so nothing is
/// missed) and records synchronously on the publisher's thread, in publish order as each
/// publishing thread sees it. It stops when ``cancel()`` is called or it is released.
///
/// ```swift
/// @Test func loginPublishesOneEvent() async throws {
///     let bus = EventBus()
///     let recorder = EventRecorder(for: UserDidLoginEvent.self, on: bus)
///     AuthService(bus: bus).logIn(as: "ada")
///     let event = try await recorder.waitForEvent(number: 1)
///     #expect(event.userID == "ada")
/// }
/// ```
///
/// All members are thread-safe.
public final class EventRecorder<Event: EventBusEvent>: Sendable {
    private let state = LockedValue(RecorderState<Event>())
    private let token = LockedValue<SubscriptionToken?>(nil)

    /// Starts recording events of `eventType` published on `bus`.
    public init(for eventType: Event.Type = Event.self, on bus: EventBus) {
        let state = self.state
        let subscription = bus.subscribe(for: eventType) { event in
            let ready = state.withLock { $0.record(event) }
            for waiter in ready {
                waiter.resume()
            }
        }
        token.withLock { $0 = subscription }
    }

    /// The events recorded so far, oldest first.
    public var events: [Event] { state.withLock { $0.events } }

    /// How many events have been recorded.
    public var count: Int { state.withLock { $0.events.count } }

    /// Stops recording. Events already recorded stay; pending waits still time out.
    public func cancel() {
        token.withLock { $0 }?.cancel()
    }

    /// Waits until at least `count` events have been recorded and returns the first `count`.
    ///
    /// Returns at once if they already have been. Throws ``EventRecorderTimeout`` if they have
    /// not arrived within `timeout`, and `CancellationError` if the waiting task is cancelled.
    public func waitForEvents(
        count: Int, timeout: Duration = .seconds(10)
    ) async throws -> [Event] {
        let waiter = Waiter<Event>(count: count)
        let recorded: [Event]? = state.withLock { state in
            state.events.count >= count ? Array(state.events.prefix(count)) : state.add(waiter)
        }
        if let recorded { return recorded }
        let state = self.state
        let timer = Task {
            try await Task.sleep(for: timeout)
            let recordedCount = state.withLock { $0.remove(waiter) }
            waiter.fail(EventRecorderTimeout(expected: count, recorded: recordedCount, timeout: timeout))
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await waiter.value(from: state)
        } onCancel: {
            _ = state.withLock { $0.remove(waiter) }
            waiter.fail(CancellationError())
        }
    }

    /// Waits for the `number`-th event (1 is the first) and returns it.
    ///
    /// A `number` below 1 is a programming error: it stops the program with a message saying so.
    ///
    /// Throws ``EventRecorderTimeout`` if it has not arrived within `timeout`.
    public func waitForEvent(number: Int = 1, timeout: Duration = .seconds(10)) async throws -> Event {
        guard number >= 1 else {
            fatalError("EventRecorder.waitForEvent(number: \(number)): event numbers start at 1")
        }
        return try await waitForEvents(count: number, timeout: timeout)[number - 1]
    }
}

/// Thrown when an ``EventRecorder`` wait runs out of time.
public struct EventRecorderTimeout: Error, CustomStringConvertible {
    /// How many events the wait needed.
    public let expected: Int
    /// How many had been recorded when it gave up.
    public let recorded: Int
    /// How long it waited.
    public let timeout: Duration

    /// A sentence for test failure messages.
    public var description: String {
        "waited \(timeout) for \(expected) event(s), but only \(recorded) arrived"
    }
}
