import TerminalUI

/// Where everything goes at a given terminal size: a pure function of the size.
///
/// ```
/// title bar ─────────────────────────────────────
/// ╭ Login ─────╮╭ Cart ───────────────────────────╮
/// ╰────────────╯│                                 │
/// ╭ Profile ───╮╰─────────────────────────────────╯
/// │            │╭ Ticker ─────────────────────────╮
/// ╰────────────╯╰─────────────────────────────────╯
/// ╭ Event log ─────────────────────────────────────╮
/// ╰────────────────────────────────────────────────╯
/// status line
/// help bar
/// ```
public struct AppLayout: Equatable, Sendable {
    /// Below this the panes cannot show their content; the app shows a "too small" screen.
    public static let minimumSize = Size(width: 80, height: 24)

    /// Row 0: app name and who is signed in.
    public var titleBar: Rect
    /// Login pane, top left.
    public var login: Rect
    /// Profile pane, under the login pane.
    public var profile: Rect
    /// Cart pane, top right.
    public var cart: Rect
    /// Ticker pane, under the cart: four rows (the latest tick, its backlog and drops). The
    /// cart gives up those rows because it scrolls to its selection anyway, and every other
    /// place at 80×24 would squeeze the event log or the login and profile panes.
    public var ticker: Rect
    /// Event log, full width, takes the remaining height.
    public var eventLog: Rect
    /// The row explaining the latest event's flow.
    public var statusLine: Rect
    /// The last row: the keys.
    public var helpBar: Rect

    /// The layout for `size`, or `nil` when `size` is below ``minimumSize`` in either direction.
    public init?(size: Size) {
        guard size.width >= Self.minimumSize.width, size.height >= Self.minimumSize.height else { return nil }
        let screen = Rect(size: size)
        let (titleBar, belowTitle) = screen.splitTop(1)
        let (body, footer) = belowTitle.splitTop(belowTitle.height - 2)
        let (statusLine, helpBar) = footer.splitTop(1)
        // Eleven rows at 80×24; taller terminals give up to four more, so the cart keeps the
        // rows the ticker took from it.
        let (top, eventLog) = body.splitTop(11 + min(4, max(0, (body.height - 20) / 2)))
        let (leftColumn, rightColumn) = top.splitLeft(max(36, size.width * 2 / 5))
        let (cart, ticker) = rightColumn.splitTop(rightColumn.height - 4)
        let (login, profile) = leftColumn.splitTop(5)
        self.titleBar = titleBar
        self.login = login
        self.profile = profile
        self.cart = cart
        self.ticker = ticker
        self.eventLog = eventLog
        self.statusLine = statusLine
        self.helpBar = helpBar
    }
}
