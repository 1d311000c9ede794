// unsafe invariant 9: the closure's isolation is converted only after `preconditionIsolated`.
/// The global actor of the app's main loop. Panes and the app model are `@MainLoop`, so the
/// compiler checks that their state is only touched on the loop.
///
/// Its executor is ``MainLoopExecutor/shared``. Code already running inside
/// ``MainLoopExecutor/drain()`` or ``MainLoopExecutor/runAsLoop(_:)`` — event handlers, key
/// handling — enters the actor synchronously with ``assumeIsolated(_:)``.
///
/// > Warning: isolation is checked per thread ("is this thread running a main loop?"), not per
/// > executor instance, so tests can each drive their own `MainLoopExecutor` and app. Objects
/// > must stay with the loop that created them.
@globalActor
public actor MainLoop {
    /// The single instance.
    public static let shared = MainLoop()

    /// Runs on ``MainLoopExecutor/shared``.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        MainLoopExecutor.shared.asUnownedSerialExecutor()
    }

    /// Runs `operation` as `@MainLoop` code, after checking (and crashing if not) that the
    /// calling thread is running a main loop.
    public static func assumeIsolated<T: Sendable>(
        _ operation: @MainLoop () throws -> T, file: StaticString = #fileID, line: UInt = #line
    ) rethrows -> T {
        typealias NonisolatedOperation = () throws -> T
        shared.preconditionIsolated("not on the eventdemo main loop", file: file, line: line)
        return try withoutActuallyEscaping(operation) { operation in
            // The same conversion the standard library's MainActor.assumeIsolated makes, after
            // the same check.
            try unsafeBitCast(operation, to: NonisolatedOperation.self)()
        }
    }
}
