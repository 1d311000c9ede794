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

    /// Draws a pane's frame; the focused pane gets heavy cyan lines so focus is visible without
    /// colour too.
    static func frame(_ rect: Rect, title: String, focused: Bool, into buffer: inout ScreenBuffer) {
        buffer.drawBox(
            rect, title: title, lines: focused ? .heavy : .rounded,
            border: focused ? focusedBorder : border, titleStyle: focused ? focusedTitle : self.title)
    }
}
