extension EventBus {
    /// Subscribes a main-actor `owner` to events of `eventType`, delivered on the main actor.
    ///
    /// Events are queued when published, from any thread, and the handler runs later on the
    /// main actor, in publish order, even when the publisher is itself on the main actor.
    /// All such subscriptions of a bus share one main-actor queue, so handlers of different
    /// subscriptions and event types also run in publish order, and a burst of events costs
    /// one main-actor job, however many subscriptions it reaches (see <doc:ExecutorDelivery>). `priority` only
    /// orders when the event is queued within a publish; the handler runs after the publish.
    ///
    /// The owner is held weakly and checked right before every handler call, so the handler
    /// never runs for a released owner; a publish made while earlier events still wait for the
    /// main actor queues its event without checking the owner (see <doc:ExecutorDelivery>).
    /// Once ``SubscriptionToken/cancel()`` has returned, no queued event runs the handler.
    /// Events wait without limit while the main actor is busy; use
    /// ``subscribeOnMain(owner:for:priority:buffering:handler:)`` to bound them.
    ///
    /// ```swift
    /// @MainActor final class LoginViewModel {
    ///     var greeting = ""
    ///
    ///     init(bus: EventBus) {
    ///         bus.subscribeOnMain(owner: self) { (owner, event: UserDidLoginEvent) in
    ///             owner.greeting = "Hello, \(event.userID)"
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// - Returns: A token that cancels this subscription early. Discarding it cancels nothing.
    @MainActor
    @discardableResult
    public func subscribeOnMain<Owner: AnyObject, Event: EventBusEvent>(
        owner: Owner, for eventType: Event.Type = Event.self, priority: Int = 0,
        handler: @escaping @MainActor (Owner, Event) -> Void
    ) -> SubscriptionToken {
        subscribe(owner: owner, for: eventType, on: .mainActor, priority: priority) { owner, event in
            // The drain job already runs on the main actor (MainActorExecutor), and `owner` was
            // handed to the bus on the main actor and is only touched there.
            let mainActorOwner = MainActorBound(owner)
            MainActor.assumeIsolated { handler(mainActorOwner.value, event) }
        }
    }
}

/// Carries a main-actor owner into `MainActor.assumeIsolated` from the drain job, which the
/// compiler cannot see runs on the main actor.
struct MainActorBound<Value>: @unchecked Sendable {  // safe: created and used on the main actor only
    let value: Value
    init(_ value: Value) { self.value = value }
}
