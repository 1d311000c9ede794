/// The line characters of a box border.
public struct BoxStyle: Sendable, Equatable {
    /// Top-left, top-right, bottom-left, bottom-right corners.
    public var corners: (Character, Character, Character, Character)
    /// Horizontal and vertical lines.
    public var horizontal: Character, vertical: Character

    /// Rounded corners (`╭─╮`), the look of lazygit.
    public static let rounded = BoxStyle(corners: ("╭", "╮", "╰", "╯"), horizontal: "─", vertical: "│")
    /// Heavy lines (`┏━┓`), for the focused pane.
    public static let heavy = BoxStyle(corners: ("┏", "┓", "┗", "┛"), horizontal: "━", vertical: "┃")

    /// Compares line characters (tuples are not `Equatable`).
    public static func == (lhs: BoxStyle, rhs: BoxStyle) -> Bool {
        lhs.corners == rhs.corners && lhs.horizontal == rhs.horizontal && lhs.vertical == rhs.vertical
    }
}

extension ScreenBuffer {
    /// Draws a border around `rect` with an optional title in the top edge: `╭─ Title ───╮`.
    ///
    /// The inside is cleared. Rectangles smaller than 2x2 draw nothing. A title that does not fit is
    /// truncated with `…`.
    public mutating func drawBox(
        _ rect: Rect, title: String = "", lines: BoxStyle = .rounded, border: Style = .plain,
        titleStyle: Style = Style(attributes: .bold)
    ) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        fill(rect.inset(by: 1))
        let (topLeft, topRight, bottomLeft, bottomRight) = lines.corners
        let horizontal = String(repeating: lines.horizontal, count: rect.width - 2)
        let vertical = String(lines.vertical)
        write(String(topLeft) + horizontal + String(topRight), column: rect.x, row: rect.y, style: border)
        write(
            String(bottomLeft) + horizontal + String(bottomRight), column: rect.x, row: rect.maxY - 1,
            style: border)
        for row in (rect.y + 1)..<(rect.maxY - 1) {
            write(vertical, column: rect.x, row: row, style: border)
            write(vertical, column: rect.maxX - 1, row: row, style: border)
        }
        guard !title.isEmpty, rect.width >= 6 else { return }
        let shown = " " + title.truncated(to: rect.width - 5) + " "
        write(shown, column: rect.x + 2, row: rect.y, style: titleStyle)
    }
}
