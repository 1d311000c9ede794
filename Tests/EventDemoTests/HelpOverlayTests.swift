import TerminalUI
import Testing

@testable import EventDemo

@Suite("Help overlay", .timeLimit(.minutes(3)))
struct HelpOverlayTests {
    /// The overlay's text rows (inside its frame) at every scroll position, joined.
    @MainLoop private func everythingShown(at size: Size) -> (text: String, screens: [String]) {
        let harness = LoopHarness(size: size)
        harness.press(.character("?"))
        var seen: [String] = []
        var screens: [String] = []
        for _ in 0..<40 {
            let screen = harness.screen
            screens.append(screen)
            seen += screen.split(separator: "\n").compactMap { row -> String? in
                guard let left = row.firstIndex(of: "┃"), let right = row.lastIndex(of: "┃"), left < right
                else { return nil }
                return String(row[row.index(after: left)..<right])
            }
            harness.press(.down)
        }
        return (seen.joined(separator: " "), screens)
    }

    @Test(arguments: [
        Size(width: 80, height: 24), Size(width: 100, height: 30), Size(width: 200, height: 60),
    ])
    func showsEveryLineWholeByScrollingIfNeeded(size: Size) {
        // Issue 19, item 6: the ticker line was cut at every size; no word of mouse or Esc.
        onLoop {
            let (text, _) = everythingShown(at: size)
            let words = text.split(separator: " ")
            for line in Chrome.helpLines {
                let expected = (line.key + " " + line.text).split(separator: " ")
                var position = words.startIndex
                for word in expected {
                    guard let found = words[position...].firstIndex(of: word) else {
                        Issue.record("'\(word)' of '\(line.text)' missing at \(size)")
                        break
                    }
                    position = found
                }
            }
            #expect(text.contains("mouse"))
            #expect(text.contains("Esc"))
        }
    }

    @Test func fitsAt80x24AndSaysWhatIsBelow() {
        onLoop {
            let harness = LoopHarness(size: Size(width: 80, height: 24))
            harness.press(.character("?"))
            // The top is the golden screen-help (LayoutTests).
            #expect(harness.screen.contains("more · Esc closes"))
            harness.press(.end)
            assertGolden(harness.screen, named: "screen-help-scrolled-to-the-end")
            harness.press(.escape)
            #expect(!harness.sut.showsHelp)
        }
    }

    @Test func mentionsTheMouseOnItsFirstPageAt80x24() {
        onLoop {
            // Given the smallest terminal the app runs in
            let harness = LoopHarness(size: Size(width: 80, height: 24))

            // When help opens
            harness.press(.character("?"))

            // Then its first page, unscrolled, says what the mouse does
            #expect(harness.screen.contains("mouse  click a tab, a pane"), "\(harness.screen)")
        }
    }

    @Test(arguments: [Size(width: 80, height: 24), Size(width: 100, height: 30)])
    func breaksALongLineBetweenClausesNotInsideOne(size: Size) {
        // Given the help laid out for the box at this size
        let box = Chrome.helpBox(in: Rect(size: size))

        // When the ticker line is wrapped
        let rows = Chrome.helpRows(width: box.width - 2)
        let ticker = rows.firstIndex { $0.key.hasSuffix("t") }!

        // Then it breaks after its clause, and the next row holds the whole last clause
        #expect(rows[ticker].text == "ticker burst: 8 prices at once (hold for more);")
        #expect(rows[ticker + 1].text == "its pane is paced")
    }

    @Test func wrapsAClauseLongerThanALineAtWords() {
        let sut = Chrome.wrapAtClauses("one two three four five six, seven", width: 10)

        #expect(sut == ["one two", "three four", "five six,", "seven"])
    }
}
