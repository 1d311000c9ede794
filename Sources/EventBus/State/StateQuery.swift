/// A state subscription being described: which published type, which transforms in which
/// order, and what the handler will receive (`Output`).
///
/// Build one with ``EventBus/states(for:replaysCurrentValue:automaticallySkipsRepeats:)-18jlm``
/// (or a store's `states`), chain transforms, then call one of the `subscribe`
/// methods or ``stream(buffering:)``. A query is a value: chaining returns a new query,
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
/// effects. The methods that build the chain are `@inlinable`: each step is compiled in your
/// code, for your types.
///
/// ## Lifetime
/// A subscription's owner is looked at only for a value that passed the whole chain, so a
/// skipped value costs no weak load. The transforms of a subscription whose owner is gone may
/// therefore still run for the values offered to it until one passes them: that one finds the
/// owner gone, the handler does not run, and the entry is removed. Every 64th skipped value
/// looks at the owner too, so a chain that skips everything is removed within 64 values; the
/// sweep that subscribes make removes it too, as it removes plain entries.
public struct StateQuery<State: EventBusEvent, Output: Sendable>: Sendable {
    /// Given what happens after the chain (the delivery), builds one subscription's instance
    /// of the chain (with fresh previous values), ending in that delivery.
    @usableFromInline
    typealias ChainBuilder<Selected> = @Sendable (@escaping StateStage<Selected>) -> StateStage<State>

    @usableFromInline let bus: EventBus
    @usableFromInline let replaysCurrentValue: Bool
    @usableFromInline let automaticallySkipsRepeats: Bool
    @usableFromInline let makeChain: ChainBuilder<Output>
    /// Builds the automatic skip-repeats step for `Output`, compiled where `Output` is known
    /// (see ``StepBuilder``); nil when `Output` is not `Equatable` or the chain already skips
    /// repeats of it.
    @usableFromInline let makeAutomaticSkip: StepBuilder<Output>?
    /// The chain with the automatic skip-repeats step fused into its last step, for a query whose
    /// last step is an `Equatable` `select` (the common shape, `select(\.count)`): one closure call
    /// fewer per value. Nil for other shapes, which compose `makeChain` and `makeAutomaticSkip`.
    @usableFromInline let makeChainSkippingRepeats: ChainBuilder<Output>?

    @inlinable
    init(
        bus: EventBus, replaysCurrentValue: Bool, automaticallySkipsRepeats: Bool,
        makeAutomaticSkip: StepBuilder<Output>?
    ) where Output == State {
        self.init(
            bus: bus, replaysCurrentValue: replaysCurrentValue,
            automaticallySkipsRepeats: automaticallySkipsRepeats,
            makeChain: { delivery in delivery }, makeAutomaticSkip: makeAutomaticSkip,
            makeChainSkippingRepeats: nil)
    }

    @inlinable
    init(
        bus: EventBus, replaysCurrentValue: Bool, automaticallySkipsRepeats: Bool,
        makeChain: @escaping ChainBuilder<Output>, makeAutomaticSkip: StepBuilder<Output>?,
        makeChainSkippingRepeats: ChainBuilder<Output>?
    ) {
        self.bus = bus
        self.replaysCurrentValue = replaysCurrentValue
        self.automaticallySkipsRepeats = automaticallySkipsRepeats
        self.makeChain = makeChain
        self.makeAutomaticSkip = makeAutomaticSkip
        self.makeChainSkippingRepeats = makeChainSkippingRepeats
    }

    /// A subscription's chain ending in `delivery`, with the automatic skip-repeats step last
    /// when it applies. Only composes steps built beforehand, so it needs no specializing.
    @usableFromInline
    func buildChain(endingIn delivery: @escaping StateStage<Output>) -> StateStage<State> {
        guard automaticallySkipsRepeats, let makeAutomaticSkip else { return makeChain(delivery) }
        if let makeChainSkippingRepeats { return makeChainSkippingRepeats(delivery) }
        return makeChain(makeAutomaticSkip(delivery))
    }

    /// The same query with a different chain, keeping the settings.
    @inlinable
    func with<Selected>(
        _ makeChain: @escaping ChainBuilder<Selected>, makeAutomaticSkip: StepBuilder<Selected>?
    ) -> StateQuery<State, Selected> {
        StateQuery<State, Selected>(
            bus: bus, replaysCurrentValue: replaysCurrentValue,
            automaticallySkipsRepeats: automaticallySkipsRepeats,
            makeChain: makeChain, makeAutomaticSkip: makeAutomaticSkip, makeChainSkippingRepeats: nil)
    }

    /// The same query, with `makeChain` as its chain fused with the automatic skip step (see
    /// ``makeChainSkippingRepeats``); it must do what composing the two does.
    @inlinable
    func fusingAutomaticSkip(_ makeChain: @escaping ChainBuilder<Output>) -> StateQuery<State, Output> {
        StateQuery(
            bus: bus, replaysCurrentValue: replaysCurrentValue,
            automaticallySkipsRepeats: automaticallySkipsRepeats, makeChain: self.makeChain,
            makeAutomaticSkip: makeAutomaticSkip, makeChainSkippingRepeats: makeChain)
    }

    /// Appends `step`, which keeps the output type; `skipsRepeats` when it is the chain's
    /// skip-repeats step (then no automatic one is added).
    @inlinable
    func adding(_ step: @escaping StepBuilder<Output>, skipsRepeats: Bool = false) -> StateQuery<
        State, Output
    > {
        let upstream = makeChain
        return with(
            { next in upstream(step(next)) }, makeAutomaticSkip: skipsRepeats ? nil : makeAutomaticSkip)
    }
}
