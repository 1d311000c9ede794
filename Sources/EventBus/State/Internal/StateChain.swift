/// What a state subscription's chain did with one value: handed it to the sink (with the
/// sink's outcome), or held it back at a step (whose name observe-all taps report).
///
/// Not generic, and the chain is written in continuation-passing style (each step calls the
/// next), so running it builds no generic type: a `StateStep<Output>` enum or an `Output?`
/// made in unspecialized generic code costs a runtime metadata lookup per use.
@usableFromInline
enum StageResult {
    case passed(DeliveryOutcome)
    case skipped(SkipReason)
}

// unsafe invariant 10: each step's value is lent for its call only; no step keeps the pointer.
/// One step of a chain, and everything after it: takes a value, returns what happened.
///
/// The value comes by pointer, valid for the call only (no step keeps it): a value handed on as
/// itself is copied at every step (in unspecialized generic code, into a stack temporary of a size
/// read from its metadata). By pointer, a key-path `select` of a stored property hands on the
/// field's address, a skip step compares in place, and the handler gets the value borrowed.
@usableFromInline
typealias StateStage<Input> = @Sendable (UnsafePointer<Input>) -> StageResult

/// Builds one subscription's instance of a step that keeps the value's type (a filter, a skip
/// step), given the step after it.
///
/// The query's chain-building methods are `@inlinable`, so these closures are compiled in the
/// client, for its types: the `==` of an automatic skip step on an `Int` is one compare there,
/// where the library's unspecialized code goes through the `Equatable` witness and value
/// witnesses on every delivery.
@usableFromInline
typealias StepBuilder<Value> = @Sendable (@escaping StateStage<Value>) -> StateStage<Value>

/// Step builders, for the query's `@inlinable` methods.
@usableFromInline
enum StateSteps {
    /// A skip-repeats step that compares by `==` (see ``PreviousValue/replaceUnlessEqual(with:)``).
    @inlinable
    static func skippingEqual<Value: Equatable & Sendable>(_ reason: SkipReason) -> StepBuilder<Value> {
        { next in
            let previous = PreviousValue<Value>()
            return { value in previous.replaceUnlessEqual(with: value) ? .skipped(reason) : next(value) }
        }
    }

    /// The automatic skip-repeats step for a type not known to be `Equatable` here: compares
    /// through the conformance found at run time, or nil when there is none.
    @inlinable
    static func skippingEqualAtRunTime<Value>(_ type: Value.Type) -> StepBuilder<Value>? {
        guard let equal = runtimeEquality(of: type) else { return nil }
        return { next in
            let previous = PreviousValue<Value>()
            return { value in
                previous.replaceUnlessEqual(with: value, equal: equal)
                    ? .skipped(.automaticSkipRepeats) : next(value)
            }
        }
    }

    /// A step that compares each value with the previous one that reached it.
    @inlinable
    static func skipping<Value>(
        _ reason: SkipReason, when isSkipped: @escaping @Sendable (Value, Value) -> Bool
    ) -> StepBuilder<Value> {
        { next in
            let previous = PreviousValue<Value>()
            return { value in
                previous.replace(with: value, isSkipped: isSkipped) ? .skipped(reason) : next(value)
            }
        }
    }

    // The `select` steps: the only places a chain makes a value or an address of its own to lend.

    /// A `select` step, given the step after it: lends `next` the result of `transform`, which
    /// lives on this step's stack until `next` returns.
    @inlinable
    static func selecting<Input, Selected>(
        _ transform: @escaping @Sendable (Input) -> Selected, then next: @escaping StateStage<Selected>
    ) -> StateStage<Input> {
        { value in withUnsafePointer(to: transform(value.pointee)) { next($0) } }
    }

    /// ``selecting(_:then:)`` fused with the automatic skip-repeats step after it, one closure
    /// call fewer per value: a selection equal to the previous one is skipped.
    @inlinable
    static func selectingSkippingRepeats<Input, Selected: Equatable & Sendable>(
        _ transform: @escaping @Sendable (Input) -> Selected, then next: @escaping StateStage<Selected>
    ) -> StateStage<Input> {
        let previous = PreviousValue<Selected>()
        return { value in
            withUnsafePointer(to: transform(value.pointee)) { selected in
                previous.replaceUnlessEqual(with: selected) ? .skipped(.automaticSkipRepeats) : next(selected)
            }
        }
    }

    /// A key-path `select` of a stored property, given the step after it: lends `next` the
    /// field's address inside the value, so nothing is copied. `offset` must be the stored
    /// property's offset in `Input` (`MemoryLayout.offset(of:)`, nil for any other key path).
    @inlinable
    static func selectingField<Input, Selected>(at offset: Int, then next: @escaping StateStage<Selected>)
        -> StateStage<Input>
    {
        { value in next(field(at: offset, in: value)) }
    }

    // unsafe invariant 7: `offset` is a stored property's offset in `Input`, so the field is typed `Selected`.
    /// ``selectingField(at:then:)`` fused with the automatic skip-repeats step after it.
    @inlinable
    static func selectingFieldSkippingRepeats<Input, Selected: Equatable & Sendable>(
        at offset: Int, then next: @escaping StateStage<Selected>
    ) -> StateStage<Input> {
        let previous = PreviousValue<Selected>()
        return { value in
            let selected: UnsafePointer<Selected> = field(at: offset, in: value)
            return previous.replaceUnlessEqual(with: selected)
                ? .skipped(.automaticSkipRepeats) : next(selected)
        }
    }

    /// The field `offset` bytes into the value at `value`.
    @inlinable
    static func field<Input, Selected>(at offset: Int, in value: UnsafePointer<Input>) -> UnsafePointer<
        Selected
    > {
        // safe: `offset` is a stored property's offset in `Input` (see `selectingField`), so the
        // field is initialized memory of type `Selected` for as long as `value` is, which is the
        // step's call.
        UnsafeRawPointer(value).advanced(by: offset).assumingMemoryBound(to: Selected.self)
    }
}

// unsafe invariant 6: the gate runs one chain at a time, so one thread at a time touches the pointees.
/// The value that last reached one skip step of one subscription.
///
/// Every subscription builds its own chain, so previous values are never shared. Kept behind
/// pointers rather than in an `Optional` stored property, to avoid a dynamic exclusivity check
/// per access (and, in unspecialized code, a metadata lookup for the `Optional`).
@usableFromInline
final class PreviousValue<Value>: @unchecked Sendable {
    // safe: only the owning subscription's chain touches the pointees, and that subscription's
    // gate (StateGate) never lets its chain run on two threads at once.
    @usableFromInline let value = UnsafeMutablePointer<Value>.allocate(capacity: 1)
    @usableFromInline let isSet = UnsafeMutablePointer<Bool>.allocate(capacity: 1)

    @inlinable
    init() {
        isSet.initialize(to: false)
    }

    @inlinable
    deinit {
        if isSet.pointee { value.deinitialize(count: 1) }
        value.deallocate()
        isSet.deallocate()
    }

    // unsafe invariant 10: the new value is lent for the call; it is copied, never kept.
    /// Stores `newValue` as the previous value and returns whether `isSkipped(old, newValue)`
    /// holds. Without an old value (the first value), returns false: the first value passes.
    @inlinable
    func replace(with newValue: UnsafePointer<Value>, isSkipped: (Value, Value) -> Bool) -> Bool {
        guard isSet.pointee else { return setFirst(newValue) }
        let skipped = isSkipped(value.pointee, newValue.pointee)
        value.pointee = newValue.pointee
        return skipped
    }

    /// For an `==` step: returns whether `newValue` equals the previous value, and stores it as the
    /// previous value only if it does not. Equal values are interchangeable, so keeping the old one
    /// changes no later comparison, and a skipped value is not copied (the copy was most of what a
    /// skipped `String` selection cost over a delivered `Int` one).
    @inlinable
    func replaceUnlessEqual(with newValue: UnsafePointer<Value>, equal: (Value, Value) -> Bool) -> Bool {
        guard isSet.pointee else { return setFirst(newValue) }
        if equal(value.pointee, newValue.pointee) { return true }
        value.pointee = newValue.pointee
        return false
    }

    /// The first value: stored, and never skipped.
    @inlinable
    func setFirst(_ newValue: UnsafePointer<Value>) -> Bool {
        value.initialize(to: newValue.pointee)
        isSet.pointee = true
        return false
    }
}

extension PreviousValue where Value: Equatable {
    /// ``replaceUnlessEqual(with:equal:)`` with the type's own `==`, compiled for the type.
    @inlinable
    func replaceUnlessEqual(with newValue: UnsafePointer<Value>) -> Bool {
        guard isSet.pointee else { return setFirst(newValue) }
        if value.pointee == newValue.pointee { return true }
        value.pointee = newValue.pointee
        return false
    }
}

// unsafe invariant 8: `object` is written once, in `init`, before the box is shared.
/// A state subscription's owner, held weakly, shared by the entry (for the owner questions of
/// pruning and introspection) and by its chain's last step (to call the handler).
///
/// Typed, so the step compiled in the client loads an `Owner` with no cast.
@usableFromInline
final class WeakOwner<Owner: AnyObject>: @unchecked Sendable {
    // safe: written only in init, and weak loads are atomic in the runtime. What the holder does
    // with the loaded owner is the handler's business, as for plain owner-bound subscriptions.
    // `var` only because `weak let` is newer than the toolchain floor (decision record 0107);
    // `@exclusivity(unchecked)` because no write follows init, so no access can overlap one, and
    // a `var`'s dynamic check would otherwise run on every delivery.
    @exclusivity(unchecked) @usableFromInline weak var object: Owner?

    @inlinable
    init(_ object: Owner) { self.object = object }
}
