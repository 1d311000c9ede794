import Testing

@testable import TerminalUI

@Suite("ScreenBuffer")
struct ScreenBufferTests {
    @Test func startsBlankAndRendersAsEmptyLines() {
        let sut = ScreenBuffer(size: Size(width: 4, height: 2))

        #expect(sut.text == "\n")
        #expect(sut[0, 0] == .blank)
    }

    @Test func clipsWritesToTheClipRectangle() {
        var sut = ScreenBuffer(size: Size(width: 10, height: 2))

        let end = sut.write("hello world", column: 2, row: 1, clip: Rect(x: 0, y: 0, width: 6, height: 2))

        #expect(sut.text == "\n  hell")
        #expect(end == 13)
    }

    @Test func ignoresWritesOutsideTheBuffer() {
        var sut = ScreenBuffer(size: Size(width: 3, height: 1))

        sut.write("abc", column: -1, row: 0)
        sut.write("zzz", column: 0, row: 5)
        sut[7, 7] = Cell("x")

        #expect(sut.text == "bc")
    }

    @Test func keepsStylesPerCell() {
        var sut = ScreenBuffer(size: Size(width: 3, height: 1))
        let bold = Style(foreground: .green, attributes: .bold)

        sut.write("€", column: 1, row: 0, style: bold)

        #expect(sut[1, 0] == Cell("€", style: bold))
        #expect(sut[1, 0].isBold)
        #expect(sut[1, 0].foreground == .green)
        #expect(!sut[0, 0].isBold)
    }

    @Test func drawsControlCharactersAsSpaces() {
        var sut = ScreenBuffer(size: Size(width: 3, height: 1))

        sut.write("a\nb", column: 0, row: 0)

        #expect(sut.text == "a b")
    }

    @Test func drawsABoxWithATitle() {
        var sut = ScreenBuffer(size: Size(width: 14, height: 3))

        sut.drawBox(Rect(x: 0, y: 0, width: 14, height: 3), title: "Cart")

        #expect(
            sut.text == """
                ╭─ Cart ─────╮
                │            │
                ╰────────────╯
                """)
    }

    @Test func truncatesABoxTitleThatDoesNotFit() {
        var sut = ScreenBuffer(size: Size(width: 9, height: 2))

        sut.drawBox(Rect(x: 0, y: 0, width: 9, height: 2), title: "Event log", lines: .heavy)

        #expect(sut.text == "┏━ Eve… ┓\n┗━━━━━━━┛")
    }

    @Test func truncatesStringsWithAnEllipsis() {
        #expect("checkout".truncated(to: 5) == "chec…")
        #expect("ok".truncated(to: 5) == "ok")
        #expect("ok".leftPadded(to: 4) == "  ok")
    }
}
