/// The locked side of current values (see `SubscriptionRegistry+State`). Replaced and cleared
/// values come back out of the lock and are released by the caller.
extension SubscriptionStore {
    func setState<Event>(_ value: Event, movingReplacedTo replaced: ReplacedState<Event>) -> StatePublish {
        withShard(for: ObjectIdentifier(Event.self)) { $0.setState(value, movingReplacedTo: replaced) }
    }

    func currentState<Event>(of type: Event.Type) -> Event? {
        withShard(for: ObjectIdentifier(type)) { $0.currentState(of: type) }
    }

    func clearState<Event>(of type: Event.Type) -> Event? {
        withShard(for: ObjectIdentifier(type)) { $0.clearState(of: type) }
    }

    func currentStateAndSequence<Event>(of type: Event.Type) -> (value: Event?, sequence: UInt64) {
        withShard(for: ObjectIdentifier(type)) { $0.currentStateAndSequence(of: type) }
    }

    func clearState<Event>(of type: Event.Type, ifSequence sequence: UInt64) -> Event? {
        withShard(for: ObjectIdentifier(type)) { $0.clearState(of: type, ifSequence: sequence) }
    }

    func addState<Event>(_ entry: StateEntry<Event>, replaying: Bool) -> Event? {
        // Indexed by owner before it is listed, and pruned entries leave the index, as in `add`
        // (unsubscribeAll goes through the owner index).
        indexOwner(of: entry)
        let (replay, retired, held) = withShard(for: entry.eventKey) {
            let (replay, retired) = $0.addState(entry, replaying: replaying)
            return (replay, retired, $0.takeHeldOwners())
        }
        release(retired)  // after the unlock
        _ = consume held  // the owners the prune loaded, released after the unlock too
        return replay
    }
}
