import Testing

@testable import TerminalUI

@Suite("KeyDecoder")
struct KeyDecoderTests {
    private static let table: [(name: String, bytes: [UInt8], keys: [Key])] = [
        ("printable ASCII", Array("la".utf8), [.character("l"), .character("a")]),
        ("space", [0x20], [.character(" ")]),
        ("tab", [0x09], [.tab]),
        ("carriage return", [0x0D], [.enter]),
        ("line feed", [0x0A], [.enter]),
        ("DEL as backspace", [0x7F], [.backspace]),
        ("control-C", [0x03], [.control("c")]),
        ("CSI arrows", Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D".utf8), [.up, .down, .right, .left]),
        ("SS3 arrows", Array("\u{1B}OA\u{1B}OD".utf8), [.up, .left]),
        ("arrow with modifier", Array("\u{1B}[1;5A".utf8), [.up]),
        ("shift-tab", Array("\u{1B}[Z".utf8), [.backTab]),
        ("page keys", Array("\u{1B}[5~\u{1B}[6~".utf8), [.pageUp, .pageDown]),
        ("delete", Array("\u{1B}[3~".utf8), [.delete]),
        (
            "F1 to F4 as SS3", Array("\u{1B}OP\u{1B}OQ\u{1B}OR\u{1B}OS".utf8),
            [.function(1), .function(2), .function(3), .function(4)]
        ),
        (
            "F1 to F3 as CSI n ~", Array("\u{1B}[11~\u{1B}[12~\u{1B}[13~".utf8),
            [.function(1), .function(2), .function(3)]
        ),
        ("F5 and F12", Array("\u{1B}[15~\u{1B}[24~".utf8), [.function(5), .function(12)]),
        ("F2 with shift", Array("\u{1B}[1;2Q".utf8), [.function(2)]),
        ("home and end", Array("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~".utf8), [.home, .end, .home, .end]),
        ("unknown CSI is swallowed", Array("\u{1B}[99~x".utf8), [.character("x")]),
        ("two-byte UTF-8", Array("é".utf8), [.character("é")]),
        ("three-byte UTF-8", Array("€✓".utf8), [.character("€"), .character("✓")]),
        ("four-byte UTF-8", Array("😀".utf8), [.character("😀")]),
        ("broken UTF-8 is dropped", [0xE2, 0x41], [.character("A")]),
        ("stray continuation byte is dropped", [0x80, 0x61], [.character("a")]),
        ("alt-key reports the key", Array("\u{1B}q".utf8), [.character("q")]),
        ("double escape reports one escape", [0x1B, 0x1B], [.escape]),
        // Found by Tests/e2e/fuzz.sh: a paste's text was typed as commands (`q` quit).
        ("bracketed paste is swallowed", Array("\u{1B}[200~qxq\u{1B}[201~a".utf8), [.character("a")]),
        (
            "paste holding escapes is swallowed", Array("\u{1B}[200~\u{1B}[A\u{1B}\u{1B}[201~a".utf8),
            [.character("a")]
        ),
    ]

    @Test("decodes", arguments: table)
    func decodes(_ row: (name: String, bytes: [UInt8], keys: [Key])) {
        var sut = KeyDecoder()

        let events = sut.feed(row.bytes)

        #expect(events == row.keys.map(InputEvent.key), "\(row.name)")
    }

    @Test func holdsALoneEscapeUntilFlushed() {
        var sut = KeyDecoder()

        let keys = sut.feed([0x1B])

        #expect(keys.isEmpty)
        #expect(sut.hasPendingEscape)
        #expect(sut.flush() == .escape)
        #expect(!sut.hasPendingEscape)
        #expect(sut.flush() == nil)
    }

    @Test func flushEndsAPasteWhoseEndNeverCame() {
        var sut = KeyDecoder()

        let pasted = sut.feed(Array("\u{1B}[200~lost end".utf8))
        let waiting = sut.isMidSequence
        let flushed = sut.flush()
        let after = sut.feed(Array("q".utf8))

        #expect(pasted.isEmpty)
        #expect(waiting)
        #expect(flushed == nil)
        #expect(after == [.key(.character("q"))])
    }

    @Test func decodesASequenceSplitAcrossReads() {
        var sut = KeyDecoder()

        let first = sut.feed([0x1B, UInt8(ascii: "[")])
        let second = sut.feed([UInt8(ascii: "B")])

        #expect(first.isEmpty)
        #expect(second == [.key(.down)])
    }

    @Test func parsesKeyScriptWords() {
        #expect(Key(scriptWord: "l") == .character("l"))
        #expect(Key(scriptWord: "tab") == .tab)
        #expect(Key(scriptWord: "Space") == .character(" "))
        #expect(Key(scriptWord: "ctrl-c") == .control("c"))
        #expect(Key(scriptWord: "F2") == .function(2))
        #expect(Key(scriptWord: "f13") == nil)
        #expect(Key(scriptWord: "nonsense") == nil)
    }
}
