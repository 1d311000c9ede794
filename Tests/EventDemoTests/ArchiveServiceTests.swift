import EventBus
import EventBusTesting
import EventDemo
import Testing

@Suite("Archive service (async handler)", .timeLimit(.minutes(3)))
struct ArchiveServiceTests {
    @Test func queuesABurstAndArchivesItOneTickAtATimeWithoutDropping() async {
        // Given an archive whose work is timed by a manual clock
        let clock = ManualClock()
        let bus = EventBus()
        let sut = ArchiveService(bus: bus, clock: clock)
        let ticker = TickerService(bus: bus)

        // When a burst arrives, and the bus settles with the clock moved only as far as the
        // archive's next sleep each time
        ticker.burst()
        let received = sut.receivedCount(on: bus)
        let doneBeforeTime = sut.archivedCount
        let settled = await bus.settle(timeout: .seconds(60), advancing: clock)

        // Then all eight were queued, none was archived before its time, all eight were
        // archived, and one at a time: eight sleeps of the work time, one after the other
        #expect(received == 8)
        #expect(doneBeforeTime == 0)
        #expect(settled)
        #expect(sut.archivedCount == 8)
        #expect(clock.now.offset == ArchiveService.workTime * 8)
        sut.stop()
    }
}
