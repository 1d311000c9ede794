import Testing

@testable import EventBus

/// The open-addressing table behind the owner index: it must answer exactly as a dictionary
/// would through any mix of inserts, replacements and removals (removal shifts entries back,
/// so a wrong shift would lose an owner that collided with the removed one).
@Suite("Owner table")
struct OwnerTableTests {
    @Test func answersLikeADictionaryThroughRandomInsertsReplacementsAndRemovals() {
        // Given 3,000 owners, a few entries to file under them, and a dictionary as the model
        let owners = (0..<3_000).map { _ in Owner() }
        let entries: [AnySubscription] = (0..<4).map { _ in OwnerlessSubscription<Ping> { _ in } }
        var sut = OwnerTable()
        var model: [ObjectIdentifier: ObjectIdentifier] = [:]
        var random = SplitMix64(seed: 42)  // Support/StressSupport.swift

        // When 60,000 random operations grow the table, then churn it at its size
        for step in 0..<60_000 {
            let removing = step < 30_000 ? random.next() % 4 == 0 : random.next() % 2 == 0
            let owner = ObjectIdentifier(owners[Int(random.next() % UInt64(owners.count))])
            if removing {
                sut.removeHead(for: owner)
                model[owner] = nil
            } else if random.next() % 3 == 0 {
                // Files only if absent, returning what is filed otherwise (the index's insert)
                let entry = entries[Int(random.next() % UInt64(entries.count))]
                let filed = sut.head(of: owner, orFile: .passUnretained(entry))
                #expect(filed.map { ObjectIdentifier($0.takeUnretainedValue()) } == model[owner])
                if model[owner] == nil { model[owner] = ObjectIdentifier(entry) }
            } else {
                let entry = entries[Int(random.next() % UInt64(entries.count))]
                let replaced = sut.exchangeHead(.passUnretained(entry), for: owner)
                #expect(replaced.map { ObjectIdentifier($0.takeUnretainedValue()) } == model[owner])
                model[owner] = ObjectIdentifier(entry)
            }
            #expect(sut.count == model.count)
        }

        // Then every owner maps to what the model says
        for owner in owners.map(ObjectIdentifier.init) {
            #expect(sut.head(of: owner).map { ObjectIdentifier($0.takeUnretainedValue()) } == model[owner])
        }

        // And once every owner is removed, the table gives its room back
        let full = sut.capacity
        for owner in owners { sut.removeHead(for: ObjectIdentifier(owner)) }
        #expect(full >= 1_000)
        #expect(sut.count == 0)
        #expect(sut.capacity <= 64)
        withExtendedLifetime((owners, entries)) {}
    }

    @Test func anEmptyTableFindsNothingAndRemovesNothing() {
        // Given a table nothing was ever filed in
        var sut = OwnerTable()
        let owner = Owner()

        // When an owner is looked up and removed
        sut.removeHead(for: ObjectIdentifier(owner))

        // Then it is absent, and the table has allocated no room
        #expect(sut.head(of: ObjectIdentifier(owner)) == nil)
        #expect(sut.count == 0)
        #expect(sut.capacity == 0)
    }
}
