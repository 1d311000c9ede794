/// The rules of a stepping subscription once events wait: which one the handler gets next,
/// what the buffer keeps and what it drops. Works on a ``StepControl``'s word and an
/// ``EventBuffer`` guarded by the subscription's lock.
///
/// It holds no lock and calls nothing; ``SteppingSubscription`` calls it under the lock and
/// then runs the handler, schedules a job or releases events after unlocking. Every method
/// that hands out an event also hands out the step number its promise carries; a completion
/// only counts for the current step, once.
///
/// The lock-free transitions of the common cycle may change the word while the lock is held,
/// so every change here is a compare-and-swap decided from the state it replaces, and the
/// buffer is changed only once that swap has succeeded. The `eventsWait` bit is set (before an
/// event is queued) and cleared (when the last one is taken) only here, under the lock; while
/// it is set, no lock-free transition goes idle, so a queued event is never stranded.
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

    /// What ``receive(_:control:buffer:)`` decided for a published event.
    struct Reception {
        var action: Action
        /// What the publish reports for this subscription.
        var outcome: DeliveryOutcome
        /// An event given up (the new one or the oldest waiting one), for release outside the lock.
        var released: Event?
    }

    private enum Arrival {
        case finished
        case runNow(step: UInt64)
        case setAside
        case append
    }

    /// An event was published: delivered at once when idle, otherwise buffered by the policy.
    static func receive(_ event: Event, control: StepControl, buffer: inout EventBuffer<Event>) -> Reception {
        let keepsAny = buffer.policy.limit != 0
        let usesExecutor = control.usesExecutor
        let arrival = control.transition { current -> (StepControl.State?, Arrival) in
            switch current.phase {
            case .finished:
                return (nil, .finished)
            case .idle where !usesExecutor:
                let next = current.started(eventsWait: false)
                return (next, .runNow(step: next.step))
            case .idle:
                return (current.with(phase: .scheduled), .setAside)
            case .scheduled, .running, .runningMore, .awaitingPromise:
                // Marked before it is queued, so that no lock-free transition goes idle past it.
                guard keepsAny, !current.eventsWait else { return (nil, .append) }
                return (current.with(phase: current.phase, eventsWait: true), .append)
            }
        }
        defer { sync(control, with: buffer) }
        switch arrival {
        case .finished:
            return Reception(action: .none, outcome: .skipped, released: event)
        case .runNow(let step):
            return Reception(action: .run(event, step: step), outcome: .delivered)
        case .setAside:
            // Set aside, not queued: an event on its way to the executor is not waiting, so it
            // neither counts against the limit nor can be dropped.
            buffer.reserve(event)
            return Reception(action: .schedule, outcome: .delivered)
        case .append:
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

    /// The executor job started: hands out the event set aside for it.
    static func startScheduled(control: StepControl, buffer: inout EventBuffer<Event>) -> Action {
        guard buffer.hasReserved else { return .none }
        let step = control.transition { current -> (StepControl.State?, UInt64?) in
            guard current.phase == .scheduled else { return (nil, nil) }
            let next = current.started(eventsWait: current.eventsWait)
            return (next, next.step)
        }
        guard let step, let event = buffer.takeReserved() else { return .none }
        return .run(event, step: step)
    }

    /// The handler for `returned` came back (and ``StepControl/settleReturn(of:)`` found events
    /// waiting). Continues with the next waiting event if `.more` was completed inside the
    /// handler (in the same loop, never nested in the handler).
    static func handlerReturned(step returned: UInt64, control: StepControl, buffer: inout EventBuffer<Event>)
        -> Action
    {
        if control.transition({ StepControl.settlingReturn(of: returned, from: $0) }) { return .none }
        return next(control: control, buffer: &buffer)
    }

    /// A promise was completed with `.more` (and ``StepControl/settleMore(for:)`` found events
    /// waiting). Counts only for the current, uncompleted step.
    static func requestMore(step completed: UInt64, control: StepControl, buffer: inout EventBuffer<Event>)
        -> Action
    {
        if control.transition({ StepControl.settlingMore(for: completed, from: $0) }) { return .none }
        // Awaiting the promise, and events wait: nothing but this lock's holders changes the word now.
        guard control.usesExecutor else { return next(control: control, buffer: &buffer) }
        defer { sync(control, with: buffer) }
        _ = buffer.reserveFirst()
        let stillWaiting = !buffer.isEmpty
        control.transition { ($0.with(phase: .scheduled, eventsWait: stillWaiting), ()) }
        return .schedule
    }

    /// A promise was completed with `.cancel`. Counts only for the current step, before its
    /// promise has been completed: then finishes and returns the waiting events for release
    /// outside the lock; otherwise returns `nil`.
    static func cancel(step completed: UInt64, control: StepControl, buffer: inout EventBuffer<Event>)
        -> [Event]?
    {
        let ends = control.transition { current -> (StepControl.State?, Bool) in
            guard completed == current.step else { return (nil, false) }
            switch current.phase {
            case .running, .awaitingPromise: return (current.with(phase: .finished, eventsWait: false), true)
            case .idle, .scheduled, .runningMore, .finished: return (nil, false)
            }
        }
        guard ends else { return nil }
        defer { sync(control, with: buffer) }
        return buffer.removeAll()
    }

    /// Ends delivery; returns the waiting events for release outside the lock.
    static func finish(control: StepControl, buffer: inout EventBuffer<Event>) -> [Event] {
        control.transition { ($0.with(phase: .finished, eventsWait: false), ()) }
        defer { sync(control, with: buffer) }
        return buffer.removeAll()
    }

    /// Hands out the oldest waiting event, or goes idle when none waits.
    private static func next(control: StepControl, buffer: inout EventBuffer<Event>) -> Action {
        defer { sync(control, with: buffer) }
        guard let event = buffer.popFirst() else {
            control.transition { ($0.with(phase: .idle, eventsWait: false), ()) }
            return .none
        }
        let stillWaiting = !buffer.isEmpty
        let step = control.transition { current -> (StepControl.State?, UInt64) in
            let next = current.started(eventsWait: stillWaiting)
            return (next, next.step)
        }
        return .run(event, step: step)
    }

    private static func sync(_ control: StepControl, with buffer: EventBuffer<Event>) {
        control.counters.update(waiting: buffer.count, dropped: buffer.droppedCount)
    }
}
