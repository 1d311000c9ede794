/// The locked side of current values (see `SubscriptionRegistry+State`). Replaced and cleared
/// values come back out of the lock and are released by the caller.
extension SubscriptionStore {
    func setState<Event>(_ value: Event) -> (
        snapshot: ContiguousArray<AnySubscription>, sequence: UInt64, replaced: Event?
    ) {
        withShard(for: ObjectIdentifier(Event.self)) { $0.setState(value) }
    }

    func currentState<Event>(of type: Event.Type) -> Event? {
        withShard(for: ObjectIdentifier(type)) { $0.currentState(of: type) }
    }

    func clearState<Event>(of type: Event.Type) -> Event? {
        withShard(for: ObjectIdentifier(type)) { $0.clearState(of: type) }
    }

    func addState<Event>(_ entry: StateEntry<Event>, replaying: Bool) -> Event? {
        let (replay, retired) = withShard(for: entry.eventKey) { $0.addState(entry, replaying: replaying) }
        _ = consume retired  // released here, after the unlock
        return replay
    }
}
