import Testing

@testable import TerminalUI

/// Issue 7, bug 5: in `LANG=C` box drawing and `€` drew as blanks and the frames vanished.
@Suite("ASCII fallback")
struct CharsetTests {
    @Test func drawsBoxesWithPlusMinusAndBar() {
        var sut = ScreenBuffer(size: Size(width: 10, height: 3), charset: .ascii)

        sut.drawBox(sut.bounds, title: "Cart")

        #expect(sut.text == "+- Cart -+\n|        |\n+--------+")
    }

    @Test func drawsTheFocusedPanesHeavyLinesWithEquals() {
        var sut = ScreenBuffer(size: Size(width: 4, height: 3), charset: .ascii)

        sut.drawBox(sut.bounds, lines: .heavy)

        #expect(sut.text == "+==+\n|  |\n+==+")
    }

    @Test func writesTheEuroSignAsEURAndMeasuresIt() {
        var sut = ScreenBuffer(size: Size(width: 12, height: 1), charset: .ascii)

        let end = sut.write("€18.90", column: 0, row: 0)

        #expect(sut.text == "EUR18.90")
        #expect(end == 8)
        #expect(sut.width(of: "€18.90") == 8)
    }

    @Test(arguments: [
        ("● Alice", "* Alice"), ("○ signed out", "o signed out"), ("▸1 × Mug", ">1 x Mug"),
        ("✓ Order", "* Order"), (" ➜ Auth", " > Auth"), ("Signing in…", "Signing in~"), ("日本", "??"),
    ])
    func writesAnASCIIStandInForEveryOtherCharacter(text: String, shown: String) {
        var sut = ScreenBuffer(size: Size(width: 20, height: 1), charset: .ascii)

        sut.write(text, column: 0, row: 0)

        #expect(sut.text == shown)
        #expect(sut.rows[0].allSatisfy { $0.character.isASCII })
    }

    @Test func leavesUnicodeAloneWhenTheTerminalCanShowIt() {
        var sut = ScreenBuffer(size: Size(width: 8, height: 1))

        sut.write("€1 ─ ●", column: 0, row: 0)

        #expect(sut.text == "€1 ─ ●")
        #expect(sut.width(of: "€1 ─ ●") == 6)
    }
}

/// Issue 7, bug 6: `NO_COLOR` and `--no-color` leave emphasis to attributes.
@Suite("Monochrome styles")
struct MonochromeStyleTests {
    @Test func dropsColoursAndKeepsAttributes() {
        let sut = Style(foreground: .red, attributes: .bold)

        #expect(sut.monochrome == Style(attributes: .bold))
    }

    @Test func turnsAColouredBackgroundIntoReverseVideo() {
        let sut = Style(foreground: .black, background: .cyan, attributes: .bold)

        #expect(sut.monochrome == Style(attributes: [.bold, .reverse]))
        #expect(Style.plain.monochrome == .plain)
    }
}
