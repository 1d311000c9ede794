import Synchronization

extension EventBus {
    /// Whether a publish of an event whose type's published list is `list` would reach `entry`
    /// and nothing else: no tap or throwing handler wants the publish traced (a list whose
    /// entries want call sites has a negative count), the list holds one entry (interceptors,
    /// once-subscriptions, streams and matched protocol subscriptions are entries too), protocol
    /// subscriptions, if any, were matched against the type at the bus's current generation,
    /// and `entry` is live, so it is that one entry. A ``Store`` then hands its action to its
    /// engine without the walk.
    ///
    /// A subscription added on another thread at the same moment may miss this event, as it
    /// may miss a publish whose snapshot was taken just before it was listed.
    @inline(__always)
    func reachesOnly(_ entry: AnySubscription, through list: Unmanaged<PublishedList>) -> Bool {
        !taps.wantsCallSites
            && list._withUnsafeGuaranteedRef { $0.count.load(ordering: .relaxed) } == 1
            && readsWithoutLock(list)
            && !entry.isCancelled
    }
}
