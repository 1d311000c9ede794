/// Runs subscription jobs on the main actor. Use it as ``EventBusExecutor/mainActor`` (queued,
/// the default) or ``EventBusExecutor/mainActorImmediate`` (inline when published on the main
/// actor).
///
/// Each job is one main-actor task; the bus schedules one job per burst of events for all of
/// its main-actor subscriptions, not one per event or per subscription. All `.mainActor`
/// instances are one executor to the bus, with one queue; all `.mainActorImmediate` ones are
/// another, with a queue of its own. Passed as `on:` to `subscribe(owner:for:on:)`, a protocol
/// subscription or a state query, either one takes a `@MainActor` handler
/// (``EventBus/subscribe(owner:for:on:priority:buffering:handler:)-(_,_,MainActorExecutor,_,_,_)``).
///
/// With `.mainActor` (greenrobot's `MAIN_ORDERED`), a handler always runs later, even when the
/// publisher is on the main actor. With `.mainActorImmediate` (greenrobot's `MAIN`,
/// NotificationCenter's `MainActorMessage`), a publish made on the main actor runs the handler
/// inside `publish`, like a synchronous handler, as long as none of the events published
/// earlier to `.mainActorImmediate` subscriptions of that bus still waits; otherwise, and from
/// any other thread, the event is queued exactly as with `.mainActor`. So each subscription
/// gets its events in publish order either way, and so do the bus's immediate subscriptions
/// across event types.
///
/// Queued jobs run when the program's main actor runs: on the main thread, between run-loop
/// events, in an app; in a command-line tool only while its main thread is parked (an async
/// `main` awaiting, `RunLoop.main.run()` or `dispatchMain()`). The executor never drains or
/// parks anything itself (see <doc:MainActorDelivery>, "Where Handlers Run").
public struct MainActorExecutor: EventBusExecutor {
    /// Whether a publish made on the main actor may run the handler inline.
    let isImmediate: Bool

    /// Creates the queued executor, `.mainActor`; all instances are equivalent.
    public init() {
        isImmediate = false
    }

    fileprivate init(immediate: Bool) {
        isImmediate = immediate
    }

    /// Starts a main-actor task that runs `work`.
    public func enqueue(_ work: @escaping @Sendable () -> Void) {
        Task { @MainActor in work() }
    }

    /// `main-actor`, or `main-actor-immediate`.
    public var label: String { isImmediate ? "main-actor-immediate" : "main-actor" }
}

extension EventBusExecutor where Self == MainActorExecutor {
    /// The main actor: the handler always runs later, in publish order, even when the
    /// publisher is on the main actor (greenrobot's `MAIN_ORDERED`).
    public static var mainActor: MainActorExecutor { MainActorExecutor() }

    /// The main actor, at once when possible: a publish made on the main actor runs the handler
    /// before `publish` returns, like a synchronous handler, unless earlier events for the
    /// bus's immediate subscriptions still wait, in which case it is queued behind them, as
    /// every publish from another thread is (greenrobot's `MAIN`, NotificationCenter's
    /// `MainActorMessage`). See <doc:MainActorDelivery>.
    public static var mainActorImmediate: MainActorExecutor { MainActorExecutor(immediate: true) }
}
