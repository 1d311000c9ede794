/// The rules of a stepping subscription once events wait: which one the handler gets next,
/// what the buffer keeps and what it drops. Works on a ``StepState`` and an ``EventBuffer``
/// that share the subscription's lock.
///
/// It holds no lock and calls nothing; ``SteppingSubscription`` calls it under the lock and
/// then runs the handler, schedules a job or releases events after unlocking. Every method
/// that hands out an event also hands out the step number its promise carries; a completion
/// only counts for the current step, once.
struct StepStateMachine<Event> {
    /// What the subscription does next, outside the lock.
    enum Action {
        /// Nothing to do (the event waits, or the subscription has finished).
        case none
        /// Run the handler with `event` and a promise for `step`.
        case run(Event, step: UInt64)
        /// Queue a job on the executor that delivers the oldest waiting event.
        case schedule
    }

    /// What ``receive(_:state:buffer:)`` decided for a published event.
    struct Reception {
        var action: Action
        /// What the publish reports for this subscription.
        var outcome: DeliveryOutcome
        /// An event given up (the new one or the oldest waiting one), for release outside the lock.
        var released: Event?
    }

    /// An event was published: delivered at once when idle, otherwise buffered by the policy.
    static func receive(_ event: Event, state: inout StepState, buffer: inout EventBuffer<Event>) -> Reception
    {
        defer { sync(&state, with: buffer) }
        switch state.phase {
        case .finished:
            return Reception(action: .none, outcome: .skipped, released: event)
        case .idle where !state.usesExecutor:
            return Reception(action: .run(event, step: state.startStep()), outcome: .delivered)
        case .idle:
            // Set aside, not queued: an event on its way to the executor is not waiting, so it
            // neither counts against the limit nor can be dropped.
            buffer.reserve(event)
            state.enter(.scheduled)
            return Reception(action: .schedule, outcome: .delivered)
        case .scheduled, .running, .awaitingPromise:
            switch buffer.append(event) {
            case .queued:
                return Reception(action: .none, outcome: .delivered)
            case .queuedDroppingOldest(let oldest):
                return Reception(action: .none, outcome: .deliveredDroppingOlder, released: oldest)
            case .rejected(let rejected):
                return Reception(action: .none, outcome: .dropped, released: rejected)
            }
        }
    }

    /// The executor job started: hands out the oldest waiting event.
    static func startScheduled(state: inout StepState, buffer: inout EventBuffer<Event>) -> Action {
        guard state.phase == .scheduled, let event = buffer.takeReserved() else { return .none }
        return .run(event, step: state.startStep())
    }

    /// The handler for `returned` came back. Continues with the next waiting event if `.more`
    /// was completed inside the handler (in the same loop, never nested in the handler).
    static func handlerReturned(
        step returned: UInt64, state: inout StepState, buffer: inout EventBuffer<Event>
    ) -> Action {
        if state.settleReturn(of: returned) { return .none }
        return next(state: &state, buffer: &buffer)
    }

    /// A promise was completed with `.more`. Counts only for the current, uncompleted step.
    static func requestMore(
        step completed: UInt64, state: inout StepState, buffer: inout EventBuffer<Event>
    ) -> Action {
        if state.settleMore(for: completed) { return .none }
        // Awaiting the promise, and events wait.
        guard state.usesExecutor else { return next(state: &state, buffer: &buffer) }
        defer { sync(&state, with: buffer) }
        _ = buffer.reserveFirst()
        state.enter(.scheduled)
        return .schedule
    }

    /// A promise was completed with `.cancel`. Counts only for the current step, before its
    /// promise has been completed: then finishes and returns the waiting events for release
    /// outside the lock; otherwise returns `nil`.
    static func cancel(step completed: UInt64, state: inout StepState, buffer: inout EventBuffer<Event>)
        -> [Event]?
    {
        guard completed == state.step else { return nil }
        switch state.phase {
        case .running(moreRequested: false), .awaitingPromise: return finish(state: &state, buffer: &buffer)
        case .idle, .scheduled, .running(moreRequested: true), .finished: return nil
        }
    }

    /// Ends delivery; returns the waiting events for release outside the lock.
    static func finish(state: inout StepState, buffer: inout EventBuffer<Event>) -> [Event] {
        state.enter(.finished)
        defer { sync(&state, with: buffer) }
        return buffer.removeAll()
    }

    private static func next(state: inout StepState, buffer: inout EventBuffer<Event>) -> Action {
        defer { sync(&state, with: buffer) }
        guard let event = buffer.popFirst() else {
            state.enter(.idle)
            return .none
        }
        return .run(event, step: state.startStep())
    }

    private static func sync(_ state: inout StepState, with buffer: EventBuffer<Event>) {
        state.waitingCount = buffer.count
        state.droppedCount = buffer.droppedCount
        state.counters.update(waiting: buffer.count, dropped: buffer.droppedCount)
    }
}
