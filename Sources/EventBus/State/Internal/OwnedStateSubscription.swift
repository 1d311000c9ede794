/// A state subscription that runs its handler synchronously for a weakly held owner: the kind
/// `subscribe(owner:handler:)` makes, and the one stores' subscribers use most.
///
/// It loads the owner once per value, keeps it for the chain and the handler, and calls the
/// handler from the chain's last step. The general ``StateSubscription`` asks its sink whether
/// the owner is gone before the chain and the sink loads it again to call the handler: two weak
/// loads per delivery, each a few atomic operations on the owner's side table (issue 20,
/// callgrind: the second load was most of what a state delivery cost over a plain one).
final class OwnedStateSubscription<Owner: AnyObject, Event>: StateEntry<Event>, @unchecked Sendable {
    // safe: `owner` is written once in init and only loaded afterwards (weak loads are atomic in
    // the runtime); `chain` is immutable; the slot is only touched by the thread holding the
    // gate (StateGate), one value at a time.
    nonisolated(unsafe) private weak var owner: Owner?
    private let chain: StateStage<Event>
    private let slot: LoadedOwner

    /// `makeChain` builds this subscription's chain, ending in the step it is given: that step
    /// calls the handler with the owner loaded for the value (see ``LoadedOwner``).
    init<Output>(
        owner: Owner, handler: @escaping @Sendable (Owner, Output) -> Void,
        makeChain: (@escaping StateStage<Output>) -> StateStage<Event>
    ) {
        self.owner = owner
        let slot = LoadedOwner()
        self.slot = slot
        chain = makeChain { value in
            slot.withOwner(as: Owner.self) { handler($0, value.pointee) }
            return .passed(.delivered)
        }
        super.init(eventKey: ObjectIdentifier(Event.self))
    }

    override var isOwnerGone: Bool { owner == nil }
    override var subscriberName: String { String(describing: Owner.self) }
    override func isOwned(by candidate: AnyObject) -> Bool { owner === candidate }

    override func isOwnerGone(holding held: inout HeldOwners) -> Bool {
        guard let owner else { return true }
        held.hold(consume owner)
        return false
    }

    override func isOwned(by candidate: AnyObject, holding held: inout HeldOwners) -> Bool {
        guard let owner else { return false }
        if owner === candidate { return true }  // the caller holds `candidate`
        held.hold(consume owner)
        return false
    }
    override var ownerObject: AnyObject? { owner }
    override var isOwnerBound: Bool { true }

    override func run(_ event: UnsafePointer<Event>) -> StateDeliveryResult {
        guard !isCancelled else { return StateDeliveryResult(.skipped) }
        // Loaded before the chain, so no user closure runs for a subscriber that is gone, and
        // held strongly until the handler has returned.
        guard let owner else { return StateDeliveryResult(.ownerGone) }
        // `_fixLifetime` is what `withExtendedLifetime` does, without its closure: in this
        // unspecialized code `withExtendedLifetime` stayed a generic call (~40 instructions per
        // delivery with the closure, callgrind).
        defer { _fixLifetime(owner) }
        slot.load(owner)
        switch chain(event) {
        case .skipped(let reason): return StateDeliveryResult(.delivered, skipReason: reason)
        case .passed(let outcome): return StateDeliveryResult(outcome)
        }
    }
}

/// The owner an ``OwnedStateSubscription`` loaded for the value its chain is running, for the
/// chain's last step. Not generic (a generic class built in unspecialized code costs a
/// metadata lookup per use); the owner is kept unretained, because the subscription's `run`
/// holds it strongly for as long as the chain runs.
final class LoadedOwner: @unchecked Sendable {
    // safe: written and read only by the thread holding the subscription's gate, within one run.
    private var object: Unmanaged<AnyObject>?

    func load(_ owner: AnyObject) { object = Unmanaged.passUnretained(owner) }

    /// Calls `body` with the loaded owner, without retaining it again: an owner with weak
    /// references keeps its counts in a side table, where every retain and release takes the
    /// runtime's slow path (~200 instructions a pair, callgrind).
    @inline(__always)
    func withOwner<Owner: AnyObject>(as type: Owner.Type, _ body: (Owner) -> Void) {
        object!._withUnsafeGuaranteedRef { body(unsafeDowncast($0, to: Owner.self)) }
    }
}
