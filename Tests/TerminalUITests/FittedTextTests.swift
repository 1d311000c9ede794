import TerminalUI
import Testing

@Suite("Fitted text")
struct FittedTextTests {
    private let parts = [
        TextPart("CartService", rank: 0), TextPart(" ➜ CartDidUpdateEvent", rank: 0),
        TextPart(" ➜ ProfilePane", rank: 2, isListItem: true),
        TextPart(", CartPane", rank: 3, isListItem: true),
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
        #expect(
            parts.fitted(to: 68) == "CartService ➜ CartDidUpdateEvent ➜ ProfilePane +1 more on main-loop…")
        #expect(parts.fitted(to: 67) == "CartService ➜ CartDidUpdateEvent ➜ ProfilePane +1 more")
        #expect(parts.fitted(to: 53) == "CartService ➜ CartDidUpdateEvent +2 more")
    }

    @Test func countsTheListItemsACutDropsInsteadOfEndingANameInAnEllipsis() {
        // Given three receivers, the last two of which a narrow line cannot hold
        let names = [
            TextPart("AuthService", rank: 0), TextPart(" ➜ UserDidLoginEvent", rank: 0),
            TextPart(" ➜ LoginPane", rank: 1, isListItem: true),
            TextPart(", ProfilePane", rank: 3, isListItem: true),
            TextPart(", CartPane", rank: 3, isListItem: true),
        ]

        // When it is fitted to the width of the first receiver and a count
        let sut = names.fitted(to: 51)

        // Then the cut says how many receivers it dropped, and no name is followed by "…"
        #expect(sut == "AuthService ➜ UserDidLoginEvent ➜ LoginPane +2 more")
        #expect(!sut.contains("…"))
    }

    @Test func neverSplitsANameAndNeverExceedsTheWidth() {
        func words(_ line: String) -> [String] {
            // A cut's count (`+2 more`) is not a name.
            line.split(whereSeparator: { " ,;…()".contains($0) }).map(String.init)
                .filter { $0 != "➜" && $0 != "more" && !$0.hasPrefix("+") }
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
