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
        buffer.write(
            who, column: rect.maxX - buffer.width(of: who), row: rect.y, style: Theme.barStrong, clip: rect)
        if let badge {
            let shown = " \(badge) "
            buffer.write(
                shown, column: rect.maxX - buffer.width(of: who) - buffer.width(of: shown) - 1, row: rect.y,
                style: Theme.badge,
                clip: rect)
        }
    }

    /// The event log's mode, which the status line and the help bar both show.
    struct LogMode: Equatable {
        /// Step mode is on.
        var isStepping = false
        /// Records waiting to be let into the log.
        var waiting = 0
        /// Records the step backlog dropped.
        var dropped = 0

        /// The status line's right end: which mode is on and, when stepping, what waits.
        var badge: String {
            guard isStepping else { return "log: live" }
            return "‖ STEP · \(waiting) waiting" + (dropped > 0 ? " · \(dropped) dropped" : "")
        }
    }

    static func statusLine(
        _ text: String, isNotice: Bool, log: LogMode = LogMode(), into buffer: inout ScreenBuffer,
        in rect: Rect
    ) {
        let badge = " " + log.badge + " "
        let badgeX = rect.maxX - badge.count
        let style = isNotice ? Theme.busy : Theme.title
        let textClip = Rect(x: rect.x, y: rect.y, width: max(0, badgeX - 1 - rect.x), height: 1)
        let end = buffer.write(" ➜ ", column: rect.x, row: rect.y, style: Theme.eventType, clip: textClip)
        buffer.write(text, column: end, row: rect.y, style: style, clip: textClip)
        buffer.write(
            badge, column: badgeX, row: rect.y, style: log.isStepping ? Theme.stepBadge : Theme.hint,
            clip: rect)
    }

    /// One clickable entry of the help bar: the key it stands for and where it is drawn.
    struct HelpButton: Equatable {
        var key: Key
        var keyName: String
        var label: String
        var rect: Rect
    }

    /// The help bar's buttons laid out in `rect`: what ``helpBar(loggedIn:log:into:in:)`` draws
    /// and what a click is tested against, from one function so the two cannot disagree.
    ///
    /// In step mode the bar starts with the step key and how many records wait. When the row is
    /// too narrow for every button (80 columns), the least used go first: `x` and `Tab`, then
    /// (in step mode) `r` and `c`; the help overlay lists them all.
    static func helpButtons(loggedIn: Bool, log: LogMode = LogMode(), in rect: Rect) -> [HelpButton] {
        // (key, name, label, drop rank: 0 never dropped, higher dropped first)
        var keys: [(Key, String, String, Int)] = []
        if log.isStepping {
            keys += [
                (.character(" "), "␣", "Next (\(log.waiting) waiting)", 0), (.character("s"), "s", "Live", 0),
            ]
        }
        keys += [
            (.character("l"), "l", loggedIn ? "Logout" : "Login", 0), (.character("a"), "a", "Add", 0),
            (.character("r"), "r", "Remove", 1), (.character("c"), "c", "Checkout", 1),
            (.character("t"), "t", "Ticker", 0),
        ]
        if !log.isStepping { keys.append((.character("s"), "s", "Step", 0)) }
        keys += [
            (.character("x"), "x", "Clear", 2), (.tab, "Tab", "Focus", 2), (.character("?"), "?", "Help", 0),
            (.character("q"), "q", "Quit", 0),
        ]
        func width(_ entries: [(Key, String, String, Int)]) -> Int {
            entries.reduce(1) { $0 + $1.1.count + $1.2.count + 3 }
        }
        for rank in [2, 1] where width(keys) > rect.width {
            keys.removeAll { $0.3 == rank }
        }
        var x = rect.x + 1
        return keys.map { key, name, label, _ in
            let width = name.count + label.count + 2
            defer { x += width + 1 }
            return HelpButton(
                key: key, keyName: name, label: label, rect: Rect(x: x, y: rect.y, width: width, height: 1))
        }
    }

    static func helpBar(
        loggedIn: Bool, log: LogMode = LogMode(), into buffer: inout ScreenBuffer, in rect: Rect
    ) {
        // htop's style: the key in bold, its label on a coloured block; fits 80 columns.
        for button in helpButtons(loggedIn: loggedIn, log: log, in: rect) {
            let x = buffer.write(
                button.keyName, column: button.rect.x, row: rect.y, style: Theme.title, clip: rect)
            let style = button.key == .character(" ") ? Theme.stepBadge : Theme.bar
            buffer.write(" \(button.label) ", column: x, row: rect.y, style: style, clip: rect)
        }
    }

    static let helpLines: [(key: String, text: String)] = [
        ("l", "log in as alice / log out (login takes 300 ms, off the loop)"),
        ("a", "add the next product to the cart"),
        ("r", "remove one of the selected cart line"),
        ("c", "check out (signed in, non-empty cart)"),
        ("x", "clear the cart"),
        ("t", "ticker burst: 8 prices at once (hold for more); its pane is paced"),
        ("s", "step mode for the event log: ␣ lets the next event in"),
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
