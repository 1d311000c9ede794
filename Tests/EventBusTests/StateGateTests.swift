import Testing

@testable import EventBus

/// The state gate on its own (issue 20: one atomic word on the fast path, the lock only for
/// values that wait). The end-to-end ordering under concurrent publishers is in
/// StateConcurrencyTests; these pin each transition, on one thread.
@Suite("State gate")
struct StateGateTests {
    @Test func theNextValueEntersAnIdleGateAndLeavesItIdle() {
        let gate = StateGate()
        gate.start(after: 4, replaying: false)

        #expect(gate.enter(5))
        #expect(!gate.enter(6), "held: a second value may not enter")
        #expect(gate.leave())
        #expect(gate.enter(6), "idle again, and 6 is next now")
        #expect(gate.leave())
    }

    @Test func anEarlyValueWaitsUntilItsPredecessorHasRun() {
        let gate = StateGate()
        gate.start(after: 0, replaying: false)

        // Value 2 arrives before value 1: it may not enter, and waits.
        #expect(!gate.enter(2))
        let early = gate.waiting.withLock { waiting in
            _ = gate.enqueue(2, in: &waiting)
            return gate.enterForWaiting(&waiting)
        }
        #expect(early == nil, "2 is not next")
        // Value 1 finds a value waiting, so it goes through the waiting path and runs.
        #expect(!gate.enter(1))
        let first = gate.waiting.withLock { waiting -> UInt64? in
            let index = gate.enqueue(1, in: &waiting)
            #expect(index == 0, "numbered values wait in number order")
            return gate.enterForWaiting(&waiting).map { _ in 1 }
        }
        #expect(first == 1)
        // Leaving finds 2 waiting and hands it over instead of releasing the gate.
        #expect(!gate.leave())
        let next = gate.waiting.withLock { gate.leaveOrTakeNext(&$0) }
        #expect(next == 0)
        #expect(gate.leave(), "nothing waits any more")
        #expect(gate.enter(3))
    }

    @Test func aValueOfferedWhileTheGateIsHeldIsHandedToTheHolder() {
        let gate = StateGate()
        gate.start(after: 0, replaying: true)  // the replay holds the gate

        #expect(!gate.enter(1))
        let runsNow = gate.waiting.withLock { waiting in
            _ = gate.enqueue(1, in: &waiting)
            return gate.enterForWaiting(&waiting)
        }
        #expect(runsNow == nil, "the holder runs it")
        #expect(!gate.leave(), "the holder sees it waiting")
        #expect(gate.waiting.withLock { gate.leaveOrTakeNext(&$0) } == 0)
        #expect(gate.leave())
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
        #expect(gate.enter(0), "a plain publish's value enters a closed, idle gate")
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
