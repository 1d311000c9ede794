/// A state subscription that runs its handler synchronously for a weakly held owner: the kind
/// `subscribe(owner:handler:)` makes, and the one stores' subscribers use most.
///
/// Its chain's last step is built by the `@inlinable` `StateQuery.subscribe(owner:handler:)`, in
/// the client, for `Owner` and the output type: it loads the owner from the ``WeakOwner`` this
/// entry shares, only for a value that passed every step, and holds it until the handler has
/// returned. A value the chain skips costs no weak load. So the steps of a subscription whose owner
/// is gone may still run (they are documented to be cheap and free of side effects); its handler
/// never does, and the first value that passes finds the owner gone and has the entry pruned, as
/// does every 64th skipped value (``StateEntry``) and the subscribe-time sweep.
final class OwnedStateSubscription<Owner: AnyObject, Event>: StateEntry<Event> {
    private let owner: WeakOwner<Owner>

    /// `chain` ends in a step that loads the owner from `owner` and calls the handler.
    init(owner: WeakOwner<Owner>, chain: @escaping StateStage<Event>) {
        self.owner = owner
        super.init(chain: chain)
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
}
