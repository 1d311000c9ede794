import Testing

@testable import TerminalUI

@Suite("KeyDecoder: mouse reports")
struct MouseDecodingTests {
    typealias Row = (name: String, bytes: String, events: [InputEvent])

    private static func press(
        _ button: MouseEvent.Button, _ column: Int, _ row: Int, _ modifiers: MouseEvent.Modifiers = []
    ) -> InputEvent {
        .mouse(MouseEvent(button, .press, column: column, row: row, modifiers: modifiers))
    }

    private static func mouse(
        _ button: MouseEvent.Button, _ action: MouseEvent.Action, _ column: Int, _ row: Int
    ) -> InputEvent {
        .mouse(MouseEvent(button, action, column: column, row: row))
    }

    private static let sgr: [Row] = [
        ("left press, 1-based on the wire", "\u{1B}[<0;1;1M", [press(.left, 0, 0)]),
        ("left release is a lower-case m", "\u{1B}[<0;10;5m", [mouse(.left, .release, 9, 4)]),
        ("middle and right", "\u{1B}[<1;3;4M\u{1B}[<2;3;4M", [press(.middle, 2, 3), press(.right, 2, 3)]),
        (
            "wheel up and down", "\u{1B}[<64;20;7M\u{1B}[<65;20;7M",
            [press(.wheelUp, 19, 6), press(.wheelDown, 19, 6)]
        ),
        ("drag (motion bit)", "\u{1B}[<32;5;5M", [mouse(.left, .drag, 4, 4)]),
        ("shift, alt and control", "\u{1B}[<28;2;2M", [press(.left, 1, 1, [.shift, .alt, .control])]),
        ("columns past 223 (what X10 cannot say)", "\u{1B}[<0;300;60M", [press(.left, 299, 59)]),
        (
            "keys around a report", "a\u{1B}[<0;1;1Mb",
            [.key(.character("a")), press(.left, 0, 0), .key(.character("b"))]
        ),
        ("horizontal wheel is swallowed", "\u{1B}[<66;1;1Mx", [.key(.character("x"))]),
        ("extra buttons are swallowed", "\u{1B}[<128;1;1Mx", [.key(.character("x"))]),
        ("too few numbers is swallowed", "\u{1B}[<0;1Mx", [.key(.character("x"))]),
        ("empty numbers are swallowed", "\u{1B}[<;;Mx", [.key(.character("x"))]),
        (
            "a number that overflows is swallowed", "\u{1B}[<0;99999999999999999999;1Mx",
            [.key(.character("x"))]
        ),
        (
            "an overlong sequence is swallowed", "\u{1B}[<" + String(repeating: "1", count: 100) + "Mx",
            [.key(.character("x"))]
        ),
        ("wrong final byte is swallowed", "\u{1B}[<0;1;1Zx", [.key(.character("x"))]),
    ]

    private static let x10: [Row] = [
        // ESC [ M, then 32 + button, 32 + column, 32 + row (1-based): "!!" is column 1, row 1.
        ("left press", "\u{1B}[M !!", [press(.left, 0, 0)]),
        ("release says no button", "\u{1B}[M#+%", [mouse(.unknown, .release, 10, 4)]),
        ("wheel down", "\u{1B}[Ma!!", [press(.wheelDown, 0, 0)]),
        ("its bytes never leak as typed text", "\u{1B}[M !!q", [press(.left, 0, 0), .key(.character("q"))]),
    ]

    @Test("decodes SGR (mode 1006) reports", arguments: sgr)
    func decodesSGR(_ row: Row) {
        var sut = KeyDecoder()

        let events = sut.feed(Array(row.bytes.utf8))

        #expect(events == row.events, "\(row.name)")
    }

    @Test("decodes X10 reports", arguments: x10)
    func decodesX10(_ row: Row) {
        var sut = KeyDecoder()

        let events = sut.feed(Array(row.bytes.utf8))

        #expect(events == row.events, "\(row.name)")
    }

    @Test func decodesAReportSplitAcrossReads() {
        var sut = KeyDecoder()

        let first = sut.feed(Array("\u{1B}[<0;1".utf8))
        let second = sut.feed(Array("2;3M".utf8))

        #expect(first.isEmpty)
        #expect(second == [Self.press(.left, 11, 2)])
    }

    @Test func treatsOnlyALeftPressAsAClick() {
        #expect(MouseEvent(.left, column: 0, row: 0).isClick)
        #expect(!MouseEvent(.left, .release, column: 0, row: 0).isClick)
        #expect(!MouseEvent(.right, column: 0, row: 0).isClick)
        #expect(!MouseEvent(.wheelUp, column: 0, row: 0).isClick)
    }
}
