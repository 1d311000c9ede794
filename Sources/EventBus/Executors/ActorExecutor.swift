/// Runs subscription jobs isolated to an actor. Use it as `.actor(myActor)`.
///
/// Each job is one task that hops to the actor; inside the handler, use
/// `actor.assumeIsolated { … }` to reach its state synchronously. The bus keeps one queue per
/// actor: one job per burst of events, in publish order across the actor's subscriptions.
public struct ActorExecutor<IsolatingActor: Actor>: EventBusExecutor {
    /// The actor whose executor runs the handlers.
    public let actor: IsolatingActor

    /// Creates an executor that runs jobs on `actor`.
    public init(_ actor: IsolatingActor) {
        self.actor = actor
    }

    /// Starts a task that runs `work` isolated to the actor.
    public func enqueue(_ work: @escaping @Sendable () -> Void) {
        Task { await runIsolated(on: actor, work) }
    }

    /// The actor's type name.
    public var label: String { String(describing: IsolatingActor.self) }
}

private func runIsolated(on actor: isolated some Actor, _ work: @Sendable () -> Void) {
    work()
}

extension EventBusExecutor {
    /// Runs handlers isolated to `actor`.
    public static func actor<IsolatingActor: Actor>(_ actor: IsolatingActor) -> Self
    where Self == ActorExecutor<IsolatingActor> {
        ActorExecutor(actor)
    }
}
