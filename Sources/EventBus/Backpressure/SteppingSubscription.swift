/// A subscription whose handler takes one event at a time and asks for the next with a
/// ``StepPromise``; events that arrive meanwhile wait in an ``EventBuffer``.
///
/// The common cycle (an event reaches an idle subscription, the handler completes `.more`
/// before it returns, nothing waits) takes no lock: it moves ``StepControl``'s atomic word
/// from idle to running and back. Once events wait, each method takes the lock, decides
/// (``StepStateMachine``), unlocks, and then runs the handler, schedules a job or releases
/// events. So no lock is held while the handler runs or while a promise completes, and
/// handler calls never overlap: only the caller that moved the word to `running` runs the
/// handler.
final class SteppingSubscription<Owner: AnyObject, Event>: OwnerBoundSubscription<Owner, Event> {
    // Sendable (see the list in Subscription.swift): everything is immutable; the buffer is behind its own
    // lock and the step state is atomic.
    private let handler: @Sendable (Owner, Event, StepPromise) -> Void
    private let executor: (any EventBusExecutor)?
    private let control: StepControl
    private let buffer: LockedValue<EventBuffer<Event>>
    /// A paced subscription's pending sleep, stopped when the subscription ends.
    private let timer: PaceTimer?

    init(
        owner: Owner, executor: (any EventBusExecutor)?, priority: Int, policy: EventBufferPolicy,
        timer: PaceTimer? = nil, handler: @escaping @Sendable (Owner, Event, StepPromise) -> Void
    ) {
        self.handler = handler
        self.executor = executor
        self.timer = timer
        control = StepControl(usesExecutor: executor != nil)
        buffer = LockedValue(EventBuffer(policy: policy))
        super.init(owner: owner, priority: priority)
        control.attach(self)
    }

    override var executorLabel: String { executor?.label ?? "publisher" }

    override var deliveryKind: SubscriptionInfo.Delivery { .stepping }

    /// Pending while a step is scheduled or its handler runs, and while events wait for the
    /// next step (a paced one waits for its clock); a handler that returned and holds its
    /// promise with nothing waiting is not pending work.
    override func notePendingWork(into work: inout PendingWork) {
        let state = control.state
        switch state.phase {
        case .scheduled, .running, .runningMore:
            work.note("the stepping handler of \(subscriberName)", on: executor)
        case .awaitingPromise where state.eventsWait:
            work.note("events waiting for the next step of \(subscriberName)", on: executor)
        case .idle, .awaitingPromise, .finished:
            break
        }
    }

    override var bufferCounters: BufferCounters? { control.counters }

    override func deliver(_ event: Event) -> DeliveryOutcome {
        guard !isCancelled else { return .skipped }
        // Loaded once for the whole delivery: the strong reference keeps the owner alive for
        // the handler call.
        guard let owner else {
            retire()
            return .ownerGone
        }
        if let step = control.startIfIdle() {
            if runHandler(event, step: step, owner: owner) { continueWithWaiting(after: step) }
            return .delivered
        }
        return receiveWhileBusy(event)
    }

    // The paths that touch the buffer are functions of their own. In this unspecialized
    // generic code a local of a type built from `Event` makes the function look up that type's
    // metadata on entry, whichever branch runs; kept apart, the common cycle never pays it.

    private func receiveWhileBusy(_ event: Event) -> DeliveryOutcome {
        var reception = buffer.withLock { StepStateMachine.receive(event, control: control, buffer: &$0) }
        reception.released = nil  // Released here, after the unlock.
        perform(reception.action)
        return reception.outcome
    }

    /// A completion the lock-free check in ``StepPromise`` could not settle: a `.more` with
    /// events waiting, or a `.cancel`.
    override func completeStep(_ step: UInt64, with demand: StepDemand) {
        switch demand {
        case .more:
            perform(
                buffer.withLock { StepStateMachine.requestMore(step: step, control: control, buffer: &$0) })
        case .cancel:
            cancel(step: step)
        }
    }

    private func cancel(step: UInt64) {
        let waiting = buffer.withLock { StepStateMachine.cancel(step: step, control: control, buffer: &$0) }
        guard let waiting else { return }
        // The entry stays listed until the next publish of its type prunes it, like a
        // once-subscription that has fired; it never runs again.
        markCancelled()
        _ = consume waiting  // Released after the unlock: events may run deinit code.
    }

    override func retire() {
        timer?.stop()
        let waiting = buffer.withLock { StepStateMachine.finish(control: control, buffer: &$0) }
        _ = consume waiting  // Released after the unlock: events may run deinit code.
    }

    /// Runs the handler for `event`, then for every waiting event that a `.more` inside the
    /// handler asked for: in a loop, never nested, and without growing the stack.
    private func run(_ event: Event, step: UInt64) {
        // Checked before every call: a cancel that returned before this point wins, and so
        // does the owner's release (the strong reference keeps it alive for the call).
        guard !isCancelled, let owner else {
            retire()
            return
        }
        if runHandler(event, step: step, owner: owner) { continueWithWaiting(after: step) }
    }

    private func continueWithWaiting(after step: UInt64) {
        var next = buffer.withLock {
            StepStateMachine.handlerReturned(step: step, control: control, buffer: &$0)
        }
        while case .run(let event, let step) = next {
            guard !isCancelled, let owner else {
                retire()
                return
            }
            guard runHandler(event, step: step, owner: owner) else { return }
            next = buffer.withLock {
                StepStateMachine.handlerReturned(step: step, control: control, buffer: &$0)
            }
        }
    }

    /// Calls the handler once; returns true when a waiting event should follow.
    @inline(__always)
    private func runHandler(_ event: Event, step: UInt64, owner: Owner) -> Bool {
        handler(owner, event, StepPromise(step: step, control: control))
        return !control.settleReturn(of: step)
    }

    private func startScheduled() {
        perform(buffer.withLock { StepStateMachine.startScheduled(control: control, buffer: &$0) })
    }

    private func perform(_ action: StepStateMachine<Event>.Action) {
        switch action {
        case .none:
            return
        case .schedule:
            // Weak, like every job (see the ownership rule on ``AnySubscription``): a job that
            // runs after the subscription ended finds nothing and does nothing.
            executor?.enqueue { [weak self] in self?.startScheduled() }
        case .run(let event, let step):
            run(event, step: step)
        }
    }
}
