/// A state subscription: the query's chain, ending in one of the bus's ordinary subscription
/// kinds (the sink) that delivers what passes.
///
/// Reusing the ordinary kinds keeps every delivery rule identical to plain subscriptions: the
/// weak owner, once-only, executor lanes (publish order with the executor's other
/// subscriptions, one job per burst, checks when queued and when run), streams. The entry
/// forwards cancellation and owner questions to its sink. The owner is not checked before the
/// chain: every sink checks its own before it runs or queues the handler, so a value the chain
/// skips costs no weak load (see ``OwnedStateSubscription``).
final class StateSubscription<Event>: StateEntry<Event> {
    private let sink: AnySubscription

    /// `chain` ends by delivering to `sink` (see `StateQuery.register`).
    init(chain: @escaping StateStage<Event>, sink: AnySubscription) {
        self.sink = sink
        super.init(chain: chain)
    }

    override var isOwnerGone: Bool { sink.isOwnerGone }
    override var executorLabel: String { sink.executorLabel }
    override var subscriberName: String { sink.subscriberName }
    override func isOwned(by candidate: AnyObject) -> Bool { sink.isOwned(by: candidate) }
    override func isOwnerGone(holding held: inout HeldOwners) -> Bool { sink.isOwnerGone(holding: &held) }
    override func isOwned(by candidate: AnyObject, holding held: inout HeldOwners) -> Bool {
        sink.isOwned(by: candidate, holding: &held)
    }
    override var isOwnerBound: Bool { sink.isOwnerBound }
    override var bufferCounters: BufferCounters? { sink.bufferCounters }
    override var ownerObject: AnyObject? { sink.ownerObject }
    override var deliveryKind: SubscriptionInfo.Delivery { sink.deliveryKind }
    override func notePendingWork(into work: inout PendingWork) { sink.notePendingWork(into: &work) }

    @discardableResult
    override func markCancelled() -> Bool {
        // The sink's flag is what its executor drain checks, so both are set.
        sink.markCancelled()
        return super.markCancelled()
    }

    override func retire() {
        super.retire()
        sink.retire()
    }
}
