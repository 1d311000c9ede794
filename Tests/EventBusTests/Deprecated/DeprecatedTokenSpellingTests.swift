import EventBus
import Testing

/// The token's 0.x spellings still compile and still answer as their new names do.
@Suite("Deprecated token spellings")
struct DeprecatedTokenSpellingTests {
    @Test func isCancelledAnswersAsIsFinishedAlsoWhenTheOwnerDied() {
        // Given an owner-bound subscription whose token is kept
        let sut = EventBus()
        var owner: Owner? = Owner()
        let token = sut.subscribe(owner: owner!) { (_, _: Ping) in }
        let spellings: any OldTokenSpellings = DeprecatedTokenSpellings()
        #expect(!spellings.isCancelled(token))

        // When its owner goes
        owner = nil

        // Then the old name reports it finished, as `isFinished` does
        #expect(spellings.isCancelled(token))
        #expect(token.isFinished)
        #expect(owner == nil)
    }
}

/// Calls the deprecated spellings through a protocol, so this file compiles without
/// deprecation warnings (warnings are errors here) and still proves they work.
private protocol OldTokenSpellings {
    func isCancelled(_ token: SubscriptionToken) -> Bool
}

private struct DeprecatedTokenSpellings: OldTokenSpellings {
    @available(*, deprecated, message: "calls the deprecated spellings on purpose")
    func isCancelled(_ token: SubscriptionToken) -> Bool { token.isCancelled }
}
