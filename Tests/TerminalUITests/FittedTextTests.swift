import TerminalUI
import Testing

@Suite("Fitted text")
struct FittedTextTests {
    private let parts = [
        TextPart("CartService", rank: 0), TextPart(" ➜ CartDidUpdateEvent", rank: 0),
        TextPart(" ➜ ProfilePane", rank: 2), TextPart(", CartPane", rank: 3),
        TextPart(" on main-loop", rank: 2),
        TextPart("; skipped: ProfilePane (skipRepeats)", rank: 5),
    ]

    @Test func keepsEverythingThatFits() {
        #expect(
            parts.fitted(to: 200)
                == "CartService ➜ CartDidUpdateEvent ➜ ProfilePane, CartPane on main-loop; skipped: ProfilePane (skipRepeats)"
        )
    }

    @Test func dropsTheHighestRankFirstAndMarksTheCut() {
        #expect(
            parts.fitted(to: 80) == "CartService ➜ CartDidUpdateEvent ➜ ProfilePane, CartPane on main-loop…")
        #expect(parts.fitted(to: 61) == "CartService ➜ CartDidUpdateEvent ➜ ProfilePane… on main-loop…")
        #expect(parts.fitted(to: 60) == "CartService ➜ CartDidUpdateEvent ➜ ProfilePane…")
    }

    @Test func neverSplitsANameAndNeverExceedsTheWidth() {
        func words(_ line: String) -> [String] {
            line.split(whereSeparator: { " ,;…()".contains($0) }).map(String.init).filter { $0 != "➜" }
        }
        let whole = Set(words(parts.map(\.text).joined()))
        for width in 12...120 {
            let line = parts.fitted(to: width)
            #expect(line.count <= width)
            #expect(words(line).allSatisfy(whole.contains), "width \(width): \(line)")
        }
    }

    @Test func cutsProseAtAWord() {
        #expect(
            "Log in first (press l): checkout needs a signed-in user".truncatedAtWord(to: 30)
                == "Log in first (press l)…")
        #expect("short".truncatedAtWord(to: 30) == "short")
        #expect("Supercalifragilistic".truncatedAtWord(to: 8) == "Superca…")
    }
}
