import EventBus
import EventBusTracing
import EventDemo
import Foundation
import TerminalUI
import Testing

/// During a replay the Flow view's table of who gets a tick shows what the recording says, as
/// the Bus view does, not the replay bus, where only the ticker pane listens.
@Suite("Replay: the Flow view's receivers are the recording's", .timeLimit(.minutes(3)))
struct ReplayFlowViewTests {
    private static let size = Size(width: 200, height: 60)

    private static func replayed(_ mode: Replayer.Mode, keys: [Key]) throws -> String {
        HeadlessRun.run(
            keys: keys, size: size, services: Fixtures.services(),
            replay: (try Recording(contentsOf: ReplayTests.samplePath), "sample-recording.jsonl", mode),
            timeFormat: Fixtures.utc
        ).text
    }

    @Test func theTickTableOfAReplayListsTheRecordedReceivers() throws {
        // Given the sample recording, whose eight ticks reached the archive and the ticker pane
        let recording = try Recording(contentsOf: ReplayTests.samplePath)
        let ticks = recording.events.filter { $0.entry.eventTypeName == "PriceDidTickEvent" }.count

        // When it has been replayed and the Flow view is shown
        let screen = try Self.replayed(.paced, keys: [.character("2")])

        // Then the table says it is the recording's and lists both receivers, with the archive's
        // recorded deliveries, as the Bus view's map does
        let rows = screen.split(separator: "\n")
        #expect(screen.contains("PriceDidTickEvent reached, as recorded, in delivery order:"), "\(screen)")
        #expect(
            rows.contains { $0.contains("ArchiveService  async     task               \(ticks)        0") },
            "\(screen)")
        #expect(rows.contains { $0.contains("TickerPane      stepping  main-loop") })
        #expect(screen.contains("recorded: got \(ticks) · not replayed"))
        let bus = try Self.replayed(.paced, keys: [.character("3")])
        #expect(
            bus.split(separator: "\n").contains { $0.contains("ArchiveService") && $0.contains("\(ticks)") })
    }

    @Test func aReplaysGuideDoesNotOfferTheBurstKeyItTurnsOff() throws {
        for size in [Size(width: 80, height: 24), Self.size] {
            // Given the sample recording replayed, where `t` publishes nothing
            // When its Flow view is shown
            let screen = HeadlessRun.run(
                keys: [.character("2")], size: size, services: Fixtures.services(),
                replay: (try Recording(contentsOf: ReplayTests.samplePath), "sample-recording.jsonl", .paced),
                timeFormat: Fixtures.utc
            ).text

            // Then the guide says where the ticks come from instead of offering a burst
            #expect(!screen.contains("t: a burst of 8 ticks"), "\(screen)")
            #expect(screen.contains("Replay: ticks come as recorded"), "\(screen)")
        }
    }

    @Test func aSteppedReplayBeforeItsFirstTickSaysNoTickWasReplayed() throws {
        // Given a stepped replay that has published only the login's two events
        let keys: [Key] = [.character("2"), .character(" "), .character(" ")]

        // When the Flow view is shown
        let screen = try Self.replayed(.stepped, keys: keys)

        // Then the table waits for the recording instead of listing the replay bus's ticker pane
        #expect(screen.contains("PriceDidTickEvent: no tick replayed yet"), "\(screen)")
        #expect(!screen.contains("SUBSCRIBER      DELIVERY"))
    }
}
