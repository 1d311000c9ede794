/// A subscription whose handler takes one event at a time and asks for the next with a
/// ``StepPromise``; events that arrive meanwhile wait in an ``EventBuffer``.
///
/// Each method takes the lock, decides (``StepState`` alone on the common path,
/// ``StepStateMachine`` once events wait), unlocks, and then runs the handler, schedules a job
/// or releases events. So no lock is held while the handler runs or while a promise completes,
/// and handler calls never overlap: only the caller that was handed an event runs the handler.
final class SteppingSubscription<Owner: AnyObject, Event>: OwnerBoundSubscription<Owner, Event>,
    @unchecked Sendable
{
    // safe: `buffer` is only touched while `state`'s lock is held; everything else is
    // immutable or has its own lock.
    private let handler: @Sendable (Owner, Event, StepPromise) -> Void
    private let executor: (any EventBusExecutor)?
    private let state: LockedValue<StepState>
    /// Guarded by `state`'s lock. Out of line, like `LockedValue`'s value, so that touching it
    /// costs no dynamic exclusivity check.
    private let buffer: UnsafeMutablePointer<EventBuffer<Event>>
    /// A paced subscription's pending sleep, stopped when the subscription ends.
    private let timer: PaceTimer?

    init(
        owner: Owner, executor: (any EventBusExecutor)?, priority: Int, policy: EventBufferPolicy,
        timer: PaceTimer? = nil, handler: @escaping @Sendable (Owner, Event, StepPromise) -> Void
    ) {
        self.handler = handler
        self.executor = executor
        self.timer = timer
        state = LockedValue(StepState(usesExecutor: executor != nil))
        buffer = .allocate(capacity: 1)
        buffer.initialize(to: EventBuffer(policy: policy))
        super.init(owner: owner, priority: priority)
    }

    deinit {
        buffer.deinitialize(count: 1)
        buffer.deallocate()
    }

    override var executorLabel: String { executor?.label ?? "publisher" }

    override var deliveryKind: SubscriptionInfo.Delivery { .stepping }

    override var bufferCounters: BufferCounters? { state.withLock { $0.counters } }

    override func deliver(_ event: Event) -> DeliveryOutcome {
        guard !isCancelled else { return .skipped }
        guard owner != nil else {
            retire()
            return .ownerGone
        }
        if let step = state.withLock({ $0.startIfIdle() }) {
            run(event, step: step)
            return .delivered
        }
        return receiveWhileBusy(event)
    }

    // The paths that touch the buffer are functions of their own. In this unspecialized
    // generic code a local of a type built from `Event` makes the function look up that type's
    // metadata on entry, whichever branch runs; kept apart, the common cycle never pays it.

    private func receiveWhileBusy(_ event: Event) -> DeliveryOutcome {
        var reception = state.withLock {
            StepStateMachine.receive(event, state: &$0, buffer: &buffer.pointee)
        }
        reception.released = nil  // Released here, after the unlock.
        perform(reception.action)
        return reception.outcome
    }

    override func completeStep(_ step: UInt64, with demand: StepDemand) {
        switch demand {
        case .more:
            if state.withLock({ $0.settleMore(for: step) }) { return }
            deliverWaiting(afterMoreFor: step)
        case .cancel:
            cancel(step: step)
        }
    }

    private func deliverWaiting(afterMoreFor step: UInt64) {
        perform(
            state.withLock { StepStateMachine.requestMore(step: step, state: &$0, buffer: &buffer.pointee) })
    }

    private func cancel(step: UInt64) {
        let waiting = state.withLock {
            StepStateMachine.cancel(step: step, state: &$0, buffer: &buffer.pointee)
        }
        guard let waiting else { return }
        // The entry stays listed until the next publish of its type prunes it, like a
        // once-subscription that has fired; it never runs again.
        markCancelled()
        _ = consume waiting  // Released after the unlock: events may run deinit code.
    }

    override func retire() {
        timer?.stop()
        let waiting = state.withLock { StepStateMachine.finish(state: &$0, buffer: &buffer.pointee) }
        _ = consume waiting  // Released after the unlock: events may run deinit code.
    }

    /// Runs the handler for `event`, then for every waiting event that a `.more` inside the
    /// handler asked for: in a loop, never nested, and without growing the stack.
    private func run(_ event: Event, step: UInt64) {
        if runHandler(event, step: step) { continueWithWaiting(after: step) }
    }

    private func continueWithWaiting(after step: UInt64) {
        var next = state.withLock {
            StepStateMachine.handlerReturned(step: step, state: &$0, buffer: &buffer.pointee)
        }
        while case .run(let event, let step) = next {
            guard runHandler(event, step: step) else { return }
            next = state.withLock {
                StepStateMachine.handlerReturned(step: step, state: &$0, buffer: &buffer.pointee)
            }
        }
    }

    /// Calls the handler once; returns true when a waiting event should follow.
    private func runHandler(_ event: Event, step: UInt64) -> Bool {
        // Checked before every call: a cancel that returned before this point wins, and so
        // does the owner's release (the strong reference keeps it alive for the call).
        guard !isCancelled, let owner else {
            retire()
            return false
        }
        handler(owner, event, StepPromise(step: step, subscription: self))
        return !state.withLock { $0.settleReturn(of: step) }
    }

    private func startScheduled() {
        perform(state.withLock { StepStateMachine.startScheduled(state: &$0, buffer: &buffer.pointee) })
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
