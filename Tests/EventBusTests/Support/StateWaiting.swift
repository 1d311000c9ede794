@testable import EventBus

extension EventBus {
    /// Values of `type` waiting in the gates of its listed state subscriptions: zero once every
    /// publish has returned, unless a gate waits for a number that will never come.
    func waitingStateValues<Event>(of type: Event.Type) -> Int {
        store.allEntries().reduce(0) { total, entry in
            total + ((entry as? StateEntry<Event>)?.waitingCount ?? 0)
        }
    }
}
