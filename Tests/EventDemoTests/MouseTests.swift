import EventDemo
import Foundation
import TerminalUI
import Testing

@Suite("Mouse", .timeLimit(.minutes(3)))
struct MouseTests {
    private static func click(_ column: Int, _ row: Int) -> MouseEvent {
        MouseEvent(.left, column: column, row: row)
    }

    /// The column of `text` on the screen's last row (the help bar).
    @MainLoop
    private static func helpBarColumn(of text: String, in harness: LoopHarness) throws -> Int {
        let bar = try #require(harness.screen.split(separator: "\n", omittingEmptySubsequences: false).last)
        let range = try #require(bar.range(of: text))
        return bar.distance(from: bar.startIndex, to: range.lowerBound)
    }

    @Test func clickingAHelpBarButtonDoesWhatItsKeyDoes() throws {
        try onLoop {
            let harness = LoopHarness(size: Size(width: 80, height: 24))
            let add = try Self.helpBarColumn(of: "a Add", in: harness)

            harness.sut.handle(Self.click(add + 2, 23))
            harness.drain()

            #expect(harness.screen.contains("Total (1 item)"))
        }
    }

    @Test func clickingAPaneFocusesIt() {
        onLoop {
            let harness = LoopHarness(size: Size(width: 80, height: 24))

            harness.sut.handle(Self.click(5, 3))  // Inside the login pane.
            let afterLogin = harness.sut.focus
            harness.sut.handle(Self.click(40, 18))  // Inside the event log.

            #expect(afterLogin == .login)
            #expect(harness.sut.focus == .eventLog)
            #expect(harness.screen.contains("┏━ Event log"))
        }
    }

    @Test func ignoresReleasesRightClicksAndClicksOnNothing() {
        onLoop {
            let harness = LoopHarness(size: Size(width: 80, height: 24))
            let before = harness.screen

            harness.sut.handle(MouseEvent(.left, .release, column: 5, row: 3))
            harness.sut.handle(MouseEvent(.right, column: 5, row: 3))
            harness.sut.handle(Self.click(79, 23))  // Past the last help-bar button.
            harness.sut.handle(Self.click(500, 500))

            #expect(harness.screen == before)
        }
    }

    @Test func theWheelScrollsTheEventLogOnlyWhenOverIt() {
        onLoop {
            let harness = LoopHarness(size: Size(width: 80, height: 24))
            for _ in 0..<10 { harness.press(.character("a")) }
            harness.drain()

            harness.sut.handle(MouseEvent(.wheelDown, column: 40, row: 3))  // Over the login pane.
            let elsewhere = harness.sut.eventLog.scrollOffset
            harness.sut.handle(MouseEvent(.wheelDown, column: 40, row: 18))
            harness.sut.handle(MouseEvent(.wheelDown, column: 40, row: 18))
            let down = harness.sut.eventLog.scrollOffset
            harness.sut.handle(MouseEvent(.wheelUp, column: 40, row: 18))

            #expect(elsewhere == 0)
            #expect(down == 6)
            #expect(harness.sut.eventLog.scrollOffset == 3)
        }
    }

    @Test func aClickAnywhereClosesTheHelp() {
        onLoop {
            let harness = LoopHarness(size: Size(width: 80, height: 24))
            harness.press(.character("?"))

            harness.sut.handle(Self.click(40, 12))

            #expect(!harness.sut.showsHelp)
            #expect(harness.sut.focus == .cart)  // The click only closed the help.
        }
    }
}
