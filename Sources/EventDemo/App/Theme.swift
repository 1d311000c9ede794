import TerminalUI

/// The demo's styles in one place, so panes agree on what "money" or "focused" looks like.
enum Theme {
    static let border = Style(foreground: .blue)
    static let focusedBorder = Style(foreground: .cyan, attributes: .bold)
    static let title = Style(attributes: .bold)
    static let focusedTitle = Style(foreground: .cyan, attributes: .bold)
    static let hint = Style(attributes: .dim)
    static let label = Style(foreground: .blue, attributes: .bold)
    static let money = Style(foreground: .green)
    static let total = Style(foreground: .green, attributes: .bold)
    static let good = Style(foreground: .green, attributes: .bold)
    static let busy = Style(foreground: .yellow, attributes: .bold)
    static let warning = Style(foreground: .red, attributes: .bold)
    /// A subscriber's error in the event log: white on red, unlike anything else on screen.
    static let failure = Style(foreground: .white, background: .red, attributes: .bold)
    static let eventType = Style(foreground: .yellow)
    static let executor = Style(foreground: .magenta)
    static let time = Style(foreground: .cyan, attributes: .dim)
    static let header = Style(attributes: [.bold, .underline])
    static let bar = Style(foreground: .black, background: .cyan)
    static let barStrong = Style(foreground: .black, background: .cyan, attributes: .bold)
    static let selected = Style(attributes: .reverse)
    static let badge = Style(foreground: .white, background: .red, attributes: .bold)
    static let activeTab = Style(foreground: .white, background: .blue, attributes: .bold)

    /// Each publisher's colour: a pane's frame flashes in it when the pane receives that
    /// publisher's event. Cyan is left out (it marks focus).
    static let publisherColors: [String: TerminalColor] = [
        "AuthService": .yellow, "ProfileService": .magenta, "CartService": .green, "AuditService": .red,
        "LoyaltyService": .blue,
    ]

    /// The colour of `publisher`'s flashes; white for publishers without one of their own.
    static func color(ofPublisher publisher: String) -> TerminalColor {
        publisherColors[publisher] ?? .white
    }

    /// Recolours the frame around `rect` (lines and title) in `color`, bold, for a flash.
    static func flash(_ rect: Rect, color: TerminalColor, into buffer: inout ScreenBuffer) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let style = Style(foreground: color, attributes: .bold)
        buffer.restyle(Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), style: style)
        buffer.restyle(Rect(x: rect.x, y: rect.maxY - 1, width: rect.width, height: 1), style: style)
        buffer.restyle(Rect(x: rect.x, y: rect.y, width: 1, height: rect.height), style: style)
        buffer.restyle(Rect(x: rect.maxX - 1, y: rect.y, width: 1, height: rect.height), style: style)
    }
    /// The event log's step mode, in the status line and the help bar.
    static let stepBadge = Style(foreground: .black, background: .yellow, attributes: .bold)

    /// Draws a pane's frame; the focused pane gets heavy cyan lines so focus is visible without
    /// colour too.
    static func frame(_ rect: Rect, title: String, focused: Bool, into buffer: inout ScreenBuffer) {
        buffer.drawBox(
            rect, title: title, lines: focused ? .heavy : .rounded,
            border: focused ? focusedBorder : border, titleStyle: focused ? focusedTitle : self.title)
    }
}
