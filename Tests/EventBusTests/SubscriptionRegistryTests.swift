import Testing

@testable import EventBus

@Suite("Subscription registry (no threads)")
struct SubscriptionRegistryTests {
    private let pingKey = ObjectIdentifier(Ping.self)

    @Test func snapshotIsUnaffectedByLaterChanges() {
        var sut = SubscriptionRegistry()
        let first = OwnerlessSubscription<Ping> { _ in }
        _ = sut.add(first)

        let snapshot = sut.snapshot(of: pingKey)
        _ = sut.add(OwnerlessSubscription<Ping> { _ in })
        sut.remove(first)

        #expect(snapshot.count == 1)
        #expect(sut.count(of: pingKey) == 1)
    }

    @Test func pruneRemovesCancelledAndOwnerlessEntriesOnly() {
        var sut = SubscriptionRegistry()
        let owner = Owner()
        let live = OwnedSubscription<Owner, Ping>(owner: owner, once: false, priority: 0) { _, _ in }
        let cancelled = OwnerlessSubscription<Ping> { _ in }
        _ = sut.add(live)
        _ = sut.add(cancelled)
        do {
            let doomed = Owner()
            _ = sut.add(OwnedSubscription<Owner, Ping>(owner: doomed, once: false, priority: 0) { _, _ in })
        }
        cancelled.markCancelled()

        _ = sut.pruneFinished(of: pingKey)

        #expect(sut.snapshot(of: pingKey).map { $0 === live } == [true])
    }

    @Test func removeAllOwnedByMarksThemCancelled() {
        var sut = SubscriptionRegistry()
        let owner = Owner()
        let entry = OwnedSubscription<Owner, Ping>(owner: owner, once: false, priority: 0) { _, _ in }
        _ = sut.add(entry)

        _ = sut.removeAll(ownedBy: owner)

        #expect(entry.isCancelled)
        #expect(sut.count(of: pingKey) == 0)
    }

    @Test func emptyListSnapshotIsEmpty() {
        let sut = SubscriptionRegistry()
        #expect(sut.snapshot(of: pingKey).isEmpty)
    }
}
