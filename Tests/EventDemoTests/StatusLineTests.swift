import EventBus
import EventDemo
import Foundation
import TerminalUI
import Testing

@Suite("Status line at 80 columns", .timeLimit(.minutes(3)))
struct StatusLineTests {
    private func words(_ text: String) -> [String] {
        // A cut's count (`+2 more`) is not a name.
        text.split(whereSeparator: { " ,;…()➜".contains($0) }).map(String.init)
            .filter { $0 != "more" && !$0.hasPrefix("+") }
    }

    @Test func shortensTheFlowByWholeNamesAndMarksTheCut() {
        // Issue 19, item 5: "…skipped: ProfilePane (skipRepeats), CartPa", "…; LoginP".
        onLoop {
            let harness = LoopHarness(size: Size(width: 80, height: 24))
            var shortened = 0
            for key in ["l", "a", "a", "r", "r", "r", "t", "x"] {
                harness.press(.character(Character(key)))
                harness.settle()
                guard let newest = harness.sut.eventLog.entries.first else { continue }
                let whole = Set(words(newest.flowDescription))
                for width in 80...110 {  // every place a cut can fall
                    harness.sut.resize(to: Size(width: width, height: 24))
                    let row = harness.screen.split(separator: "\n", omittingEmptySubsequences: false)[22]
                    let text = String(row.dropFirst(3)).components(separatedBy: "  ")[0]  // before the badge
                    #expect(words(text).allSatisfy(whole.contains), "after \(key) at \(width): \(row)")
                    #expect(
                        text.hasPrefix("\(newest.publisher) ➜ \(newest.typeName)"), "after \(key): \(row)")
                    if text != newest.flowDescription {
                        shortened += 1
                        #expect(
                            text.contains("…") || text.contains(" more"), "after \(key) at \(width): \(row)")
                    }
                }
                harness.sut.resize(to: Size(width: 80, height: 24))
            }
            #expect(shortened > 0)  // the check above had something to check
        }
    }

    @Test func keepsTheReceiversAndTheirExecutorBeforeTheSkips() {
        let entry = EventLogEntry(
            sequenceNumber: 1, time: Fixtures.date, typeName: "CartDidUpdateEvent", publisher: "CartService",
            summary: "", reachedCount: 1,
            recipients: [.init(subscriberName: "CartPane", executorLabel: "main-loop")],
            skips: [.init(subscriberName: "ProfilePane", executorLabel: "main-loop", reason: "skipRepeats")])
        #expect(entry.flowParts.fitted(to: 64) == "CartService ➜ CartDidUpdateEvent ➜ CartPane on main-loop…")
    }

    @Test func saysHowManyReceiversItLeftOutInsteadOfCuttingAName() {
        // Given a cart update that reached two panes on the loop (the newest event after a)
        onLoop {
            let harness = LoopHarness(size: Size(width: 80, height: 24))

            // When the status line at 80 columns cannot hold both names
            harness.press(.character("a"))
            harness.settle()
            let row = harness.screen.split(separator: "\n", omittingEmptySubsequences: false)[22]

            // Then it counts the one it left out, and no receiver reads as a word cut off
            #expect(row.contains("➜ ProfilePane +1 more"), "\(row)")
            #expect(!row.contains("ProfilePane…"), "\(row)")
        }
    }
}
