import TerminalUI

/// Where everything goes at a given terminal size: a pure function of the size. The title bar,
/// status line and help bar are shared; the body between them belongs to the current view.
///
/// ```
/// title bar: ◆ eventdemo  1 Shop  2 Flow  3 Bus ──────
/// Shop                      Flow                       Bus
/// ╭ Login ─╮╭ Cart ───────╮ ╭ Ticker ─╮╭ How it… ─╮   ╭ Subscriptions ──────╮
/// ╰────────╯│             │ ╰─────────╯╰──────────╯   │                     │
/// ╭ Profile╮│             │ ╭ Event log ───────────╮   ╰─────────────────────╯
/// ╰────────╯╰─────────────╯ │                      │   ╭ Dead ───╮╭ Errors ─╮
/// ╭ Event log ───────────╮  │                      │   ╰─────────╯╰─────────╯
/// ╰──────────────────────╯  ╰──────────────────────╯
/// status line
/// help bar
/// ```
public struct AppLayout: Equatable, Sendable {
    /// Below this the panes cannot show their content; the app shows a "too small" screen.
    public static let minimumSize = Size(width: 80, height: 24)

    /// Row 0: app name, view tabs, who is signed in.
    public var titleBar: Rect
    /// Everything between the title bar and the status line: the current view's.
    public var body: Rect
    /// Shop: login pane, top left.
    public var login: Rect
    /// Shop: profile pane, under the login pane.
    public var profile: Rect
    /// Shop: cart pane, top right.
    public var cart: Rect
    /// Shop: event log, full width, takes the remaining height.
    public var eventLog: Rect
    /// Flow: the paced ticker pane, top left.
    public var ticker: Rect
    /// Flow: what the view shows and the subscriptions' queues, top right.
    public var flowGuide: Rect
    /// Flow: the event log (in step mode when `s` is on), below.
    public var flowLog: Rect
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
        self.titleBar = titleBar
        self.body = body
        self.statusLine = statusLine
        self.helpBar = helpBar

        // Shop: eleven rows of panes at 80×24, up to four more on taller terminals.
        let (top, eventLog) = body.splitTop(11 + min(4, max(0, (body.height - 20) / 2)))
        let (leftColumn, cart) = top.splitLeft(max(36, size.width * 2 / 5))
        let (login, profile) = leftColumn.splitTop(5)
        self.login = login
        self.profile = profile
        self.cart = cart
        self.eventLog = eventLog

        // Flow: the ticker and the guide share the top (ten rows at 80×24, a third of the
        // extra height when taller: 22 at 60 rows, for the ticker's history and the guide's
        // table), the log takes the rest.
        let (flowTop, flowLog) = body.splitTop(10 + min(12, max(0, (body.height - 21) / 3)))
        let (ticker, flowGuide) = flowTop.splitLeft(max(44, size.width / 2))
        self.ticker = ticker
        self.flowGuide = flowGuide
        self.flowLog = flowLog
    }
}
