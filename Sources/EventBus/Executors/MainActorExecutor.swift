/// Runs subscription jobs on the main actor. Use it as `.mainActor`.
///
/// Each job is one main-actor task; the bus schedules one job per burst of events for all of
/// its main-actor subscriptions, not one per event or per subscription. All instances are one
/// executor to the bus. ``EventBus/subscribeOnMain(owner:to:priority:handler:)`` uses this executor.
///
/// Jobs run when the program's main actor runs: on the main thread, between run-loop events, in
/// an app; in a command-line tool only while its main thread is parked (an async `main` awaiting,
/// `RunLoop.main.run()` or `dispatchMain()`). The executor never drains or parks anything itself
/// (see <doc:MainActorDelivery>, "Where Handlers Run").
public struct MainActorExecutor: EventBusExecutor {
    /// Creates the executor; all instances are equivalent.
    public init() {}

    /// Starts a main-actor task that runs `work`.
    public func enqueue(_ work: @escaping @Sendable () -> Void) {
        Task { @MainActor in work() }
    }

    /// `main-actor`.
    public var label: String { "main-actor" }
}

extension EventBusExecutor where Self == MainActorExecutor {
    /// The main actor.
    public static var mainActor: MainActorExecutor { MainActorExecutor() }
}
