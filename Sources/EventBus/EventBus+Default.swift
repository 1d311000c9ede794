extension EventBus {
    /// The shared bus, for apps that want one bus everywhere; inside
    /// ``withDefault(_:isolation:operation:)``, the bus given there. Libraries should accept an
    /// injected bus instead.
    ///
    /// Outside any `withDefault` call this is always the same instance, one per process.
    /// Reading it costs a task-local lookup: code that publishes often should read it once and
    /// keep the bus.
    public static var `default`: EventBus { overriddenDefault ?? shared }

    /// The bus ``default`` returns in the current task, set by `withDefault`.
    @TaskLocal static var overriddenDefault: EventBus?

    /// Runs `operation` with ``default`` returning `bus`, for it and every task it starts as a
    /// child or with `Task { }`, then restores the previous default.
    ///
    /// Meant for tests: Swift Testing runs tests in parallel in one process, so code under test
    /// that reads `EventBus.default` would otherwise let tests see each other's events.
    ///
    /// ```swift
    /// let bus = EventBus()                       // one per test
    /// let recorder = EventRecorder(for: UserDidLoginEvent.self, on: bus)
    /// try await EventBus.withDefault(bus) {
    ///     AuthService(bus: .default).logIn(as: "ada")   // code that reads the default
    ///     _ = try await recorder.waitForEvent()
    /// }
    /// ```
    /// <!-- sample-check: #expect(recorder.count == 1) -->
    ///
    /// The override is task-local: it follows structured child tasks and unstructured `Task { }`,
    /// not `Task.detached`, and not threads or dispatch queues, which see the process-wide bus
    /// (or the override of the task that runs them). Calls nest: the innermost wins.
    public static func withDefault<Result>(
        _ bus: EventBus, isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        try await $overriddenDefault.withValue(bus, operation: operation, isolation: isolation)
    }

    /// Runs the synchronous `operation` with ``default`` returning `bus`, then restores the
    /// previous default (see ``withDefault(_:isolation:operation:)``).
    public static func withDefault<Result>(_ bus: EventBus, operation: () throws -> Result) rethrows -> Result
    {
        try $overriddenDefault.withValue(bus, operation: operation)
    }
}
