/// Which characters a terminal can show: everything, or only ASCII.
///
/// A terminal whose locale cannot encode box drawing or `€` (`LANG=C`, `LC_ALL=POSIX`) shows
/// blanks for them, so frames vanish. A ``ScreenBuffer`` with the ``ascii`` charset writes an
/// ASCII stand-in for every other character as it is written, so render code stays the same and
/// measures text with ``ScreenBuffer/width(of:)``.
public enum Charset: Equatable, Sendable {
    /// Any Unicode character (one column each).
    case unicode
    /// ASCII only: box drawing becomes `+-|`, `€` becomes `EUR`, bullets `*`, arrows `>`.
    case ascii

    /// Whether `character` can be drawn in this charset without falling back to `?`.
    public func canShow(_ character: Character) -> Bool {
        self == .unicode || character.isASCII || Self.asciiStandIns[character] != nil
    }

    /// What `character` is drawn as: itself, or its ASCII stand-in (`?` when there is none).
    public func shown(_ character: Character) -> String {
        guard self == .ascii, !character.isASCII else { return String(character) }
        if let standIn = Self.asciiStandIns[character] { return standIn }
        return "?"
    }

    private static let asciiStandIns: [Character: String] = [
        // Box drawing: rounded and light lines; heavy ones (the focused pane) use `=`.
        "╭": "+", "╮": "+", "╰": "+", "╯": "+", "─": "-", "│": "|",
        "┏": "+", "┓": "+", "┗": "+", "┛": "+", "━": "=", "┃": "|",
        "┌": "+", "┐": "+", "└": "+", "┘": "+",
        // Money and marks.
        "€": "EUR", "×": "x", "·": "-", "…": "~", "–": "-", "—": "-",
        "●": "*", "○": "o", "◆": "*", "◌": "*", "•": "*", "✓": "*", "✗": "x",
        "▸": ">", "➜": ">", "→": ">", "←": "<", "↑": "^", "↓": "v",
        // Replay and recording badges.
        "▶": ">", "■": "#", "⏯": ">",
        // Ticker directions and step-mode marks.
        "▲": "^", "▼": "v", "␣": "_", "‖": "|", "▇": "#",
        // Nested publishes in the log, skipped, dropped and stopped deliveries in its details.
        "↳": ">", "⤼": "~", "⊘": "0", "▏": "|",
    ]
}
