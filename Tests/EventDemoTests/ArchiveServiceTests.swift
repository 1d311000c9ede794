import EventBus
import EventBusTesting
import EventDemo
import Testing

@Suite("Archive service (async handler)", .timeLimit(.minutes(3)))
struct ArchiveServiceTests {
    /// Waits (no sleeps: yields) until `condition` holds or a minute passes.
    private func eventually(_ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(60)
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            await Task.yield()
        }
        return true
    }

    @Test func queuesABurstAndArchivesItOneTickAtATimeWithoutDropping() async {
        // Given an archive whose work is timed by a manual clock
        let clock = ManualClock()
        let bus = EventBus()
        let sut = ArchiveService(bus: bus, clock: clock)
        let ticker = TickerService(bus: bus)

        // When a burst arrives
        ticker.burst()
        let received = sut.receivedCount(on: bus)
        let startedFirst = await eventually { clock.sleeperCount == 1 }
        let doneBeforeTime = sut.archivedCount

        // Then all eight wait, and each step of the clock archives exactly the next one
        var doneAfterEachStep: [Int] = []
        for step in 1...8 {
            _ = await eventually { clock.sleeperCount == 1 }
            clock.advance(by: ArchiveService.workTime)
            _ = await eventually { sut.archivedCount == step }
            doneAfterEachStep.append(sut.archivedCount)
        }
        #expect(received == 8)
        #expect(startedFirst)
        #expect(doneBeforeTime == 0)
        #expect(doneAfterEachStep == Array(1...8))
        sut.stop()
    }
}
