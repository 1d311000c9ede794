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
        _ = sut.cancel(SubscriptionID(first))

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

    @Test func sweepRemovesDeadEntriesOfEveryListStepByStep() {
        var sut = SubscriptionRegistry()
        let survivor = Owner()
        _ = sut.add(OwnedSubscription<Owner, Ping>(owner: survivor, once: false, priority: 0) { _, _ in })
        do {
            let doomed = Owner()
            for _ in 0..<3 {
                _ = sut.add(
                    OwnedSubscription<Owner, Pong>(owner: doomed, once: false, priority: 0) { _, _ in })
            }
        }
        var retired: [AnySubscription] = []
        var held = HeldOwners()

        let first = sut.sweep(budget: 2, into: &retired, holding: &held)
        let second = sut.sweep(budget: 2, into: &retired, holding: &held)
        let third = sut.sweep(budget: 2, into: &retired, holding: &held)

        #expect(retired.count == 3)
        #expect(sut.count(of: ObjectIdentifier(Pong.self)) == 0)
        #expect(sut.count(of: pingKey) == 1)
        #expect([first.wrapped, second.wrapped, third.wrapped] == [false, false, true])
    }

    @Test func cancelByIDIgnoresAnotherEntryWithTheSameAddress() {
        var sut = SubscriptionRegistry()
        let entry = OwnerlessSubscription<Ping> { _ in }
        _ = sut.add(entry)
        let staleID = SubscriptionID(entry)
        _ = sut.cancel(staleID)
        // The same object listed again gets a new serial, as a new entry at a reused address would.
        _ = sut.add(entry)

        let removed = sut.cancel(staleID)

        #expect(removed == nil)
        #expect(sut.count(of: pingKey) == 1)
    }

    @Test func emptyListSnapshotIsEmpty() {
        let sut = SubscriptionRegistry()
        #expect(sut.snapshot(of: pingKey).isEmpty)
    }
}
