import EventBus
import Testing

/// An `Equatable` `select` with nothing after it fuses the automatic skip-repeats step into the
/// selection (one closure fewer per value); every other shape composes the two. Both must
/// deliver, skip and report the same.
@Suite("State: chain shapes")
struct StateChainShapeTests {
    /// Owners whose names change as "ada", "ada", "bob", "bob", "ada".
    private static let names = ["ada", "ada", "bob", "bob", "ada"]

    private func delivered(
        through chain: (StateQuery<Basket, Basket>) -> StateQuery<Basket, String>
    ) -> [String] {
        let sut = EventBus()
        let owner = Owner()
        chain(sut.states(for: Basket.self)).subscribe(owner: owner) { owner, name in owner.log.append(name) }
        for name in Self.names { sut.publishState(Basket(owner: name)) }
        return owner.log.all
    }

    @Test func aStoredKeyPathSelectionSkipsRepeatsAsAComposedChainDoes() {
        // Given a fused chain (a stored property's key path) and composed ones
        let fused = delivered { $0.select(\.owner) }
        let composed = delivered { $0.select(\.owner).filter { _ in true } }
        let explicit = delivered { $0.select(\.owner).skipRepeats() }

        // Then all three let through the same values
        #expect(fused == ["ada", "bob", "ada"])
        #expect(composed == fused)
        #expect(explicit == fused)
    }

    @Test func aClosureSelectionSkipsRepeatsAsAComposedChainDoes() {
        let fused = delivered { $0.select { $0.owner } }
        let composed = delivered { $0.select { $0.owner }.filter { _ in true } }

        #expect(fused == ["ada", "bob", "ada"])
        #expect(composed == fused)
    }

    @Test func aSelectionAfterAFilterComparesOnlyWhatReachesIt() {
        // Given a filter before the fused selection: "bob" never reaches the skip step
        let result = delivered { $0.filter { $0.owner != "bob" }.select(\.owner) }

        // Then the second "ada" after the filtered "bob"s is a repeat of the first
        #expect(result == ["ada"])
    }

    @Test func aFusedSelectionReportsTheAutomaticStepToTaps() {
        // Given a tap and a fused chain
        let sut = EventBus()
        let owner = Owner()
        let reasons = LockBox<[String]>([])
        let tap = sut.observeAll { record in reasons.mutate { $0 += record.skips.map(\.reason) } }
        sut.states(for: Basket.self).select(\.owner).subscribe(owner: owner) { _, _ in }

        // When a repeat is published
        sut.publishState(Basket(owner: "ada"))
        sut.publishState(Basket(owner: "ada"))
        tap.cancel()

        // Then the tap hears it was skipped by the automatic step
        #expect(reasons.value == ["automatic skipRepeats"])
    }
}
