#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A ReSwift-style store on the bus: a reducer folds actions into a state, and the state is
/// published as its type's current value, so state subscriptions replay it.
///
/// ```swift
/// let store = Store(bus: bus, initialState: CartState()) { (state, action: CartAction) in
///     switch action {
///     case .add(let item): state.items.append(item)
///     case .clear: state.items.removeAll()
///     }
/// }
/// store.dispatch(.add("tea"))
/// store.states.select(\.itemCount).subscribe(owner: self) { owner, count in owner.badge = count }
/// ```
/// <!-- sample-check: #expect(badge == 1) -->
///
/// ## Actions are events
/// `Action` is an ``EventBusEvent``: ``dispatch(_:fileID:line:function:)`` publishes the action on the bus, and the
/// store reduces every action of its type published there, by anyone. Taps and other
/// subscribers see actions like any event. When nothing else on the bus would hear the action
/// (no other subscription to its type, interceptor, matching protocol subscription, tap or
/// dead-event subscriber), `dispatch` hands it to the store without walking the bus's list: the
/// same publish as far as anyone can tell, nested and queued past ``EventBus/nestingLimit`` as
/// publishes are, and counted as received by the store's subscription.
///
/// Each state is published nested in its action's publish: taps see the action's publish as
/// its parent (``PublishRecord/parentSequenceNumber``) and the `dispatch` as its call site,
/// also for an action that waited in the queue (see below) and is reduced after its publish
/// returned, on this thread or another. The initial state names the line that created the store.
///
/// ## Ordering and threading
/// Actions are reduced one at a time, from any thread, in the order they are dispatched (a
/// follow-up dispatched by a subscriber or middleware while its thread reduces goes at the end
/// of that thread's batch, see below). Every action publishes a state, even an unchanged one;
/// automatic skipping (see ``init(bus:initialState:middleware:automaticallySkipsRepeats:fileID:line:function:reducer:)``)
/// keeps subscribers from re-rendering it. No lock is held while the reducer, the middleware or
/// subscribers run.
///
/// What one `dispatch` does depends on what it finds:
/// - **The store idle:** it reduces its action and publishes the state, then reduces what was
///   queued behind it meanwhile (its own subscribers' follow-ups, and at most 32 actions of
///   other threads), then returns.
/// - **The store busy, with room behind the running action:** it queues its action and returns
///   at once; the running thread reduces it before its own `dispatch` returns.
/// - **The store busy with 32 other threads' actions already queued** (producers outpacing the
///   reducer): it waits until the actions queued before it have been reduced, then reduces its
///   own and up to 32 more, as above. This is the only case where `dispatch` blocks, and it is
///   the store's back-pressure: the backlog stays below 33 actions per waiting thread.
///
/// So a `dispatch` returns after reducing at most its own action, its subscribers' follow-ups
/// and 32 actions of others, plus waiting for the backlog it found; never for what others keep
/// adding. Once every `dispatch` call has returned, every action has been reduced. Because a
/// dispatch may wait under load, a subscriber must not wait synchronously for another thread
/// that dispatches to the same store (for example `DispatchQueue.main.sync` from a subscriber
/// when the main thread dispatches in bulk).
///
/// > Warning: Dispatching from inside the reducer is a programming error and stops the program
/// > with a message naming the store. A reducer must only compute the next state; dispatch
/// > follow-up actions from middleware or a subscriber (they are queued and reduced next).
///
/// ## Lifetime
/// The store stops reducing when it is released. Its last state stays the bus's current value of
/// `State` until replaced or cleared. Use one store per state type per bus: two stores of one
/// `State` type would overwrite each other's current value.
public final class Store<State: EventBusEvent, Action: EventBusEvent>: Sendable {
    /// Folds one action into the state, in place. Runs one action at a time, on the thread that
    /// found the store idle: that thread also reduces the actions other threads dispatched
    /// meanwhile, so an action is not necessarily reduced on the thread that dispatched it.
    /// Must not dispatch.
    public typealias Reducer = @Sendable (_ state: inout State, _ action: Action) -> Void

    /// Sees each action before the reducer, with the state before it. Return the action to
    /// pass it on, another action to replace it, or `nil` to drop it. Middleware runs in the
    /// order given, each on the previous one's result, on the thread that runs the reducer.
    public typealias Middleware = @Sendable (_ action: Action, _ state: State) -> Action?

    /// The bus the store reads actions from and publishes its state on.
    public let bus: EventBus
    private let automaticallySkipsRepeats: Bool
    /// Reduces and publishes; the action subscription holds it strongly (no weak load per
    /// action), and the store holds the subscription's token, so releasing the store ends it.
    private let engine: StoreEngine<State, Action>
    private let actionSubscription: SubscriptionToken
    /// That subscription's entry, for the direct path of `dispatch` (the engine's
    /// ``DirectPath``: the store never reads the bus's lists itself).
    private let actionPath: DirectPath

    /// Creates a store with `initialState`, publishes it as the current value of `State`, and
    /// starts reducing every `Action` published on `bus`.
    ///
    /// - Parameters:
    ///   - bus: Where actions are read from and the state is published.
    ///   - initialState: The state before the first action; published at once.
    ///   - middleware: Runs before the reducer for each action, in this order (see ``Middleware``).
    ///   - automaticallySkipsRepeats: Whether `states` queries skip a value equal to the
    ///     previous one when their output is `Equatable` (see <doc:StateSubscriptions>). On by
    ///     default, as in ReSwift.
    ///   - fileID: With `line` and `function`, the call site of the initial state's publish, for
    ///     taps only (``PublishRecord/callSite``): leave them to their defaults, which name the
    ///     line that creates the store.
    ///   - line: The line of that call site (defaults to the caller's).
    ///   - function: The function of that call site (defaults to the caller's).
    ///   - reducer: Folds each action into the state (see ``Reducer``).
    public init(
        bus: EventBus, initialState: State, middleware: [Middleware] = [],
        automaticallySkipsRepeats: Bool = true,
        fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function,
        reducer: @escaping Reducer
    ) {
        self.bus = bus
        self.automaticallySkipsRepeats = automaticallySkipsRepeats
        let engine = StoreEngine(
            bus: bus, initialState: initialState, middleware: middleware, reducer: reducer)
        self.engine = engine
        bus.publishState(initialState, fileID: fileID, line: line, function: function)
        let entry = StoreActionSubscription(engine: engine)
        actionSubscription = bus.register(entry, cancelsOnDeinit: true)
        actionPath = bus.directPath(to: entry, for: Action.self)
    }

    /// The state after the last reduced action. Thread-safe.
    public var state: State { engine.state }

    /// Publishes `action` on the bus; the store reduces it (see the type's discussion for when).
    ///
    /// `fileID`, `line` and `function` are the call site, for taps only (see ``CallSite``):
    /// leave them to their defaults.
    public func dispatch(
        _ action: Action, fileID: StaticString = #fileID, line: UInt = #line,
        function: StaticString = #function
    ) {
        // Nothing but the store would hear the action: reduce it without walking the bus's list.
        // Observably the same publish.
        if bus.reachesOnly(actionPath) {
            engine.reduceAlone(action, entry: actionPath.entry)
        } else {
            bus.publish(action, fileID: fileID, line: line, function: function)
        }
    }

    /// A state subscription to this store's state, replaying the current state first; chain
    /// transforms and subscribe (see ``StateQuery``). Chosen when `State` is not `Equatable`.
    public var states: StateQuery<State, State> {
        bus.states(for: State.self, automaticallySkipsRepeats: automaticallySkipsRepeats)
    }

    /// Actions dispatched and not reduced yet (for tests of the backlog bound).
    var backlog: Int { engine.backlog }
}

extension Store where State: Equatable {
    /// A state subscription to this store's state, replaying the current state first. With
    /// automatic skipping on (the default), a state equal to the previous one is skipped.
    public var states: StateQuery<State, State> {
        bus.states(for: State.self, automaticallySkipsRepeats: automaticallySkipsRepeats)
    }
}
