import TerminalUI

/// The parts of the screen around the panes: title bar, status line, help bar, help overlay and
/// the "too small" screen. All pure functions.
enum Chrome {
    static let version = "0.1.0"

    static func titleBar(user: String?, into buffer: inout ScreenBuffer, in rect: Rect) {
        buffer.fill(rect, with: Cell(" ", style: Theme.bar))
        let end = buffer.write(
            " ◆ eventdemo  ", column: rect.x, row: rect.y, style: Theme.barStrong, clip: rect)
        buffer.write(
            "EventBus in action · v\(version)", column: end, row: rect.y, style: Theme.bar, clip: rect)
        let who = user.map { "● \($0) " } ?? "○ signed out "
        buffer.write(who, column: rect.maxX - who.count, row: rect.y, style: Theme.barStrong, clip: rect)
    }

    static func statusLine(_ text: String, isNotice: Bool, into buffer: inout ScreenBuffer, in rect: Rect) {
        let style = isNotice ? Theme.busy : Theme.title
        let end = buffer.write(" ➜ ", column: rect.x, row: rect.y, style: Theme.eventType, clip: rect)
        buffer.write(text, column: end, row: rect.y, style: style, clip: rect)
    }

    static func helpBar(loggedIn: Bool, into buffer: inout ScreenBuffer, in rect: Rect) {
        let keys: [(String, String)] = [
            ("l", loggedIn ? "Logout" : "Login"), ("a", "Add"), ("r", "Remove"), ("c", "Checkout"),
            ("x", "Clear"), ("Tab", "Focus"), ("?", "Help"), ("q", "Quit"),
        ]
        // htop's style: the key in bold, its label on a coloured block; fits 80 columns.
        var x = rect.x + 1
        for (key, label) in keys {
            x = buffer.write(key, column: x, row: rect.y, style: Theme.title, clip: rect)
            x = buffer.write(" \(label) ", column: x, row: rect.y, style: Theme.bar, clip: rect) + 1
        }
    }

    static let helpLines: [(key: String, text: String)] = [
        ("l", "log in as alice / log out (login takes 300 ms, off the loop)"),
        ("a", "add the next product to the cart"),
        ("r", "remove one of the selected cart line"),
        ("c", "check out (signed in, non-empty cart)"),
        ("x", "clear the cart"),
        ("Tab", "move focus; ↑/↓ select in the cart, scroll the log"),
        ("?", "show or hide this help"),
        ("q", "quit"),
        ("", ""),
        ("", "Services publish events on an EventBus. Panes subscribe"),
        ("", "on the main-loop executor, so events published on"),
        ("", "background tasks land on the loop between frames."),
        ("", "The event log taps every publish: who reached it, where."),
    ]

    static func helpOverlay(into buffer: inout ScreenBuffer, in screen: Rect) {
        let box = screen.centered(width: 70, height: helpLines.count + 4)
        buffer.drawBox(
            box, title: "Help", lines: .heavy, border: Theme.focusedBorder, titleStyle: Theme.focusedTitle)
        let inside = box.inset(by: 1)
        for (offset, line) in helpLines.enumerated() {
            let y = inside.y + 1 + offset
            buffer.write(
                line.key.leftPadded(to: 5), column: inside.x, row: y, style: Theme.label, clip: inside)
            buffer.write(line.text, column: inside.x + 7, row: y, clip: inside)
        }
    }

    /// The "too small" screen, whole at any size down to 20x5: the message is cut into phrases
    /// and as many phrases share a line as fit, so a narrow terminal gets more, shorter lines.
    static func tooSmall(_ size: Size, into buffer: inout ScreenBuffer) {
        let minimum = AppLayout.minimumSize
        let paragraphs: [([String], Style)] = [
            (["terminal too small", "(need \(minimum),", "have \(size))"], Theme.warning),
            (["enlarge the window,", "or press q to quit"], Theme.hint),
        ]
        let lines = paragraphs.flatMap { phrases, style in
            wrap(phrases, width: size.width).map { ($0, style) }
        }
        let top = max(0, (size.height - lines.count) / 2)
        for (offset, (text, style)) in lines.enumerated() {
            let column = max(0, (size.width - text.count) / 2)
            buffer.write(text, column: column, row: top + offset, style: style)
        }
    }

    /// Joins `phrases` with spaces into lines of at most `width` characters (a phrase longer
    /// than `width` gets a line of its own).
    static func wrap(_ phrases: [String], width: Int) -> [String] {
        var lines: [String] = []
        for phrase in phrases {
            if let last = lines.last, last.count + 1 + phrase.count <= width {
                lines[lines.count - 1] = last + " " + phrase
            } else {
                lines.append(phrase)
            }
        }
        return lines
    }
}
