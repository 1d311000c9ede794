/// A store's subscription to its actions: hands each one to the store's engine, and tells
/// `settle` (through ``EventBus/pendingWork()``) while the store has a batch running or
/// actions queued.
///
/// An action dispatched while another thread runs a batch is queued and its `dispatch`
/// returns at once; it is reduced by that thread later. So a store can have work in flight
/// that no executor, task or lane holds, and only the store can say so.
final class StoreActionSubscription<State: EventBusEvent, Action: EventBusEvent>: Subscription<Action> {
    /// Held strongly: no weak load per action (see ``StoreEngine``).
    private let engine: StoreEngine<State, Action>

    init(engine: StoreEngine<State, Action>) {
        self.engine = engine
        super.init(eventKey: ObjectIdentifier(Action.self), priority: 0)
    }

    override func deliver(_ event: Action) -> DeliveryOutcome {
        guard !isCancelled else { return .skipped }
        engine.reduce(event)
        return .delivered
    }

    override func notePendingWork(into work: inout PendingWork) {
        guard engine.isBusy else { return }
        work.note("the store of \(State.self): a batch of \(Action.self) reducing or queued")
    }
}
