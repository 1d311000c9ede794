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
/// `Action` is an ``EventBusEvent``: ``dispatch(_:)`` publishes the action on the bus, and the
/// store reduces every action of its type published there, by anyone. Taps and other
/// subscribers see actions like any event.
///
/// ## Ordering and threading
/// Actions are reduced one at a time, in the order they arrive, from any thread. The thread
/// that finds the store idle reduces its action, publishes the new state with
/// ``EventBus/publishState(_:)``, and then reduces whatever other threads (or its own
/// subscribers) dispatched meanwhile, before `dispatch` returns. A `dispatch` that finds the store
/// busy queues its action and returns at once. Every action publishes a state, even an unchanged
/// one; automatic skipping (see ``init(bus:initialState:middleware:automaticallySkipsRepeats:reducer:)``)
/// keeps subscribers from re-rendering it. No lock is held while the reducer, the middleware or
/// subscribers run.
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
    private let reducer: Reducer
    private let middleware: [Middleware]
    private let automaticallySkipsRepeats: Bool
    private let core: LockedValue<StoreCore<State, Action>>
    /// The store's subscription to its actions; set at the end of init (it captures the store
    /// weakly, which needs the store initialized), released with the store, which cancels it.
    private let actionSubscription: LockedValue<SubscriptionToken?> = LockedValue(nil)

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
    ///   - reducer: Folds each action into the state (see ``Reducer``).
    public init(
        bus: EventBus, initialState: State, middleware: [Middleware] = [],
        automaticallySkipsRepeats: Bool = true,
        reducer: @escaping Reducer
    ) {
        self.bus = bus
        self.reducer = reducer
        self.middleware = middleware
        self.automaticallySkipsRepeats = automaticallySkipsRepeats
        core = LockedValue(StoreCore(state: initialState))
        bus.publishState(initialState)
        let token = bus.subscribe(to: Action.self) { [weak self] action in self?.reduce(action) }
        actionSubscription.withLock { $0 = token }
    }

    /// The state after the last reduced action. Thread-safe.
    public var state: State { core.withLock { $0.state } }

    /// Publishes `action` on the bus; the store reduces it (see the type's discussion for when).
    public func dispatch(_ action: Action) {
        bus.publish(action)
    }

    /// A state subscription to this store's state, replaying the current state first; chain
    /// transforms and subscribe (see ``StateQuery``). Chosen when `State` is not `Equatable`.
    public var states: StateQuery<State, State> {
        bus.states(of: State.self, automaticallySkipsRepeats: automaticallySkipsRepeats)
    }

    private func reduce(_ action: Action) {
        switch core.withLock({ $0.admit(action, on: pthread_self()) }) {
        case .queued:
            return
        case .reentrant:
            preconditionFailure(
                "Store<\(State.self), \(Action.self)>: dispatch(\(action)) was called from inside the reducer. "
                    + "A reducer must only compute the next state; dispatch follow-up actions from "
                    + "middleware or a subscriber instead.")
        case .run:
            var next: Action? = action
            while let current = next {
                run(current)
                next = core.withLock { $0.nextQueued() }
            }
        }
    }

    /// Middleware, reducer and state publish for one action, with no lock held.
    private func run(_ action: Action) {
        let before = core.withLock { $0.state }
        var accepted: Action? = action
        for step in middleware {
            guard let passed = accepted else { break }
            accepted = step(passed, before)
        }
        guard let accepted else { return }
        var after = before
        core.withLock { $0.reducingThread = pthread_self() }
        reducer(&after, accepted)
        core.withLock {
            $0.reducingThread = nil
            $0.state = after
        }
        bus.publishState(after)
    }
}

extension Store where State: Equatable {
    /// A state subscription to this store's state, replaying the current state first. With
    /// automatic skipping on (the default), a state equal to the previous one is skipped.
    public var states: StateQuery<State, State> {
        bus.states(of: State.self, automaticallySkipsRepeats: automaticallySkipsRepeats)
    }
}
