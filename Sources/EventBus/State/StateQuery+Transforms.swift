// The transforms are `@inlinable`: each step's closure is compiled in the caller, for its types
// (see `StepBuilder`).

// MARK: - Selecting

extension StateQuery {
    /// Hands the handler `transform(value)` instead of the value: a field, a tuple, or a small
    /// struct built from the state. The handler's parameter type follows, checked by the compiler.
    ///
    /// Runs for every value that reaches this step, on the thread that offers it (see
    /// ``StateQuery``). With automatic skipping on, a result that is `Equatable` (checked at
    /// run time, so this holds in generic code that only knows `Selected: Sendable`) equal to
    /// the previous one is skipped; a non-`Equatable` result never is: add
    /// ``skipRepeats(by:)`` to compare it yourself.
    @inlinable
    public func select<Selected: Sendable>(
        _ transform: @escaping @Sendable (Output) -> Selected
    ) -> StateQuery<State, Selected> {
        selecting(transform, makeAutomaticSkip: StateSteps.skippingEqualAtRunTime(Selected.self))
    }

    /// Hands the handler `transform(value)`; with automatic skipping on, a selection equal to
    /// the previous one is skipped (see ``EventBus/states(for:replaysCurrentValue:automaticallySkipsRepeats:)-18jlm``).
    @inlinable
    public func select<Selected: Sendable & Equatable>(
        _ transform: @escaping @Sendable (Output) -> Selected
    ) -> StateQuery<State, Selected> {
        let upstream = makeChain
        return selecting(transform, makeAutomaticSkip: StateSteps.skippingEqual(.automaticSkipRepeats))
            .fusingAutomaticSkip { next in
                upstream(StateSteps.selectingSkippingRepeats(transform, then: next))
            }
    }

    /// Hands the handler the value at `keyPath`, for example `select(\.itemCount)`. Automatic
    /// skipping applies when the value is `Equatable` at run time, as for the closure `select`.
    @inlinable
    public func select<Selected: Sendable>(
        _ keyPath: any KeyPath<Output, Selected> & Sendable
    ) -> StateQuery<State, Selected> {
        selecting(keyPath, makeAutomaticSkip: StateSteps.skippingEqualAtRunTime(Selected.self))
    }

    /// Hands the handler the value at `keyPath`; with automatic skipping on, a value equal to
    /// the previous one is skipped.
    @inlinable
    public func select<Selected: Sendable & Equatable>(
        _ keyPath: any KeyPath<Output, Selected> & Sendable
    ) -> StateQuery<State, Selected> {
        let query = selecting(keyPath, makeAutomaticSkip: StateSteps.skippingEqual(.automaticSkipRepeats))
        guard let offset = MemoryLayout<Output>.offset(of: keyPath) else { return query }
        let upstream = makeChain
        return query.fusingAutomaticSkip { next in
            upstream(StateSteps.selectingFieldSkippingRepeats(at: offset, then: next))
        }
    }

    /// Hands on the address of a stored property, at its offset; other key paths are applied
    /// as key paths.
    ///
    /// Applying a key path in generic code goes through the runtime's generic projection, which
    /// looks up type metadata on every call; a stored property of a struct is at a fixed offset, so
    /// the next step gets a pointer into the value and nothing is copied.
    @inlinable
    func selecting<Selected>(
        _ keyPath: any KeyPath<Output, Selected> & Sendable, makeAutomaticSkip: StepBuilder<Selected>?
    ) -> StateQuery<State, Selected> {
        guard let offset = MemoryLayout<Output>.offset(of: keyPath) else {
            return selecting({ $0[keyPath: keyPath] }, makeAutomaticSkip: makeAutomaticSkip)
        }
        let upstream = makeChain
        return with(
            { next in upstream(StateSteps.selectingField(at: offset, then: next)) },
            makeAutomaticSkip: makeAutomaticSkip)
    }

    @inlinable
    func selecting<Selected>(
        _ transform: @escaping @Sendable (Output) -> Selected, makeAutomaticSkip: StepBuilder<Selected>?
    ) -> StateQuery<State, Selected> {
        let upstream = makeChain
        return with(
            { next in upstream(StateSteps.selecting(transform, then: next)) },
            makeAutomaticSkip: makeAutomaticSkip)
    }
}

// MARK: - Skipping

extension StateQuery {
    /// Lets through only values for which `isIncluded` returns true. Unlike the skip steps it
    /// looks at the value alone, so it applies to the first value too.
    @inlinable
    public func filter(_ isIncluded: @escaping @Sendable (Output) -> Bool) -> StateQuery<State, Output> {
        adding { next in { value in isIncluded(value.pointee) ? next(value) : .skipped(.filter) } }
    }

    /// Skips a value when `isSkipped(previous, value)` is true, `previous` being the value that
    /// reached this step before it. The first value has no previous one and always passes.
    @inlinable
    public func skip(when isSkipped: @escaping @Sendable (Output, Output) -> Bool) -> StateQuery<
        State, Output
    > {
        adding(StateSteps.skipping(.skipWhen, when: isSkipped))
    }

    /// Lets a value through only when `isIncluded(previous, value)` is true; the opposite of
    /// ``skip(when:)``. The first value has no previous one and always passes.
    @inlinable
    public func only(when isIncluded: @escaping @Sendable (Output, Output) -> Bool) -> StateQuery<
        State, Output
    > {
        adding(StateSteps.skipping(.onlyWhen) { !isIncluded($0, $1) })
    }

    /// Skips a value that `isRepeat` says repeats the previous one. Counts as the chain's
    /// skip-repeats step: no automatic one is added.
    @inlinable
    public func skipRepeats(by isRepeat: @escaping @Sendable (Output, Output) -> Bool) -> StateQuery<
        State, Output
    > {
        adding(StateSteps.skipping(.skipRepeatsBy, when: isRepeat), skipsRepeats: true)
    }
}

extension StateQuery where Output: Equatable {
    /// Skips a value equal to the previous one that reached this step.
    @inlinable
    public func skipRepeats() -> StateQuery<State, Output> {
        adding(StateSteps.skippingEqual(.skipRepeats), skipsRepeats: true)
    }
}
