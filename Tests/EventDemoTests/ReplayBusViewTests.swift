import EventBus
import EventDemo
import Foundation
import TerminalUI
import Testing

/// During a replay the Bus view shows what the recording says (who received each replayed
/// event, where it was published), not the replay bus, where only the panes listen and the
/// replayer is the only call site.
@Suite("Replay: the Bus view shows the recording", .timeLimit(.minutes(3)))
struct ReplayBusViewTests {
    private static func replayed(_ mode: Replayer.Mode, keys: [Key], size: Size) throws -> String {
        HeadlessRun.run(
            keys: keys, size: size, services: Fixtures.services(),
            replay: (try Recording(contentsOf: ReplayTests.samplePath), "sample-recording.jsonl", mode),
            timeFormat: Fixtures.utc
        ).text
    }

    @Test func theBusViewOfAReplayMapsTheRecordedSubscriptionsAndCallSites() throws {
        // Given the sample recording replayed to its end
        let recording = try Recording(contentsOf: ReplayTests.samplePath)

        // When the Bus view is shown
        let screen = try Self.replayed(.paced, keys: [.character("3")], size: Size(width: 120, height: 40))

        // Then it says it shows the recording, with the services that received events live (none
        // of which listens on the replay bus) and the recorded call sites, not the replayer's
        let count = recording.events.count
        #expect(screen.contains("Recorded subscriptions (\(count)/\(count) replayed)"), "\(screen)")
        let rows = screen.split(separator: "\n")
        #expect(
            rows.contains { $0.contains("AuditService") && $0.contains("interceptor") && $0.contains("100") })
        #expect(rows.contains { $0.contains("ProfileService") && $0.contains("synchronous") })
        #expect(rows.contains { $0.contains("ArchiveService") && $0.contains("async") })
        #expect(screen.contains("← AuthService.swift:91"))
        #expect(!screen.contains("Replayer.swift"))
        #expect(!screen.contains("BusPane"))  // the replay bus's own DeadEvent subscription
        assertGolden(screen, named: "replay-bus-120x40")
    }

    @Test func aSteppedReplaysBusViewGrowsWithEachReplayedEvent() throws {
        // Given a stepped replay on the Bus view
        let size = Size(width: 100, height: 30)

        // When nothing, then two events, have been replayed
        let before = try Self.replayed(.stepped, keys: [.character("3")], size: size)
        let after = try Self.replayed(
            .stepped, keys: [.character("3"), .character(" "), .character(" ")], size: size)

        // Then the map starts empty, saying why, and holds only what the two events reached
        #expect(before.contains("Recorded subscriptions (0/"))
        #expect(before.contains("Nothing replayed yet"))
        #expect(after.contains("Recorded subscriptions (2/"))
        #expect(after.contains("LoginDidStartEvent") && after.contains("UserDidLoginEvent"))
        #expect(after.contains("LoyaltyService"))
        #expect(!after.contains("CartDidUpdateEvent"))
    }
}
