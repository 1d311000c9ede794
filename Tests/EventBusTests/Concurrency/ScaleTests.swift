import Testing

@testable import EventBus

/// Large lists (issue 12, scale): cancelling finds the entry by binary search and vacates its
/// slot, and `unsubscribeAll(owner:)` goes through the owner index. These check that the order,
/// the counts and the index stay right; the benchmark checks the speed.
@Suite("Scale: cancel by binary search, owner index")
struct ScaleTests {
    private let pingKey = ObjectIdentifier(Ping.self)

    @Test func cancellingAnyEntriesOfAMixedPriorityListKeepsTheRestInDeliveryOrder() {
        // Given 600 entries over three priorities, subscribed interleaved
        var sut = SubscriptionRegistry()
        var entries: [OwnerlessSubscription<Ping>] = []
        for index in 0..<600 {
            let entry = OwnerlessSubscription<Ping>(priority: index % 3) { _ in }
            _ = sut.add(entry)
            entries.append(entry)
        }
        let ids = entries.map(SubscriptionID.init)

        // When every third one and then every seventh one is cancelled (twice for some)
        for index in stride(from: 0, to: 600, by: 3) { #expect(sut.cancel(ids[index]) === entries[index]) }
        for index in stride(from: 0, to: 600, by: 7) { _ = sut.cancel(ids[index]) }

        // Then exactly the others are listed, highest priority first, in subscription order
        let survivors = entries.indices.filter { $0 % 3 != 0 && $0 % 7 != 0 }
        let expected = survivors.sorted { ($0 % 3, -$0) > ($1 % 3, -$1) }.map {
            ObjectIdentifier(entries[$0])
        }
        let listed = sut.snapshot(of: pingKey).filter { !$0.isFinished }.map(ObjectIdentifier.init)
        #expect(listed == expected)
        #expect(sut.count(of: pingKey) == survivors.count)
        #expect(survivors.allSatisfy { !sut.isFinished(ids[$0]) })
        #expect(ids.indices.filter { $0 % 3 == 0 || $0 % 7 == 0 }.allSatisfy { sut.isFinished(ids[$0]) })
    }

    @Test func vacatedSlotsAreCompactedOnceTheyAreHalfTheList() {
        // Given 100 entries
        var sut = SubscriptionRegistry()
        let entries = (0..<100).map { _ in OwnerlessSubscription<Ping> { _ in } }
        for entry in entries { _ = sut.add(entry) }

        // When 60 are cancelled without any publish
        for entry in entries.prefix(60) { _ = sut.cancel(SubscriptionID(entry)) }

        // Then the list holds less than twice its live entries, and the live ones still resolve
        #expect(sut.snapshot(of: pingKey).count < 80)
        #expect(sut.count(of: pingKey) == 40)
        #expect(entries.suffix(40).allSatisfy { !sut.isFinished(SubscriptionID($0)) })
    }

    @Test func aPublishDeliversAroundVacatedSlotsAndPrunesThem() {
        let sut = EventBus()
        let owner = Owner()
        let tokens = (0..<10).map { index in
            sut.subscribe(owner: owner) { (owner, _: Ping) in owner.log.append("\(index)") }
        }

        tokens[3].cancel()
        tokens[7].cancel()
        sut.publish(Ping())

        #expect(owner.log.all == ["0", "1", "2", "4", "5", "6", "8", "9"])
        #expect(sut.store.snapshot(of: pingKey).count == 8)
    }

    @Test func unsubscribeAllReachesEveryTypeOfTheOwnerAndNoOtherOwner() {
        // Given an owner with subscriptions of three types, and another owner on the same types
        let sut = EventBus()
        let leaving = Owner("leaving")
        let staying = Owner("staying")
        for owner in [leaving, staying] {
            sut.subscribe(owner: owner) { (owner, _: Ping) in owner.log.append("ping") }
            sut.subscribe(owner: owner) { (owner, _: Pong) in owner.log.append("pong") }
            sut.subscribe(owner: owner, priority: 3) { (_: PingLookalike) in owner.log.append("look") }
        }

        // When
        sut.unsubscribeAll(owner: leaving)
        sut.publish(Ping())
        sut.publish(Pong())
        sut.publish(PingLookalike())

        // Then
        #expect(leaving.log.all.isEmpty)
        #expect(staying.log.all == ["ping", "pong", "look"])
        #expect(sut.store.indexedOwnerCount == 1)
    }

    @Test func theOwnerIndexForgetsEntriesHoweverTheyEnd() {
        // Given owner-bound entries that end by cancel, by unsubscribe, and by their owner dying
        let sut = EventBus()
        let cancelling = Owner()
        let unsubscribing = Owner()
        sut.subscribe(owner: cancelling) { (_: Owner, _: Ping) in }.cancel()
        sut.subscribe(owner: unsubscribing) { (_: Owner, _: Ping) in }
        sut.unsubscribe(owner: unsubscribing, for: Ping.self)
        do {
            let dying = Owner()
            sut.subscribe(owner: dying) { (_: Owner, _: Ping) in }
        }

        // When the dead owner's entry is pruned by a publish
        sut.publish(Ping())

        // Then no owner is left in the index
        #expect(sut.store.indexedOwnerCount == 0)
    }

    @Test func unsubscribeAllIgnoresADeadOwnersEntriesAtAReusedAddress() {
        // Given a dead owner's entry still listed (never published, so never pruned)
        let sut = EventBus()
        let counter = Log()
        do {
            let dying = Owner()
            sut.subscribe(owner: dying) { (_: Owner, _: Pong) in counter.append("dead") }
        }
        let owner = Owner()
        sut.subscribe(owner: owner) { (_: Owner, _: Ping) in counter.append("ping") }

        // When a live owner (perhaps at the dead one's address) unsubscribes from everything
        sut.unsubscribeAll(owner: owner)
        sut.publish(Ping())

        // Then its subscription ended, and the dead entry was left for pruning
        #expect(counter.all.isEmpty)
        #expect(sut.store.count(of: ObjectIdentifier(Pong.self)) == 1)
    }

    @Test func typePositionsFindEveryStoredKeyAndNoOther() {
        // Given 1,000 keys (object addresses stand in for type metadata addresses)
        var sut = TypePositions()
        let objects = (0..<1_000).map { _ in Owner() }
        let absent = Owner()

        // When each is stored with its index (the table grows several times meanwhile)
        for (index, object) in objects.enumerated() { sut.insert(index, for: ObjectIdentifier(object)) }

        // Then
        #expect(objects.enumerated().allSatisfy { sut.position(of: ObjectIdentifier($1)) == $0 })
        #expect(sut.position(of: ObjectIdentifier(absent)) == nil)
        #expect(sut.count == 1_000)
    }

    /// The sweep charges each shard it visits two entries' worth of its budget (issue 20: a
    /// step on a sparse bus took a lock per shard), so dead entries of types that are never
    /// published again must still all go within a few dozen later subscribes.
    @Test func deadEntriesSpreadOverManyTypesAreSweptWithinAFewDozenSubscribes() {
        // Given twelve types, each with one owner-bound entry whose owner has died
        let sut = EventBus()
        let types: [any EventBusEvent.Type] = [
            Sparse0.self, Sparse1.self, Sparse2.self, Sparse3.self, Sparse4.self, Sparse5.self,
            Sparse6.self, Sparse7.self, Sparse8.self, Sparse9.self, Sparse10.self, Sparse11.self,
        ]
        do {
            let owner = Owner()
            for type in types { subscribe(owner, for: type, on: sut) }
        }
        #expect(sut.store.totalCount == 12)

        // When 48 subscribes (each cancelled at once) of another type follow
        for _ in 0..<48 { sut.subscribe(for: Pong.self) { _ in }.cancel() }

        // Then every dead entry has been swept, and the owner index forgot them
        #expect(sut.store.totalCount == 0)
        #expect(sut.store.indexedOwnerCount == 0)
    }

    private func subscribe<Event: EventBusEvent>(_ owner: Owner, for type: Event.Type, on bus: EventBus) {
        bus.subscribe(owner: owner, for: type) { (_: Owner, _: Event) in }
    }
}

private struct Sparse0: EventBusEvent {}
private struct Sparse1: EventBusEvent {}
private struct Sparse2: EventBusEvent {}
private struct Sparse3: EventBusEvent {}
private struct Sparse4: EventBusEvent {}
private struct Sparse5: EventBusEvent {}
private struct Sparse6: EventBusEvent {}
private struct Sparse7: EventBusEvent {}
private struct Sparse8: EventBusEvent {}
private struct Sparse9: EventBusEvent {}
private struct Sparse10: EventBusEvent {}
private struct Sparse11: EventBusEvent {}
