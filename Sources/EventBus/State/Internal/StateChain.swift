/// What a state subscription's chain did with one value: handed it to the sink (with the
/// sink's outcome), or held it back at a step (whose name observe-all taps report).
///
/// Not generic, and the chain is written in continuation-passing style (each step calls the
/// next), so running it builds no generic type: a `StateStep<Output>` enum or an `Output?`
/// made in unspecialized generic code costs a runtime metadata lookup per use.
enum StageResult {
    case passed(DeliveryOutcome)
    case skipped(reason: StaticString)
}

/// One step of a chain, and everything after it: takes a value, returns what happened.
///
/// The value comes by pointer, valid for the call only (no step keeps it): the chain runs in
/// unspecialized generic code, where a value handed on as itself is copied into a stack
/// temporary of a size read from its metadata and destroyed after, at every step. By pointer, a
/// key-path `select` of a stored property hands on the field's address, a skip step compares in
/// place, and the handler gets the value borrowed (issue 20, callgrind).
typealias StateStage<Input> = @Sendable (UnsafePointer<Input>) -> StageResult

/// The value that last reached one skip step of one subscription.
///
/// Every subscription builds its own chain, so previous values are never shared. Kept behind
/// pointers rather than in an `Optional` stored property, for the reason given on
/// ``StageResult``, and to avoid a dynamic exclusivity check per access.
final class PreviousValue<Value>: @unchecked Sendable {
    // safe: only the owning subscription's chain touches the pointees, and that subscription's
    // gate (StateGate) never lets its chain run on two threads at once.
    private let value = UnsafeMutablePointer<Value>.allocate(capacity: 1)
    private let isSet = UnsafeMutablePointer<Bool>.allocate(capacity: 1)

    init() {
        isSet.initialize(to: false)
    }

    deinit {
        if isSet.pointee { value.deinitialize(count: 1) }
        value.deallocate()
        isSet.deallocate()
    }

    /// Stores `newValue` as the previous value and returns whether `isSkipped(old, newValue)`
    /// holds. Without an old value (the first value), returns false: the first value passes.
    func replace(with newValue: UnsafePointer<Value>, isSkipped: (Value, Value) -> Bool) -> Bool {
        guard isSet.pointee else {
            value.initialize(to: newValue.pointee)
            isSet.pointee = true
            return false
        }
        let skipped = isSkipped(value.pointee, newValue.pointee)
        value.pointee = newValue.pointee
        return skipped
    }

    /// For an `==` step: returns whether `newValue` equals the previous value, and stores it as
    /// the previous value only if it does not. Equal values are interchangeable, so keeping the
    /// old one changes no later comparison, and a skipped value is not copied (issue 20: the
    /// copy was most of what a skipped `String` selection cost over a delivered `Int` one).
    func replaceUnlessEqual(with newValue: UnsafePointer<Value>, equal: (Value, Value) -> Bool) -> Bool {
        guard isSet.pointee else {
            value.initialize(to: newValue.pointee)
            isSet.pointee = true
            return false
        }
        if equal(value.pointee, newValue.pointee) { return true }
        value.pointee = newValue.pointee
        return false
    }
}
