import EventBus
public import Testing

/// A Swift Testing trait that runs each test with a new `EventBus` as
/// `EventBus.default`, so tests that run in parallel never see each other's events.
///
/// ```swift
/// @Test(.isolatedDefaultBus) func loggingInPublishesTheUser() async {
///     let recorder = BusRecorder(on: .default)   // this test's own bus
///     AuthService(bus: .default).logIn(as: "ada")
///     await recorder.receive(UserDidLoginEvent.self) { $0.userID == "ada" }
///     recorder.finish()
/// }
/// ```
///
/// Each test function gets its own bus, and so does each case of a parameterized test. On a
/// suite (`@Suite(.isolatedDefaultBus)`) it applies to every test in it, nested suites
/// included, each test with a bus of its own: never one bus for the whole suite.
///
/// The bus is set with `EventBus.withDefault(_:isolation:operation:)` around the
/// test's body, so it follows the test's task, its child tasks and `Task { }`, but not
/// `Task.detached`, threads or dispatch queues, which see the process-wide bus. It is released
/// when the test ends, unless something the test started still holds it.
public struct IsolatedDefaultBusTrait: TestTrait, SuiteTrait, TestScoping {
    /// Applies to every test in a suite, each getting its own bus.
    public var isRecursive: Bool { true }

    /// Runs `function` with a new bus as the default.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await EventBus.withDefault(EventBus()) { try await function() }
    }
}

extension Trait where Self == IsolatedDefaultBusTrait {
    /// Runs each test with a new bus as `EventBus.default` (see
    /// ``IsolatedDefaultBusTrait``).
    public static var isolatedDefaultBus: Self { IsolatedDefaultBusTrait() }
}
