import Synchronization

@testable import EventBus

/// The simple truth the model-based test holds the bus against: a lock around a dictionary of
/// arrays of handlers, and the current state value of each type. Nothing lock-free, nothing
/// unretained, nothing pruned lazily.
///
/// It keeps the bus's documented promises in the plainest way: a publish copies the type's array
/// under the lock and calls the handlers in subscription order after unlocking (so a handler may
/// publish, subscribe or cancel); `cancel` removes the entry and sets a flag every call checks
/// first, so no handler runs once `cancel` has returned; a state publish stores the value and
/// copies the state subscribers in one locked step, and a state subscription reads the current
/// value and joins the list in one locked step, then gets that value before `subscribe` returns.
/// An owner's death is modelled by the program as a cancel of its subscriptions.
final class ReferenceBus: Sendable {
    final class Entry: Sendable {
        fileprivate let handler: @Sendable (any Sendable) -> Void
        fileprivate let cancelled = Atomic<Bool>(false)

        fileprivate init(handler: @escaping @Sendable (any Sendable) -> Void) { self.handler = handler }
    }

    private struct Lists {
        var plain: [ObjectIdentifier: [Entry]] = [:]
        var state: [ObjectIdentifier: [Entry]] = [:]
        var current: [ObjectIdentifier: any Sendable] = [:]
    }

    private let lists = LockedValue(Lists())

    func subscribe<Event: Sendable>(for type: Event.Type, handler: @escaping @Sendable (Event) -> Void)
        -> Entry
    {
        let entry = Entry { handler($0 as! Event) }
        lists.withLock { $0.plain[ObjectIdentifier(type), default: []].append(entry) }
        return entry
    }

    func publish<Event: Sendable>(_ event: Event) {
        let entries = lists.withLock { $0.plain[ObjectIdentifier(Event.self)] ?? [] }
        for entry in entries where !entry.cancelled.load(ordering: .sequentiallyConsistent) {
            entry.handler(event)
        }
    }

    func subscribeState<Event: Sendable>(for type: Event.Type, handler: @escaping @Sendable (Event) -> Void)
        -> Entry
    {
        let entry = Entry { handler($0 as! Event) }
        let replay = lists.withLock { lists in
            lists.state[ObjectIdentifier(type), default: []].append(entry)
            return lists.current[ObjectIdentifier(type)]
        }
        if let replay, !entry.cancelled.load(ordering: .sequentiallyConsistent) { entry.handler(replay) }
        return entry
    }

    func publishState<Event: Sendable>(_ value: Event) {
        let entries = lists.withLock { lists in
            lists.current[ObjectIdentifier(Event.self)] = value
            return lists.state[ObjectIdentifier(Event.self)] ?? []
        }
        for entry in entries where !entry.cancelled.load(ordering: .sequentiallyConsistent) {
            entry.handler(value)
        }
    }

    /// Drops every entry, so handlers that capture this bus do not keep it alive.
    func removeAll() {
        let dropped = lists.withLock { lists in
            defer { lists = Lists() }
            return lists
        }
        _ = dropped  // released here, after the lock
    }

    func cancel(_ entry: Entry) {
        entry.cancelled.store(true, ordering: .sequentiallyConsistent)
        lists.withLock { lists in
            for key in Array(lists.plain.keys) { lists.plain[key]?.removeAll { $0 === entry } }
            for key in Array(lists.state.keys) { lists.state[key]?.removeAll { $0 === entry } }
        }
    }

    /// Live subscriptions of `type`, plain and state.
    func liveCount<Event>(of type: Event.Type) -> Int {
        lists.withLock {
            ($0.plain[ObjectIdentifier(type)]?.count ?? 0) + ($0.state[ObjectIdentifier(type)]?.count ?? 0)
        }
    }
}
