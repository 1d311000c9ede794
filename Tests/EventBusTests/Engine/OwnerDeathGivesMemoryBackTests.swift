import Testing

@testable import EventBus

/// Memory after many owners die at once (issue 16, defect 9): the list, its sort keys and the
/// owner index give back the room the dead entries used once a publish prunes them.
@Suite("Mass owner death gives memory back")
struct MassOwnerDeathTests {
    @Test func pruningAHundredThousandDeadOwnersShrinksTheListAndTheOwnerIndex() {
        // Given 100,000 owners subscribed to one type, and one that stays
        let sut = EventBus()
        let survivor = Owner()
        sut.subscribe(owner: survivor) { (_, _: Ping) in }
        var owners = (0..<100_000).map { _ in Owner() }
        for owner in owners { sut.subscribe(owner: owner) { (_, _: Ping) in } }
        let full = sut.store.capacities(of: ObjectIdentifier(Ping.self))
        #expect(full.entries >= 100_001)
        #expect(full.owners >= 100_001)

        // When they all die and the type is published once
        owners.removeAll()
        sut.publish(Ping())

        // Then the survivor still gets events, and what is kept is sized for it, not for the dead
        let after = sut.store.capacities(of: ObjectIdentifier(Ping.self))
        #expect(sut.subscriptionCount(forExactType: Ping.self) == 1)
        #expect(after.entries <= 64)
        #expect(after.keys <= 64)
        #expect(after.owners <= 64)
        withExtendedLifetime(survivor) {}
    }
}
