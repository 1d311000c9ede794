import EventBus
import EventBusTracing
import EventDemo
import Foundation
import TerminalUI
import Testing

/// A tall terminal's Bus view: the rows the map and its key leave go to the last publishes,
/// where each came from and whom it reached, instead of staying blank.
@Suite("Bus view: the last publishes on a tall terminal", .timeLimit(.minutes(3)))
struct BusRecentTests {
    /// The map's box, from its title row to its bottom border.
    private static func mapRows(_ screen: String) -> [Substring] {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let top = rows.firstIndex { $0.hasPrefix("┏━") } ?? 0
        let bottom = rows.firstIndex { $0.hasPrefix("┗━") } ?? rows.endIndex
        return Array(rows[(top + 1)..<bottom])
    }

    @Test func aTallBusViewListsTheLastPublishesInTheRowsTheMapLeaves() {
        // Given a signed-in user who filled a cart and burst the ticker, on a 200x60 terminal
        let keys = "l a a t".split(separator: " ").map { Key.character(Character(String($0))) }

        // When the Bus view is shown
        let screen = HeadlessRun.run(
            keys: keys + [.character("3")], size: Size(width: 200, height: 60), services: Fixtures.services(),
            timeFormat: Fixtures.utc
        ).text

        // Then under the key come the newest publishes with their call sites and receivers, and
        // the map's box has at most the two blank rows between its sections
        let rows = Self.mapRows(screen)
        #expect(screen.contains("LAST PUBLISHES, NEWEST FIRST"), "\(screen)")
        #expect(
            rows.contains {
                $0.contains("PriceDidTickEvent") && $0.contains("← TickerService.swift:42 burst(count:)")
                    && $0.contains("→ ArchiveService, TickerPane")
            })
        // and an owner-less receiver is named as the map names it, by its token
        #expect(
            rows.contains { $0.contains("CartAction") && $0.contains("→ ownerless (token)") }, "\(screen)")
        let blank = rows.filter { $0.dropFirst().dropLast().allSatisfy { $0 == " " } }
        #expect(blank.count <= 2, "\(blank.count) blank rows in the map:\n\(screen)")
    }

    @Test func aReplaysLastPublishesAreTheRecordedOnes() throws {
        // Given the sample recording replayed to its end
        let recording = try Recording(contentsOf: ReplayTests.samplePath)

        // When its Bus view is shown on a 200x60 terminal
        let screen = HeadlessRun.run(
            keys: [.character("3")], size: Size(width: 200, height: 60), services: Fixtures.services(),
            replay: (recording, "sample-recording.jsonl", .paced), timeFormat: Fixtures.utc
        ).text

        // Then the newest is the recording's last publish, by its recorded number, nested under
        // its action, with its recorded receivers (the replay bus's cart pane has no profile pane)
        let last = try #require(recording.events.last).entry
        let row = Self.mapRows(screen).first { $0.contains("#\(last.sequenceNumber) ↳ ") } ?? ""
        #expect(
            row.contains("CartDidUpdateEvent") && row.contains("← CartService.swift:42 add()"), "\(screen)")
        #expect(row.contains("→ ProfilePane, CartPane"))
        #expect(!screen.contains("Replayer.swift"))
    }
}
