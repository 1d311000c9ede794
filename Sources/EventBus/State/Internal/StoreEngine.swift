#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// What a ``Store`` does with its actions: admits them into batches (see ``StoreCore``), runs
/// middleware and the reducer, and publishes each state.
///
/// A class of its own so that the store's action subscription can hold it strongly: the store
/// captured itself weakly there, which cost a weak load (a few atomic operations on the side
/// table) per dispatch. The subscription's token lives in the store, so releasing the store
/// ends the subscription, and the engine with it once no publish is running it. It holds the
/// bus strongly; that cycle lasts only as long as the subscription, which the store ends.
final class StoreEngine<State: EventBusEvent, Action: EventBusEvent>: @unchecked Sendable {
    // safe: `queues` is only touched while `core`'s lock is held; the state is written only
    // under that lock, by the batch's runner (one thread at a time, handed over under the lock),
    // which alone also reads it without the lock; the rest is immutable.
    private let bus: EventBus
    private let reducer: Store<State, Action>.Reducer
    private let middleware: [Store<State, Action>.Middleware]
    /// Whether `middleware` has steps, asked once: `middleware.isEmpty` in this unspecialized
    /// code looked up the metadata of `Optional<Action>`, of the middleware's function type and
    /// of the array, and called `isEmpty` through the `Collection` witness table, on every
    /// dispatch (~1,000 instructions, callgrind).
    private let hasMiddleware: Bool
    private let core = LockedValue(StoreCore())
    /// Out of line, like `LockedValue`'s value: no generic stored property (no exclusivity
    /// check, no metadata lookup to reach it).
    private let statePointer: UnsafeMutablePointer<State>
    private let queues: UnsafeMutablePointer<StoreQueues<Dispatched>>

    /// A queued action and the call site of the `dispatch` that sent it, which its state
    /// publish names (nil when the bus noted no call site for it).
    struct Dispatched {
        let action: Action
        let callSite: CallSite?
    }

    init(
        bus: EventBus, initialState: State, middleware: [Store<State, Action>.Middleware],
        reducer: @escaping Store<State, Action>.Reducer
    ) {
        self.bus = bus
        self.reducer = reducer
        self.middleware = middleware
        hasMiddleware = !middleware.isEmpty
        statePointer = .allocate(capacity: 1)
        statePointer.initialize(to: initialState)
        queues = .allocate(capacity: 1)
        queues.initialize(to: StoreQueues<Dispatched>())
    }

    deinit {
        statePointer.deinitialize(count: 1)
        statePointer.deallocate()
        queues.deinitialize(count: 1)
        queues.deallocate()
    }

    var state: State { core.withLock { _ in statePointer.pointee } }

    /// Actions dispatched and not reduced yet (for tests of the backlog bound).
    var backlog: Int { core.withLock { _ in queues.pointee.backlog } }

    /// Reduces `action`, called by the store's action subscription inside the action's publish.
    /// On a bus that notes call sites, that publish's (the `dispatch` call) goes with the action,
    /// so the state it produces names the dispatch rather than this engine.
    func reduce(_ action: Action) {
        reduce(action, callSite: bus.taps.wantsCallSites ? FailureReporter.publishingCallSite : nil)
    }

    private func reduce(_ action: Action, callSite: CallSite?) {
        let thread = pthread_self()
        switch core.withLock({ $0.admit(on: thread, reducing: !hasMiddleware) }) {
        case .run:
            run(action, callSite: callSite, markedReducing: true)
            continueBatch()
        case .enqueue:
            enqueue(action, callSite: callSite, on: thread)
        case .reentrant:
            preconditionFailure(
                "Store<\(State.self), \(Action.self)>: dispatch(\(action)) was called from inside the reducer. "
                    + "A reducer must only compute the next state; dispatch follow-up actions from "
                    + "middleware or a subscriber instead.")
        }
    }

    // The paths that touch the queues are functions of their own: a local of a type built from
    // `Action` makes a function look up that type's metadata on entry, whichever branch runs
    // (a `Dispatched` built in `reduce` cost ~320 instructions per dispatch, callgrind).

    @inline(never)
    private func enqueue(_ action: Action, callSite: CallSite?, on thread: pthread_t) {
        let dispatched = Dispatched(action: action, callSite: callSite)
        let admission = core.withLock { core in
            // Idle again since the first look: run it here after all.
            if core.runner == nil { return StoreQueues<Dispatched>.Admission?.none }
            return queues.pointee.admit(dispatched, on: thread, core: &core)
        }
        switch admission {
        case nil:
            reduce(dispatched.action, callSite: dispatched.callSite)
        case .queued?:
            return
        case .wait(let turn)?:
            turn.wait()  // signalled by the runner of the batch before this one, with no lock held
            continueBatch()
        }
    }

    /// Reduces the rest of this thread's batch, then hands the store to the next batch's thread
    /// or leaves it idle.
    private func continueBatch() {
        let idle = core.withLock { core in
            guard core.queuedCount == 0 else { return false }
            core.finish()
            return true
        }
        if !idle { runQueued() }
    }

    @inline(never)
    private func runQueued() {
        while true {
            switch core.withLock({ queues.pointee.next(core: &$0) }) {
            case .run(let dispatched): run(dispatched.action, callSite: dispatched.callSite)
            case .handOff(let turn):
                turn.signal()
                return
            case .done: return
            }
        }
    }

    /// Middleware, reducer and state publish for one action, with no lock held.
    ///
    /// Without middleware, recording the reducing thread takes one lock round trip (none for the
    /// dispatch that found the store idle: its admission noted it), and storing the result
    /// another (issue 20: a dispatch took five). The state is read without the lock:
    /// only the batch's runner, which is this thread, ever writes it (in `publish`), so nothing
    /// can change it meanwhile; other threads' reads take the lock and so never overlap that
    /// write.
    ///
    /// Every `withLock` here returns `Void`: a closure returning `State` made `withLock`
    /// generic over a type the compiler cannot see, and so unspecialized, which cost a metadata
    /// lookup for `LockedValue<StoreCore>` and one for the closure's type on every dispatch
    /// (~700 instructions, callgrind).
    ///
    /// `markedReducing`: the admission already noted this thread as the reducing one.
    private func run(_ action: Action, callSite: CallSite?, markedReducing: Bool = false) {
        let thread = pthread_self()
        guard !hasMiddleware else { return runWithMiddleware(action, on: thread, callSite: callSite) }
        if !markedReducing { core.withLock { $0.reducingThread = thread } }
        var after = statePointer.pointee
        reducer(&after, action)
        publish(after, callSite: callSite)
    }

    /// Stores the reduced state and publishes it, named after the dispatch that sent the action.
    private func publish(_ after: State, callSite: CallSite?) {
        core.withLock {
            $0.reducingThread = nil
            statePointer.pointee = after
        }
        if let callSite {
            bus.publishState(
                after, fileID: callSite.staticFileID, line: callSite.line, function: callSite.staticFunction)
        } else {
            bus.publishState(after)
        }
    }

    /// Middleware, then the reducer and the publish (none when middleware dropped the action).
    /// Apart from `run` because of its `Action?` local (see above).
    @inline(never)
    private func runWithMiddleware(_ action: Action, on thread: pthread_t, callSite: CallSite?) {
        let before = statePointer.pointee  // only this runner writes it (see `run`)
        var accepted: Action? = action
        for step in middleware {
            guard let passed = accepted else { break }
            accepted = step(passed, before)
        }
        guard let accepted else { return }
        var after = before
        core.withLock { $0.reducingThread = thread }
        reducer(&after, accepted)
        publish(after, callSite: callSite)
    }
}
