import EventBusTesting
import Testing

@Suite("ManualClock", .timeLimit(.minutes(3)))
struct ManualClockTests {
    @Test func aSleepEndsOnlyWhenTheClockReachesItsDeadline() async throws {
        let sut = ManualClock()
        let woke = LockBox(false)
        let sleeper = Task {
            try await sut.sleep(until: .init(offset: .seconds(2)))
            woke.value = true
        }
        await waitUntil { sut.sleeperCount == 1 }

        sut.advance(by: .seconds(1))
        #expect(!woke.value)
        sut.advance(by: .seconds(1))

        try await sleeper.value
        #expect(woke.value)
        #expect(sut.now == .init(offset: .seconds(2)))
    }

    @Test func aSleepWhoseDeadlineHasPassedReturnsAtOnce() async throws {
        let sut = ManualClock()
        sut.advance(by: .seconds(5))

        try await sut.sleep(until: .init(offset: .seconds(1)))

        #expect(sut.sleeperCount == 0)
    }

    @Test func cancellingASleeperThrowsCancellationError() async {
        let sut = ManualClock()
        let sleeper = Task { try await sut.sleep(until: .init(offset: .seconds(1))) }
        await waitUntil { sut.sleeperCount == 1 }

        sleeper.cancel()

        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(sut.sleeperCount == 0)
    }

    @Test func aSleepCancelledBeforeItStartsLeavesNoSleeper() async {
        let sut = ManualClock()
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }  // Cancelled before the sleep begins.
            try await sut.sleep(until: .init(offset: .seconds(1)))
        }

        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(sut.sleeperCount == 0)
    }

    @Test func neverMovesBackwards() {
        let sut = ManualClock()
        sut.advance(by: .seconds(3))

        sut.advance(to: .init(offset: .seconds(1)))

        #expect(sut.now.offset == .seconds(3))
    }
}
