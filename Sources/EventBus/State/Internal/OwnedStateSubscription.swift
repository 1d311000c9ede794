/// A state subscription that runs its handler synchronously for a weakly held owner: the kind
/// `subscribe(owner:handler:)` makes, and the one stores' subscribers use most.
///
/// The owner is loaded by the chain's last step, only for a value that passed every step, and
/// held strongly until the handler has returned: a value the chain skips costs no weak load
/// (issue 20, callgrind: the load and its release, ~180 instructions, were most of what a
/// skipped state cost). So the steps of a subscription whose owner is gone may still run
/// (they are documented to be cheap and free of side effects); its handler never does, and the
/// first value that passes finds the owner gone and has the entry pruned, as does the
/// subscribe-time sweep.
final class OwnedStateSubscription<Owner: AnyObject, Event>: StateEntry<Event>, @unchecked Sendable {
    // safe: `owner` and `chain` are immutable (the reference's weak loads are atomic in the
    // runtime); the chain's previous values are guarded by the gate (StateGate).
    private let owner: WeakReference
    private let chain: StateStage<Event>

    /// `makeChain` builds this subscription's chain, ending in the step it is given: that step
    /// loads the owner and calls the handler.
    init<Output>(
        owner: Owner, handler: @escaping @Sendable (Owner, Output) -> Void,
        makeChain: (@escaping StateStage<Output>) -> StateStage<Event>
    ) {
        let reference = WeakReference(owner)
        self.owner = reference
        chain = makeChain { value in
            // The strong reference keeps the owner alive while its handler runs, even if the
            // last other reference is released on another thread meanwhile.
            guard let object = reference.object else { return .passed(.ownerGone) }
            // Handed on unretained: in this unspecialized code the cast to `Owner` retained the
            // owner once more, on the runtime's slow path for an object with weak references
            // (~100 instructions a delivery, callgrind). `object` holds it until the handler
            // has returned.
            defer { _fixLifetime(object) }
            Unmanaged.passUnretained(object)._withUnsafeGuaranteedRef {
                handler(unsafeDowncast($0, to: Owner.self), value.pointee)
            }
            return .passed(.delivered)
        }
        super.init(eventKey: ObjectIdentifier(Event.self))
    }

    override var isOwnerGone: Bool { owner.object == nil }
    override var subscriberName: String { String(describing: Owner.self) }
    override func isOwned(by candidate: AnyObject) -> Bool { owner.object === candidate }

    override func isOwnerGone(holding held: inout HeldOwners) -> Bool {
        guard let object = owner.object else { return true }
        held.hold(consume object)
        return false
    }

    override func isOwned(by candidate: AnyObject, holding held: inout HeldOwners) -> Bool {
        guard let object = owner.object else { return false }
        if object === candidate { return true }  // the caller holds `candidate`
        held.hold(consume object)
        return false
    }
    override var ownerObject: AnyObject? { owner.object }
    override var isOwnerBound: Bool { true }

    override func run(_ event: UnsafePointer<Event>) -> StateDeliveryResult {
        guard !isCancelled else { return StateDeliveryResult(.skipped) }
        switch chain(event) {
        case .skipped(let reason): return StateDeliveryResult(.delivered, skipReason: reason)
        case .passed(let outcome): return StateDeliveryResult(outcome)
        }
    }
}
