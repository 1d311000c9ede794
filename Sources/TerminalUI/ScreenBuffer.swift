/// A screen's worth of cells: the value every render function writes into.
///
/// Rendering is a pure function from state to a `ScreenBuffer`; only a ``Terminal`` turns it into
/// bytes. Writes outside the buffer, or outside the clip rectangle a caller passes, are dropped, so
/// render code never needs to bounds-check.
public struct ScreenBuffer: Equatable, Sendable {
    /// The buffer's size.
    public let size: Size
    /// The cells, row by row; `rows[y][x]`.
    public private(set) var rows: [[Cell]]
    /// What the terminal can show; with ``Charset/ascii``, ``write(_:column:row:style:clip:)``
    /// writes ASCII stand-ins.
    public let charset: Charset

    /// Creates a buffer of blank cells.
    public init(size: Size, charset: Charset = .unicode) {
        self.size = size
        self.charset = charset
        self.rows = Array(repeating: Array(repeating: .blank, count: size.width), count: size.height)
    }

    /// The whole buffer as a rectangle.
    public var bounds: Rect { Rect(size: size) }

    /// The cell at a position; reads outside return a blank cell and writes outside are ignored.
    public subscript(column: Int, row: Int) -> Cell {
        get { bounds.contains(column: column, row: row) ? rows[row][column] : .blank }
        set {
            guard bounds.contains(column: column, row: row) else { return }
            rows[row][column] = newValue
        }
    }

    /// Fills `rect` (clipped to the buffer) with `cell`.
    public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
        let area = rect.intersection(bounds)
        for row in area.y..<area.maxY {
            for column in area.x..<area.maxX { rows[row][column] = cell }
        }
    }

    /// Writes `text` starting at (`column`, `row`), one cell per character, clipped to `clip`.
    ///
    /// Control characters are drawn as spaces so a stray newline cannot corrupt the layout.
    /// - Returns: the column just after the last character written (or that would have been).
    @discardableResult
    public mutating func write(
        _ text: String, column: Int, row: Int, style: Style = .plain, clip: Rect? = nil
    ) -> Int {
        let area = (clip ?? bounds).intersection(bounds)
        var x = column
        for character in text {
            if charset == .ascii, !character.isASCII {
                for standIn in charset.shown(character) { x = put(standIn, column: x, row: row, style, area) }
            } else {
                x = put(character, column: x, row: row, style, area)
            }
        }
        return x
    }

    /// How many columns `text` takes when written here (more than its length in ASCII, where `€`
    /// is `EUR`); for right-aligning.
    public func width(of text: String) -> Int {
        guard charset == .ascii else { return text.count }
        return text.reduce(0) { $0 + ($1.isASCII ? 1 : charset.shown($1).count) }
    }

    private mutating func put(_ character: Character, column x: Int, row: Int, _ style: Style, _ area: Rect)
        -> Int
    {
        if area.contains(column: x, row: row) {
            let shown: Character = character.isASCII && (character.asciiValue ?? 32) < 32 ? " " : character
            rows[row][x] = Cell(shown, style: style)
        }
        return x + 1
    }

    /// Applies `style` to the existing characters in `rect` (for highlighting a selected row).
    public mutating func restyle(_ rect: Rect, style: Style) {
        let area = rect.intersection(bounds)
        for row in area.y..<area.maxY {
            for column in area.x..<area.maxX { rows[row][column].style = style }
        }
    }

    /// The characters as plain text, one line per row, trailing spaces trimmed; for tests and
    /// headless output.
    public var text: String {
        rows.map { row in
            var line = String(row.map(\.character))
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}

extension String {
    /// The string cut to `width` characters, ending in `…` when something was cut.
    public func truncated(to width: Int) -> String {
        guard width > 0 else { return "" }
        guard count > width else { return self }
        return String(prefix(width - 1)) + "…"
    }

    /// The string padded with spaces on the left to `width` characters (or truncated).
    public func leftPadded(to width: Int) -> String {
        count >= width ? truncated(to: width) : String(repeating: " ", count: width - count) + self
    }
}
