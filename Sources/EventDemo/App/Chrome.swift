import TerminalUI

/// The parts of the screen around the panes: title bar, status line, help bar, help overlay and
/// the "too small" screen. All pure functions.
enum Chrome {
    static let version = "0.1.0"

    /// One view's tab in the title bar: what a click on `rect` switches to.
    struct Tab: Equatable {
        var view: DemoView
        var rect: Rect
    }

    /// The view tabs after the app's name in `titleBar`: what ``titleBar(user:view:badge:into:in:)``
    /// draws and what a click is tested against.
    static func tabs(in titleBar: Rect) -> [Tab] {
        var x = titleBar.x + appName.count
        return DemoView.allCases.map { view in
            let width = view.title.count + 4  // " 1 Shop "
            defer { x += width }
            return Tab(view: view, rect: Rect(x: x, y: titleBar.y, width: width, height: 1))
        }
    }

    private static let appName = " ◆ eventdemo "

    /// The title bar: app name, the view tabs (the current one highlighted), a tagline when
    /// there is room, then any `badge` (recording, replay) and who is signed in, on the right.
    static func titleBar(
        user: String?, view: DemoView = .shop, badge: String? = nil, into buffer: inout ScreenBuffer,
        in rect: Rect
    ) {
        buffer.fill(rect, with: Cell(" ", style: Theme.bar))
        buffer.write(appName, column: rect.x, row: rect.y, style: Theme.barStrong, clip: rect)
        var end = rect.x
        for tab in tabs(in: rect) {
            let style = tab.view == view ? Theme.activeTab : Theme.bar
            end = buffer.write(
                " \(tab.view.rawValue) \(tab.view.title) ", column: tab.rect.x, row: rect.y, style: style,
                clip: rect)
        }
        let who = user.map { "● \($0) " } ?? "○ signed out "
        var right = rect.maxX - buffer.width(of: who)
        buffer.write(who, column: right, row: rect.y, style: Theme.barStrong, clip: rect)
        if let badge {
            let shown = " \(badge) "
            right -= buffer.width(of: shown) + 1
            buffer.write(shown, column: right, row: rect.y, style: Theme.badge, clip: rect)
        }
        let tagline = "EventBus in action · v\(version)"
        if end + 1 + buffer.width(of: tagline) < right {
            buffer.write(tagline, column: end + 1, row: rect.y, style: Theme.bar, clip: rect)
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
        /// While paused (a row selected or the view scrolled): the row at the top or selected,
        /// 1-based, of how many are shown, and how many arrived since.
        var position: (row: Int, of: Int, new: Int)?
        /// The `/` search, if one filters the log.
        var filter = ""

        static func == (lhs: LogMode, rhs: LogMode) -> Bool { lhs.badge == rhs.badge }

        /// The status line's right end: which mode is on and, when stepping, what waits; when
        /// paused, where the log is and what came meanwhile.
        var badge: String {
            if isStepping {
                return "‖ STEP · \(waiting) waiting" + (dropped > 0 ? " · \(dropped) dropped" : "")
            }
            let search = filter.isEmpty ? "" : "/\(filter.truncated(to: 12)) · "
            guard let position else { return "log: \(search)live" }
            let paused = position.new > 0 ? "paused: \(position.new) new" : "paused"
            return "log: \(search)\(position.row) of \(position.of) · \(paused)"
        }
    }

    /// The status line: `text` (a notice, or the newest event's flow) and the log's mode on the
    /// right. Text too long for the row is shortened by ``TextPart`` rank, never mid-word.
    static func statusLine(
        _ text: String, isNotice: Bool, log: LogMode = LogMode(), into buffer: inout ScreenBuffer,
        in rect: Rect
    ) {
        statusLine([TextPart(text, rank: 0)], isNotice: isNotice, log: log, into: &buffer, in: rect)
    }

    static func statusLine(
        _ parts: [TextPart], isNotice: Bool, log: LogMode = LogMode(), into buffer: inout ScreenBuffer,
        in rect: Rect
    ) {
        let badge = " " + log.badge + " "
        let badgeX = rect.maxX - badge.count
        let style = isNotice ? Theme.busy : Theme.title
        let textClip = Rect(x: rect.x, y: rect.y, width: max(0, badgeX - 1 - rect.x), height: 1)
        let end = buffer.write(" ➜ ", column: rect.x, row: rect.y, style: Theme.eventType, clip: textClip)
        let text = parts.fitted(to: max(0, textClip.maxX - end))
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

    /// The help bar's buttons laid out in `rect`: what ``helpBar(loggedIn:view:log:into:in:)``
    /// draws and what a click is tested against, from one function so the two cannot disagree.
    ///
    /// Each view shows its own keys (every key works in every view). In step mode the bar starts
    /// with the step key and how many records wait. When the row is too narrow for every button
    /// (80 columns), the least used go first: `Tab`, then `x` and `p`, then `r` and `c`; the help
    /// overlay lists them all.
    static func helpButtons(
        loggedIn: Bool, view: DemoView = .shop, log: LogMode = LogMode(), replay: Replayer.Mode? = nil,
        in rect: Rect
    ) -> [HelpButton] {
        // (key, name, label, drop rank: 0 never dropped, higher dropped first)
        var keys: [(Key, String, String, Int)] = []
        if let replay {
            // A replay takes no keys that publish: only the ones that still do something.
            if replay == .stepped { keys.append((.character(" "), "␣", "Next event", 0)) }
            switch view {
            case .shop: keys += [(.character("p"), "p", "Profile", 1), (.character("/"), "/", "Search", 1)]
            case .flow:
                if replay == .paced {
                    keys.append((.character("s"), "s", log.isStepping ? "Live" : "Step mode", 0))
                }
                keys.append((.character("/"), "/", "Search", 1))
            case .bus: keys.append((.down, "↑↓", "Scroll", 1))
            }
            keys += [
                (.tab, "Tab", "Focus", 2), (.character("?"), "?", "Help", 0),
                (.character("q"), "q", "Quit", 0),
            ]
            return layOut(keys, in: rect)
        }
        if log.isStepping {
            keys += [
                (.character(" "), "␣", "Next (\(log.waiting) waiting)", 0), (.character("s"), "s", "Live", 0),
            ]
        }
        let login = (Key.character("l"), "l", loggedIn ? "Logout" : "Login", 0)
        let add = (Key.character("a"), "a", "Add", 0)
        switch view {
        case .shop:
            keys += [
                login, add, (.character("r"), "r", "Remove", 1), (.character("c"), "c", "Checkout", 1),
                (.character("x"), "x", "Clear", 2), (.character("p"), "p", "Profile", 2),
                (.tab, "Tab", "Focus", 3),
            ]
        case .flow:
            keys.append((.character("t"), "t", "Ticker burst", 0))
            if !log.isStepping { keys.append((.character("s"), "s", "Step mode", 0)) }
            keys += [login, add, (.character("c"), "c", "Checkout", 1)]
        case .bus:
            keys += [(.down, "↑↓", "Scroll", 2), login, add, (.character("c"), "c", "Checkout", 1)]
            keys.append((.character("t"), "t", "Ticker", 1))
        }
        keys += [(.character("?"), "?", "Help", 0), (.character("q"), "q", "Quit", 0)]
        return layOut(keys, in: rect)
    }

    /// Places `keys` (key, name, label, drop rank) along `rect`, dropping the highest ranks
    /// first while they do not fit.
    private static func layOut(_ keys: [(Key, String, String, Int)], in rect: Rect) -> [HelpButton] {
        var keys = keys
        func width(_ entries: [(Key, String, String, Int)]) -> Int {
            entries.reduce(1) { $0 + $1.1.count + $1.2.count + 3 }
        }
        for rank in [3, 2, 1] where width(keys) > rect.width {
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
        loggedIn: Bool, view: DemoView = .shop, log: LogMode = LogMode(), replay: Replayer.Mode? = nil,
        into buffer: inout ScreenBuffer, in rect: Rect
    ) {
        // htop's style: the key in bold, its label on a coloured block; fits 80 columns.
        for button in helpButtons(loggedIn: loggedIn, view: view, log: log, replay: replay, in: rect) {
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
        ("p", "close / reopen the profile pane (reopened: replays state)"),
        ("t", "ticker burst: 8 prices at once (hold for more); its pane is paced"),
        ("s", "step mode for the event log: ␣ lets the next event in"),
        ("1 2 3", "views: Shop, Flow (back-pressure), Bus (live map); F1-F3 too"),
        ("mouse", "click a tab, a pane, a log row or a help-bar button; the wheel scrolls"),
        ("Tab", "move focus; ↑/↓ select in the cart, move in the log or the map"),
        ("PgUp PgDn", "a page up or down in the log or the map"),
        ("g G", "the newest (live) or the oldest row; Home and End too"),
        ("/", "search the log: type part of an event, publisher or payload"),
        ("Enter", "details of the selected log row: payload, every subscription"),
        ("Esc", "close this help or the details; clear the search"),
        ("Ctrl-L", "redraw the whole screen"),
        ("?", "show or hide this help"),
        ("q", "quit"),
        ("", ""),
        (
            "",
            "Services publish events on an EventBus. Panes subscribe on the main-loop executor, so events published on background tasks land on the loop between frames. The event log taps every publish: who reached it, and where it ran."
        ),
    ]

    /// The help text laid out for a box `width` columns wide inside: key column, then the text
    /// wrapped at clauses (continuation lines indented under the text).
    static func helpRows(width: Int) -> [(key: String, text: String)] {
        let keyWidth = 9
        let textWidth = max(10, width - keyWidth - 4)
        return helpLines.flatMap { key, text in
            let lines = wrapAtClauses(text, width: textWidth)
            return (lines.isEmpty ? [""] : lines).enumerated().map { index, line in
                (index == 0 ? key.leftPadded(to: keyWidth) : "", line)
            }
        }
    }

    /// The box the help overlay takes on `screen`: up to 76 columns, and as tall as its text or
    /// the screen allows (two rows of the screen stay visible).
    static func helpBox(in screen: Rect) -> Rect {
        let width = min(76, screen.width - 2)
        let rows = helpRows(width: width - 2).count
        return screen.centered(width: width, height: min(rows + 4, screen.height - 2))
    }

    /// The most the help overlay scrolls on `screen` (0 when all of it fits).
    static func helpMaximumScroll(in screen: Rect) -> Int {
        let box = helpBox(in: screen)
        return max(0, helpRows(width: box.width - 2).count - (box.height - 4))
    }

    /// The help overlay, scrolled down `scroll` rows; its bottom border says when more is above
    /// or below (↑/↓, PgUp/PgDn scroll it).
    static func helpOverlay(scroll: Int = 0, into buffer: inout ScreenBuffer, in screen: Rect) {
        let box = helpBox(in: screen)
        buffer.fill(box, with: Cell(" "))
        buffer.drawBox(
            box, title: "Help", lines: .heavy, border: Theme.focusedBorder, titleStyle: Theme.focusedTitle)
        let inside = box.inset(by: 1)
        let rows = helpRows(width: inside.width)
        let visible = inside.height - 2
        let first = max(0, min(scroll, rows.count - visible))
        for (offset, row) in rows.dropFirst(first).prefix(visible).enumerated() {
            let y = inside.y + 1 + offset
            buffer.write(row.key, column: inside.x + 1, row: y, style: Theme.label, clip: inside)
            buffer.write(row.text, column: inside.x + 12, row: y, clip: inside)
        }
        var hints: [String] = []
        if first > 0 { hints.append("↑ \(first) more") }
        let below = rows.count - first - visible
        if below > 0 { hints.append("↓ \(below) more") }
        hints.append("Esc closes")
        let hint = " " + hints.joined(separator: " · ") + " "
        buffer.write(
            hint, column: box.maxX - 2 - buffer.width(of: hint), row: box.maxY - 1, style: Theme.focusedTitle,
            clip: box)
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
    /// than `width` gets a line of its own), after `lines` (the last of which it may extend).
    static func wrap(_ phrases: [String], width: Int, after lines: [String] = []) -> [String] {
        var lines = lines
        for phrase in phrases {
            if let last = lines.last, last.count + 1 + phrase.count <= width {
                lines[lines.count - 1] = last + " " + phrase
            } else {
                lines.append(phrase)
            }
        }
        return lines
    }

    /// `text` in lines of at most `width` characters, broken between clauses (after `,` `;` `:`
    /// or `.`, or before `(`) where a clause fits a line, so a line never ends inside a clause
    /// that the next line could have held whole; a clause longer than a line is broken at words.
    static func wrapAtClauses(_ text: String, width: Int) -> [String] {
        var clauses: [[String]] = [[]]
        for word in text.split(separator: " ").map(String.init) {
            if word.hasPrefix("("), !clauses[clauses.count - 1].isEmpty { clauses.append([]) }
            clauses[clauses.count - 1].append(word)
            if let last = word.last, ",;:.".contains(last) { clauses.append([]) }
        }
        return clauses.filter { !$0.isEmpty }.reduce(into: []) { lines, words in
            let clause = words.joined(separator: " ")
            lines = wrap(clause.count > width ? words : [clause], width: width, after: lines)
        }
    }
}
