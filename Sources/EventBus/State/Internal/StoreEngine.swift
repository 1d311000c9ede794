import Dispatch

// unsafe invariant 6: the queues under the core's lock; the state slots written only by the runner, read under the lock.
/// What a ``Store`` does with its actions: admits them into batches (see ``StoreCore``), runs
/// middleware and the reducer, and publishes each state.
///
/// A class of its own so that the store's action subscription can hold it strongly: the store
/// captured itself weakly there, which cost a weak load (a few atomic operations on the side
/// table) per dispatch. The subscription's token lives in the store, so releasing the store
/// ends the subscription, and the engine with it once no publish is running it. It holds the
/// bus strongly; that cycle lasts only as long as the subscription, which the store ends.
final class StoreEngine<State: EventBusEvent, Action: EventBusEvent>: @unchecked Sendable {
    // safe: `queues` is only touched while `turn.core`'s lock is held; the state slots are
    // written only by the batch's runner (the thread `turn` names, one at a time, handed over
    // by its word or under the lock): the hidden slot, which no reader reads, and the shown one
    // only once no reader can still read it (see `StoreTurn.show`); readers read the shown
    // slot under the lock, announced (`StoreTurn.beginReading`); the rest is immutable.
    private let bus: EventBus
    private let reducer: Store<State, Action>.Reducer
    private let middleware: [Store<State, Action>.Middleware]
    /// Whether `middleware` has steps, asked once: `middleware.isEmpty` in this unspecialized code
    /// looked up the metadata of `Optional<Action>`, of the middleware's function type and of the
    /// array, and called `isEmpty` through the `Collection` witness table, on every dispatch.
    private let hasMiddleware: Bool
    private let turn = StoreTurn()
    /// The thread-specific key of ``PublishNesting``, copied here so the direct path loads it
    /// plainly.
    private let nestingKey = PublishNesting.key
    /// Two slots for the state: the one ``StoreTurn/shownSlot`` names holds it, the other is
    /// empty until the runner stores the next state there and shows it (see ``store(_:)``).
    /// Out of line, like `LockedValue`'s value: no generic stored property (no exclusivity
    /// check, no metadata lookup to reach it).
    private let states: UnsafeMutablePointer<State>
    private let queues: UnsafeMutablePointer<StoreQueues<Dispatched>>

    /// A queued action and its publish (the `dispatch` that sent it), which its state publish
    /// names as its call site and parent (nil when the bus noted nothing for it).
    struct Dispatched {
        let action: Action
        let origin: TracedPublish?
    }

    init(
        bus: EventBus, initialState: State, middleware: [Store<State, Action>.Middleware],
        reducer: @escaping Store<State, Action>.Reducer
    ) {
        self.bus = bus
        self.reducer = reducer
        self.middleware = middleware
        hasMiddleware = !middleware.isEmpty
        states = .allocate(capacity: 2)
        states.initialize(to: initialState)
        queues = .allocate(capacity: 1)
        queues.initialize(to: StoreQueues<Dispatched>())
    }

    deinit {
        (states + turn.shownSlot).deinitialize(count: 1)
        states.deallocate()
        queues.deinitialize(count: 1)
        queues.deallocate()
    }

    var state: State {
        turn.core.withLock { _ in
            let slot = turn.beginReading()
            defer { turn.endReading() }
            return states[slot]
        }
    }

    /// Actions dispatched and not reduced yet (for tests of the backlog bound).
    var backlog: Int { turn.core.withLock { _ in queues.pointee.backlog } }

    /// Whether a thread is reducing a batch (actions queued behind it included), for `settle`.
    var isBusy: Bool { turn.isBusy }

    /// Reduces `action`, called by the store's action subscription inside the action's publish.
    /// On a bus that notes call sites, that publish goes with the action, so the state it
    /// produces names the dispatch as its call site and the action's publish as its parent, even
    /// when the action waits in the queue and is reduced after that publish returned, by
    /// another thread or further up this one's stack.
    func reduce(_ action: Action) {
        reduce(
            action,
            origin: bus.taps.wantsCallSites
                ? PublishNesting.current(key: nestingKey).pointee.runningPublish : nil)
    }

    /// The action's publish when the store's action subscription `entry` is all it would reach
    /// (``EventBus/reachesOnly(_:)``): what a plain publish does for its one
    /// subscriber, without the walk. The nesting is kept as a publish keeps it, so a dispatch
    /// past ``EventBus/nestingLimit`` is queued like any publish there, and the subscription's
    /// delivery count goes up as the walk's would.
    func reduceAlone(_ action: Action, entry: AnySubscription) {
        let nesting = PublishNesting.current(key: nestingKey)
        // The list holds this entry alone and wants no call site (`reachesOnly`): nothing waits
        // for one.
        guard nesting.pointee.depth < EventBus.nestingLimit else {
            _ = bus.publishPlain(action)
            return
        }
        entry.countDelivery()
        nesting.pointee.depth += 1
        reduce(action, origin: nil)
        if nesting.pointee.depth == EventBus.nestingLimit {
            PublishNesting.runWaiting(on: nesting)
        }
        nesting.pointee.depth -= 1
    }

    /// Reduces `action` now if the store is idle (its thread takes the store with one
    /// compare-and-swap and leaves it with another when nothing was queued meanwhile, see
    /// ``StoreTurn``), or queues it.
    func reduce(_ action: Action, origin: TracedPublish?) {
        let thread = StoreTurn.currentThread
        if turn.enter(thread) {
            run(action, origin: origin)
            continueBatch(on: thread)
        } else {
            enqueue(action, origin: origin, on: thread)
        }
    }

    // The paths that touch the queues are functions of their own: a local of a type built from
    // `Action` makes a function look up that type's metadata on entry, whichever branch runs.

    /// The store was busy at the first look: files the action under the lock (see
    /// ``StoreTurn/admit(_:)``), or runs it here if the store has become idle meanwhile.
    @inline(never)
    private func enqueue(_ action: Action, origin: TracedPublish?, on thread: UInt) {
        let dispatched = Dispatched(action: action, origin: origin)
        let admission = turn.core.withLock { core -> StoreAdmission in
            switch turn.admit(thread) {
            case .run: return .run
            case .reentrant: return .reentrant
            case .runnersOwn:
                queues.pointee.admitRunnersOwn(dispatched, core: &core)
                return .queued
            case .foreign:
                return queues.pointee.admitForeign(dispatched, on: thread, core: &core).map { .wait($0) }
                    ?? .queued
            }
        }
        switch admission {
        case .run:
            run(dispatched.action, origin: dispatched.origin)
            continueBatch(on: thread)
        case .queued:
            return
        case .wait(let wakeup):
            wakeup.wait()  // signalled by the runner of the batch before this one, with no lock held
            continueBatch(on: thread)
        case .reentrant:
            // `fatalError`, not `preconditionFailure`: its message survives an optimised build.
            fatalError(
                "Store<\(State.self), \(Action.self)>: dispatch(\(action)) was called from inside the reducer. "
                    + "A reducer must only compute the next state; dispatch follow-up actions from "
                    + "middleware or a subscriber instead.")
        }
    }

    /// Reduces the rest of this thread's batch, then hands the store to the next batch's thread
    /// or leaves it idle. Nothing queued (the word's queued bit clear): one compare-and-swap.
    @inline(__always)
    private func continueBatch(on thread: UInt) {
        if !turn.leave(thread) { runQueued() }
    }

    @inline(never)
    private func runQueued() {
        while true {
            switch turn.core.withLock({ queues.pointee.next(core: &$0, turn: turn) }) {
            case .run(let dispatched): run(dispatched.action, origin: dispatched.origin)
            case .handOff(let leader):
                leader.signal()
                return
            case .done: return
            }
        }
    }

    /// Middleware, reducer and state publish for one action, with no lock held, on the thread
    /// that runs the batch.
    ///
    /// The state is read without the lock: only the batch's runner, which is this thread, ever
    /// writes it (in ``store(_:)``), so nothing can change it meanwhile. Whether the reducer
    /// runs is noted in ``StoreTurn/isReducing``, which only the runner touches: no lock either.
    ///
    /// Every `withLock` here returns `Void`: a closure returning `State` made `withLock` generic
    /// over a type the compiler cannot see, and so unspecialized, which cost a metadata lookup for
    /// `LockedValue<StoreCore>` and one for the closure's type on every dispatch.
    private func run(_ action: Action, origin: TracedPublish?) {
        guard !hasMiddleware else { return runWithMiddleware(action, origin: origin) }
        var after = states[turn.shownSlot]
        turn.isReducing = true
        reducer(&after, action)
        turn.isReducing = false
        publish(after, origin: origin)
    }

    /// Stores the reduced state and publishes it, named after the dispatch that sent the action.
    private func publish(_ after: State, origin: TracedPublish?) {
        store(after)
        guard let origin, let callSite = origin.callSite else { return bus.publishState(after) }
        nestedIn(origin) {
            bus.publishState(
                after, fileID: callSite.staticFileID, line: callSite.line, function: callSite.staticFunction)
        }
    }

    /// Runs `publish` as if from a handler of `origin`, the action's publish: a queued action
    /// is reduced after that publish returned (on another thread, or after a follow-up's
    /// publish on this one), and its state is still nested in it, not in whatever publish runs
    /// the batch. Out of line: only a bus that notes call sites comes here.
    @inline(never)
    private func nestedIn(_ origin: TracedPublish, _ publish: () -> Void) {
        let nesting = PublishNesting.current(key: nestingKey)
        let running = nesting.pointee.tracedPublish
        nesting.pointee.tracedPublish = origin.running(at: nesting.pointee.depth)
        publish()
        nesting.pointee.tracedPublish = running
    }

    /// Puts `after` in the hidden slot, shows it, and empties the other: no lock unless a reader is
    /// in (see ``StoreTurn/show(_:)``). The replaced state is released after that, with no lock
    /// held (a value's `deinit` may run code). Assigning the state under the lock was the last
    /// lock round trip of an uncontended dispatch.
    private func store(_ after: State) {
        let shown = turn.shownSlot
        (states + (1 &- shown)).initialize(to: after)
        turn.show(1 &- shown)
        // `move()`, not `deinitialize(count:)`: unspecialized, that is a call into the runtime's
        // array destroy.
        _ = (states + shown).move()
    }

    /// Middleware, then the reducer and the publish (none when middleware dropped the action).
    /// Apart from `run` because of its `Action?` local (see above).
    @inline(never)
    private func runWithMiddleware(_ action: Action, origin: TracedPublish?) {
        let before = states[turn.shownSlot]  // only this runner writes it (see `run`)
        var accepted: Action? = action
        for step in middleware {
            guard let passed = accepted else { break }
            accepted = step(passed, before)
        }
        guard let accepted else { return }
        var after = before
        turn.isReducing = true
        reducer(&after, accepted)
        turn.isReducing = false
        publish(after, origin: origin)
    }
}

/// What a dispatch that found the store busy does, decided under the lock. Not nested in the
/// generic engine: its metadata would be looked up on every such dispatch.
enum StoreAdmission {
    /// The store became idle meanwhile and this thread took it: it runs its action here.
    case run
    /// Queued in a batch that another dispatch runs (on another thread, or further up this
    /// one's stack); the caller returns.
    case queued
    /// Queued first in a new batch: wait for the signal, then run that batch.
    case wait(DispatchSemaphore)
    case reentrant
}
