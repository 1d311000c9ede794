import TerminalUI

/// The parts of the screen around the panes: title bar, status line, help bar, help overlay and
/// the "too small" screen. All pure functions.
enum Chrome {
    static let version = "0.1.0"

    static func titleBar(user: String?, badge: String? = nil, into buffer: inout ScreenBuffer, in rect: Rect)
    {
        buffer.fill(rect, with: Cell(" ", style: Theme.bar))
        let end = buffer.write(
            " ◆ eventdemo  ", column: rect.x, row: rect.y, style: Theme.barStrong, clip: rect)
        buffer.write(
            "EventBus in action · v\(version)", column: end, row: rect.y, style: Theme.bar, clip: rect)
        let who = user.map { "● \($0) " } ?? "○ signed out "
        buffer.write(who, column: rect.maxX - who.count, row: rect.y, style: Theme.barStrong, clip: rect)
        if let badge {
            let shown = " \(badge) "
            buffer.write(
                shown, column: rect.maxX - who.count - shown.count - 1, row: rect.y, style: Theme.badge,
                clip: rect)
        }
    }

    static func statusLine(_ text: String, isNotice: Bool, into buffer: inout ScreenBuffer, in rect: Rect) {
        let style = isNotice ? Theme.busy : Theme.title
        let end = buffer.write(" ➜ ", column: rect.x, row: rect.y, style: Theme.eventType, clip: rect)
        buffer.write(text, column: end, row: rect.y, style: style, clip: rect)
    }

    /// One clickable entry of the help bar: the key it stands for and where it is drawn.
    struct HelpButton: Equatable {
        var key: Key
        var keyName: String
        var label: String
        var rect: Rect
    }

    /// The help bar's buttons laid out in `rect`: what ``helpBar(loggedIn:into:in:)`` draws and
    /// what a click is tested against, from one function so the two cannot disagree.
    static func helpButtons(loggedIn: Bool, in rect: Rect) -> [HelpButton] {
        let keys: [(Key, String, String)] = [
            (.character("l"), "l", loggedIn ? "Logout" : "Login"), (.character("a"), "a", "Add"),
            (.character("r"), "r", "Remove"), (.character("c"), "c", "Checkout"),
            (.character("x"), "x", "Clear"), (.tab, "Tab", "Focus"), (.character("?"), "?", "Help"),
            (.character("q"), "q", "Quit"),
        ]
        var x = rect.x + 1
        return keys.map { key, name, label in
            let width = name.count + label.count + 2
            defer { x += width + 1 }
            return HelpButton(
                key: key, keyName: name, label: label, rect: Rect(x: x, y: rect.y, width: width, height: 1))
        }
    }

    static func helpBar(loggedIn: Bool, into buffer: inout ScreenBuffer, in rect: Rect) {
        // htop's style: the key in bold, its label on a coloured block; fits 80 columns.
        for button in helpButtons(loggedIn: loggedIn, in: rect) {
            let x = buffer.write(
                button.keyName, column: button.rect.x, row: rect.y, style: Theme.title, clip: rect)
            buffer.write(" \(button.label) ", column: x, row: rect.y, style: Theme.bar, clip: rect)
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
