import Testing

@testable import EventBus

/// The owner index keeps each owner's entries in a ring anchored at the oldest one, which the
/// table files (issue 20): whichever entry leaves (the anchor, the newest, one in between, the
/// last), the ring must still hold exactly the owner's other entries, newest first.
@Suite("Owner index ring")
struct OwnerIndexRingTests {
    @Test func listsEachOwnersEntriesNewestFirstThroughRandomInsertsAndRemovals() {
        // Given three owners, a pool of entries, and per owner the entries indexed, oldest first
        let owners = (0..<3).map { _ in Owner() }
        let pool: [AnySubscription] = (0..<40).map { _ in OwnerlessSubscription<Ping> { _ in } }
        var sut = OwnerIndex()
        var model: [[AnySubscription]] = [[], [], []]
        var free = pool
        var random = SplitMix64(seed: 7)  // Support/StressSupport.swift

        // When 20,000 random inserts and removals (of any position in an owner's ring) run
        for _ in 0..<20_000 {
            let owner = Int(random.next() % 3)
            if !free.isEmpty, model[owner].isEmpty || random.next() % 2 == 0 {
                let entry = free.removeLast()
                sut.insert(entry, owner: ObjectIdentifier(owners[owner]))
                model[owner].append(entry)
            } else if !model[owner].isEmpty {
                let entry = model[owner].remove(at: Int(random.next() % UInt64(model[owner].count)))
                sut.remove(entry)
                free.append(entry)
            }

            // Then the owner's entries come back newest first, and the owner count matches
            let listed = sut.entries(of: ObjectIdentifier(owners[owner])).map(ObjectIdentifier.init)
            #expect(listed == model[owner].reversed().map(ObjectIdentifier.init))
            #expect(sut.ownerCount == model.filter { !$0.isEmpty }.count)
        }

        // And once every entry leaves, no owner is left and removing again does nothing
        for entries in model { for entry in entries { sut.remove(entry) } }
        for entry in pool { sut.remove(entry) }
        #expect(sut.ownerCount == 0)
        #expect(owners.allSatisfy { sut.entries(of: ObjectIdentifier($0)).isEmpty })
    }
}
