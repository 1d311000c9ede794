public import Observation

/// A state query's current value as an `@Observable` object, for SwiftUI views and other
/// main-actor code that reads state through Observation.
///
/// ```swift
/// @MainActor final class CartViewModel {
///     let itemCount: ObservedState<Int>
///     init(store: Store<CartState, CartAction>) {
///         itemCount = ObservedState(store.states.select(\.itemCount), initialValue: 0)
///     }
/// }
/// ```
///
/// ## Ordering
/// ``value`` takes the values that pass the query's chain, in publish order: a value the chain
/// skips (a repeat, a filtered one) changes nothing and notifies no observer; every value that
/// passes is one change. If the query has a current value that passes the chain (a store's
/// state always is one), `init` takes it before it returns, so the first frame already shows
/// it; ``value`` is `initialValue` only until a value passes.
///
/// ## Threading
/// Lives on the main actor. Values published on other threads run through the chain there and
/// are applied on the main actor, queued with the bus's other main-actor subscriptions (see
/// <doc:MainActorDelivery>), so they appear when the main actor next runs.
///
/// ## Lifetime and cancellation
/// The object owns its subscription and ends it when it is released: values queued for it and
/// not applied yet are dropped. The bus does not keep it alive (no retain cycle with whatever
/// holds it).
@MainActor
@Observable
public final class ObservedState<Value: Sendable> {
    /// The last value that passed the query's chain, or `initialValue` until one has.
    public private(set) var value: Value

    @ObservationIgnored private var subscription: SubscriptionToken?

    /// Subscribes to `query` and takes its current value, if it has one that passes the chain.
    ///
    /// - Parameters:
    ///   - query: The state, with its chain (`select`, `skipRepeats`, `filter`…).
    ///   - initialValue: ``value`` until a value has passed the chain.
    public init<State>(_ query: StateQuery<State, Value>, initialValue: Value) {
        value = initialValue
        let relay = ObservedStateRelay<Value>()
        let member = LaneSubscription(owner: self, lane: query.bus.lanes.mainActor, priority: 0) {
            (observed: ObservedState<Value>, selection: StateSelection<Value>) in
            // The main-actor lane's drain job runs on the main actor.
            MainActor.assumeIsolated { observed.value = selection.value }
        }
        member.joinLane()
        subscription = query.register(member) { value in
            if relay.takeDuringInit(value.pointee) { return .passed(.delivered) }
            return .passed(member.deliver(StateSelection(value: value.pointee)))
        }
        if let replayed = relay.endInit() { value = replayed }
    }

    deinit {
        subscription?.cancel()
    }
}

/// Where values that pass the chain while an ``ObservedState`` is being created wait for `init`
/// to apply them synchronously; after that, values go to the main-actor lane.
final class ObservedStateRelay<Value: Sendable>: Sendable {
    private let state = LockedValue<(initializing: Bool, value: Value?)>((true, nil))

    /// Keeps `value` for `init` and returns true while it runs; false afterwards.
    func takeDuringInit(_ value: Value) -> Bool {
        state.withLock { state in
            guard state.initializing else { return false }
            state.value = value
            return true
        }
    }

    /// Ends the synchronous phase and returns the newest value it kept.
    func endInit() -> Value? {
        state.withLock { state in
            state.initializing = false
            defer { state.value = nil }
            return state.value
        }
    }
}
