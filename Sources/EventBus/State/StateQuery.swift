/// A state subscription being described: which published type, which transforms in which
/// order, and what the handler will receive (`Output`).
///
/// Build one with ``EventBus/states(of:replaysCurrentValue:automaticallySkipsRepeats:)-4fuzr``
/// (or a store's `states`), chain transforms, then call one of the `subscribe`
/// methods or ``stream(bufferingPolicy:)``. A query is a value: chaining returns a new query,
/// and nothing is registered until you subscribe.
///
/// ```swift
/// store.states
///     .select(\.itemCount)           // StateQuery<CartState, Int>
///     .skipRepeats()
///     .subscribe(owner: self) { owner, count in owner.badge = count }
/// ```
///
/// ## Order of the chain
/// Steps run in the order written, like ReSwift's. `select(\.count).skipRepeats()` skips a
/// value whose count equals the previous count; `skipRepeats().select(\.count)` only skips
/// values equal as a whole. A skip step compares a value with the previous value that reached
/// *that step*, whether or not that one was let through; each subscription keeps its own
/// previous values. The first value a subscription sees (usually the replayed one) has no
/// previous value, so every skip step lets it through; ``filter(_:)`` still applies to it.
///
/// ## Threading
/// The transforms run where the value is offered, one value at a time per subscription: on the
/// publisher's thread (or the subscriber's, for the replay), even for executor and main-actor
/// subscriptions, whose handler alone runs on the executor. Keep them cheap and free of side
/// effects.
///
/// ## Lifetime
/// A subscription's owner is looked at only for a value that passed the whole chain, so a
/// skipped value costs no weak load. The transforms of a subscription whose owner is gone may
/// therefore still run for the values offered to it until one passes them: that one finds the
/// owner gone, the handler does not run, and the entry is removed (the sweep that subscribes
/// make removes it too, as it removes plain entries).
public struct StateQuery<State: EventBusEvent, Output: Sendable>: Sendable {
    /// Given what happens after the chain (the delivery), builds one subscription's instance
    /// of the chain (with fresh previous values), ending in that delivery.
    typealias ChainBuilder<Selected> = @Sendable (@escaping StateStage<Selected>) -> StateStage<State>

    let bus: EventBus
    let replaysCurrentValue: Bool
    let automaticallySkipsRepeats: Bool
    let makeChain: ChainBuilder<Output>
    /// How the automatic skip compares outputs; nil when `Output` is not `Equatable`.
    let equality: (@Sendable (Output, Output) -> Bool)?
    /// Whether the chain already skips repeats of its output (then no automatic step is added).
    let hasSkipRepeats: Bool

    init(
        bus: EventBus, replaysCurrentValue: Bool, automaticallySkipsRepeats: Bool,
        equality: (@Sendable (Output, Output) -> Bool)?
    ) where Output == State {
        self.init(
            bus: bus, replaysCurrentValue: replaysCurrentValue,
            automaticallySkipsRepeats: automaticallySkipsRepeats,
            makeChain: { delivery in delivery }, equality: equality, hasSkipRepeats: false)
    }

    init(
        bus: EventBus, replaysCurrentValue: Bool, automaticallySkipsRepeats: Bool,
        makeChain: @escaping ChainBuilder<Output>, equality: (@Sendable (Output, Output) -> Bool)?,
        hasSkipRepeats: Bool
    ) {
        self.bus = bus
        self.replaysCurrentValue = replaysCurrentValue
        self.automaticallySkipsRepeats = automaticallySkipsRepeats
        self.makeChain = makeChain
        self.equality = equality
        self.hasSkipRepeats = hasSkipRepeats
    }

    /// A subscription's chain ending in `delivery`, with the automatic skip-repeats step last
    /// when it applies.
    func buildChain(endingIn delivery: @escaping StateStage<Output>) -> StateStage<State> {
        guard automaticallySkipsRepeats, !hasSkipRepeats, let equality else { return makeChain(delivery) }
        return adding(equalityStep: "automatic skipRepeats", equal: equality).makeChain(delivery)
    }

    /// The same query with a different chain, keeping the settings.
    func with<Selected>(
        _ makeChain: @escaping ChainBuilder<Selected>,
        equality: (@Sendable (Selected, Selected) -> Bool)?, hasSkipRepeats: Bool
    ) -> StateQuery<State, Selected> {
        StateQuery<State, Selected>(
            bus: bus, replaysCurrentValue: replaysCurrentValue,
            automaticallySkipsRepeats: automaticallySkipsRepeats,
            makeChain: makeChain, equality: equality, hasSkipRepeats: hasSkipRepeats)
    }

    /// Appends a skip-repeats step that compares by `==` (see ``PreviousValue/replaceUnlessEqual(with:equal:)``).
    func adding(
        equalityStep reason: StaticString, equal: @escaping @Sendable (Output, Output) -> Bool
    ) -> StateQuery<State, Output> {
        let upstream = makeChain
        return with(
            { next in
                let previous = PreviousValue<Output>()
                return upstream { value in
                    previous.replaceUnlessEqual(with: value, equal: equal)
                        ? .skipped(reason: reason) : next(value)
                }
            }, equality: equality, hasSkipRepeats: true)
    }

    /// Appends a step that compares each value with the previous one that reached it.
    func adding(
        skipStep reason: StaticString, skipsRepeats: Bool = false,
        isSkipped: @escaping @Sendable (Output, Output) -> Bool
    ) -> StateQuery<State, Output> {
        let upstream = makeChain
        return with(
            { next in
                let previous = PreviousValue<Output>()
                return upstream { value in
                    previous.replace(with: value, isSkipped: isSkipped)
                        ? .skipped(reason: reason) : next(value)
                }
            }, equality: equality, hasSkipRepeats: hasSkipRepeats || skipsRepeats)
    }
}
