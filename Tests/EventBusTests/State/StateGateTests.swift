import Testing

@testable import EventBus

/// The state gate on its own (issue 20: one atomic word on the fast path, the lock only for
/// values that wait). The end-to-end ordering under concurrent publishers is in
/// StateConcurrencyTests; these pin each transition, on one thread.
///
/// The gate is `~Copyable`, and `#expect` cannot call a method on one, so every call's result
/// is taken first.
@Suite("State gate")
struct StateGateTests {
    @Test func theNextValueEntersAnIdleGateAndLeavesItIdle() {
        let gate = StateGate()
        gate.start(after: 4, replaying: false)

        let held = gate.enter(5)
        #expect(held != StateGate.notEntered)
        let second = gate.enter(6)
        #expect(second == StateGate.notEntered, "held: a second value may not enter")
        let left = gate.leave(holding: held)
        #expect(left)
        let again = gate.enter(6)
        #expect(again != StateGate.notEntered, "idle again, and 6 is next now")
        let leftAgain = gate.leave(holding: again)
        #expect(leftAgain)
    }

    @Test func aPlainPublishesValueEntersWhateverIsNextAndKeepsTheNumber() {
        let gate = StateGate()
        gate.start(after: 4, replaying: false)

        let plain = gate.enter(0)
        #expect(plain != StateGate.notEntered, "an unnumbered value enters an idle gate")
        let left = gate.leave(holding: plain)
        #expect(left)
        let next = gate.enter(5)
        #expect(next != StateGate.notEntered, "5 is still next")
    }

    @Test func aLeaveThatFindsAValueWaitingKeepsTheGate() {
        let gate = StateGate()
        gate.start(after: 0, replaying: false)
        let held = gate.enter(1)

        // Value 2 arrives while 1 runs (another thread, or 1's handler): it waits.
        let early = gate.waiting.withLock { waiting in
            _ = gate.enqueue(2, in: &waiting)
            return gate.enterForWaiting(&waiting)
        }
        #expect(early == nil, "the gate is held")
        let left = gate.leave(holding: held)
        #expect(!left, "the swap fails: something waits")
        let third = gate.enter(3)
        #expect(third == StateGate.notEntered, "still held, by the thread that failed to leave")
        let next = gate.waiting.withLock { gate.leaveOrTakeNext(&$0) }
        #expect(next == 0, "the holder takes 2")
        let done = gate.leave()
        #expect(done, "nothing waits any more")
        let last = gate.enter(3)
        #expect(last != StateGate.notEntered)
    }

    @Test func anEarlyValueWaitsUntilItsPredecessorHasRun() {
        let gate = StateGate()
        gate.start(after: 0, replaying: false)

        // Value 2 arrives before value 1: it may not enter, and waits.
        let entered = gate.enter(2)
        #expect(entered == StateGate.notEntered)
        let early = gate.waiting.withLock { waiting in
            _ = gate.enqueue(2, in: &waiting)
            return gate.enterForWaiting(&waiting)
        }
        #expect(early == nil, "2 is not next")
        // Value 1 finds a value waiting, so it goes through the waiting path and runs.
        let firstEntered = gate.enter(1)
        #expect(firstEntered == StateGate.notEntered)
        let first = gate.waiting.withLock { waiting -> UInt64? in
            let index = gate.enqueue(1, in: &waiting)
            #expect(index == 0, "numbered values wait in number order")
            return gate.enterForWaiting(&waiting).map { _ in 1 }
        }
        #expect(first == 1)
        // Leaving finds 2 waiting and hands it over instead of releasing the gate.
        let left = gate.leave()
        #expect(!left)
        let next = gate.waiting.withLock { gate.leaveOrTakeNext(&$0) }
        #expect(next == 0)
        let leftAgain = gate.leave()
        #expect(leftAgain, "nothing waits any more")
        let third = gate.enter(3)
        #expect(third != StateGate.notEntered)
    }

    @Test func aValueOfferedWhileTheGateIsHeldIsHandedToTheHolder() {
        let gate = StateGate()
        gate.start(after: 0, replaying: true)  // the replay holds the gate

        let entered = gate.enter(1)
        #expect(entered == StateGate.notEntered)
        let runsNow = gate.waiting.withLock { waiting in
            _ = gate.enqueue(1, in: &waiting)
            return gate.enterForWaiting(&waiting)
        }
        #expect(runsNow == nil, "the holder runs it")
        let left = gate.leave()
        #expect(!left, "the holder sees it waiting")
        let next = gate.waiting.withLock { gate.leaveOrTakeNext(&$0) }
        #expect(next == 0)
        let leftAgain = gate.leave()
        #expect(leftAgain)
    }

    @Test func closingDropsWhatWaitsAndReleasesTheGate() {
        let gate = StateGate()
        gate.start(after: 0, replaying: true)
        gate.waiting.withLock { waiting in
            _ = gate.enqueue(1, in: &waiting)
            _ = gate.enterForWaiting(&waiting)
        }

        gate.waiting.withLock { gate.close(&$0) }

        #expect(gate.waiting.withLock { $0.isEmpty })
        let plain = gate.enter(0)
        #expect(plain != StateGate.notEntered, "a plain publish's value enters a closed, idle gate")
    }

    @Test func closingMovesTheNextNumberPastEveryNumberItDrops() {
        // Given value 1 running, and value 3 waiting for value 2, which is on its way
        let gate = StateGate()
        gate.start(after: 0, replaying: false)
        _ = gate.enter(1)
        gate.waiting.withLock { waiting in
            _ = gate.enqueue(3, in: &waiting)
            _ = gate.enterForWaiting(&waiting)
        }

        // When the subscription ends while 1 runs
        gate.waiting.withLock { gate.close(&$0) }

        // Then no later value waits for the dropped 3: 4 enters at once
        let fourth = gate.enter(4)
        #expect(fourth != StateGate.notEntered)
    }

    @Test func closingAnIdleGateFromOutsideDropsWhatWaitsButNeverTakesAHeldOne() {
        // Given an idle gate with value 2 waiting for value 1
        let gate = StateGate()
        gate.start(after: 0, replaying: false)
        gate.waiting.withLock { waiting in
            _ = gate.enqueue(2, in: &waiting)
            _ = gate.enterForWaiting(&waiting)
        }

        // When a cancel closes it from outside
        let closed = gate.waiting.withLock { gate.closeIfIdle(&$0) }

        // Then what waited is gone and later values enter; a held gate is left to its holder
        #expect(closed)
        #expect(gate.waiting.withLock { $0.isEmpty })
        let held = gate.enter(3)
        #expect(held != StateGate.notEntered)
        let closedWhileHeld = gate.waiting.withLock { gate.closeIfIdle(&$0) }
        #expect(!closedWhileHeld)
    }

    @Test func plainPublishesRunInArrivalOrderBehindNumberedOnes() {
        let gate = StateGate()
        gate.start(after: 0, replaying: true)
        let positions = gate.waiting.withLock { waiting in
            [gate.enqueue(0, in: &waiting), gate.enqueue(2, in: &waiting), gate.enqueue(1, in: &waiting)]
        }
        #expect(positions == [0, 0, 0])
        #expect(gate.waiting.withLock { $0 } == [1, 2, 0])
    }
}
