import Synchronization

/// A way to one entry that may skip the walk: the entry and its event type's published list,
/// which the engine reads and the holder never does. A ``Store`` keeps one for its action
/// subscription (the list lives as long as the bus, which the store's engine holds).
struct DirectPath {
    /// The one entry the path leads to.
    let entry: AnySubscription
    fileprivate let list: Unmanaged<PublishedList>?
}

extension EventBus {
    /// The direct path to `entry`, filed under `Event`'s list (which this looks up, and which
    /// exists once `entry` is registered).
    func directPath<Event: EventBusEvent>(to entry: AnySubscription, for _: Event.Type) -> DirectPath {
        DirectPath(entry: entry, list: store.publishedList(of: ObjectIdentifier(Event.self)))
    }

    /// Whether a publish along `path` would reach its entry and nothing else: no tap or
    /// throwing handler wants the publish traced (a list whose entries want call sites has a
    /// negative count), the list holds one entry (interceptors, once-subscriptions, streams and
    /// matched protocol subscriptions are entries too), protocol subscriptions, if any, were
    /// matched against the type at the bus's current generation, and the entry is live, so it
    /// is that one entry. A ``Store`` then hands its action to its engine without the walk.
    ///
    /// A subscription added on another thread at the same moment may miss this event, as it
    /// may miss a publish whose snapshot was taken just before it was listed.
    @inline(__always)
    func reachesOnly(_ path: DirectPath) -> Bool {
        guard let list = path.list else { return false }
        return !taps.wantsCallSites
            && list._withUnsafeGuaranteedRef { $0.count.load(ordering: .relaxed) } == 1
            && readsWithoutLock(list)
            && !path.entry.isCancelled
    }
}
