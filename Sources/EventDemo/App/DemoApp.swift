import EventBus
import EventBusTracing
import Synchronization
import TerminalUI

/// The app model: owns the panes, turns keys into service calls, and renders the whole screen.
///
/// It never changes pane state itself: keys call services, services publish, panes update from
/// their subscriptions. That round trip through the bus is what the demo shows.
@MainLoop
public final class DemoApp {
    /// The panes that can have focus, in Tab order.
    public enum Focus: CaseIterable, Sendable {
        /// The login pane.
        case login
        /// The profile pane.
        case profile
        /// The cart pane (↑/↓ select a line).
        case cart
        /// The event log (↑/↓ scroll), in the Shop and Flow views.
        case eventLog
        /// The Bus view's subscription map (↑/↓ scroll).
        case busMap
    }

    /// Login pane.
    public let login: LoginPane
    /// Profile pane, or `nil` while closed (`p` toggles it).
    public private(set) var profile: ProfilePane?
    /// Cart pane.
    public let cart: CartPane
    /// Event log pane.
    public let eventLog: EventLogPane
    /// Ticker pane (paced).
    public let ticker: TickerPane

    /// The terminal size the app lays out for.
    public private(set) var size: Size
    /// What the terminal can show; ``Charset/ascii`` draws frames with `+-|` and `€` as `EUR`.
    public var charset: Charset = .unicode
    /// The view on screen.
    public private(set) var view: DemoView = .shop
    /// The focused pane.
    public private(set) var focus: Focus = .cart
    /// The Shop's focus, restored when the user comes back to it.
    private var shopFocus: Focus = .cart
    /// Whether the help overlay is showing.
    public private(set) var showsHelp = false
    /// How far the help overlay is scrolled (on a short terminal it does not fit).
    public private(set) var helpScroll = 0
    /// True while the user types a `/` search: keys are text then (Enter keeps, Esc clears).
    public private(set) var isTypingSearch = false
    /// The log entry whose details are open (Enter on a log row), if any.
    public private(set) var detail: EventLogEntry?
    /// Set by `q`; the loop exits with status 0.
    public private(set) var wantsToQuit = false
    /// Set by Ctrl-L until the loop takes it (``takeRepaintRequest()``).
    private var repaintRequested = false
    /// A one-off message for the status line (for example why checkout did nothing).
    public internal(set) var notice: String?

    /// Replaying a recording (`--replay`): set by ``replay(_:name:mode:)``.
    public private(set) var replayer: Replayer?
    /// The trace `--follow` reads as its app writes it, if any.
    public private(set) var follower: TraceFollower?
    /// Recording the bus (`--record`); the title bar shows how it is going.
    public var recorder: TraceWriter?
    /// The Bus view's dead events and handler errors.
    public let busPane: BusPane
    /// Pane frames lit by a delivery (see `DemoApp+Flashes.swift`).
    public internal(set) var flashes = PaneFlashes()
    /// The loop's time for this frame, set by ``advance(to:)``: flashes start and end on it.
    public internal(set) var frameTime: ContinuousClock.Instant = .now
    private var deliveryTap: SubscriptionToken?
    /// Flashes the delivery tap collected on publishers' threads, until the loop's job takes them.
    nonisolated let flashInbox = Mutex(FlashInbox())

    let services: DemoServices
    private let executor: MainLoopExecutor
    /// The archive whose async handler's queue the Flow view shows.
    var archive: ArchiveService { services.archive }
    /// The bus the panes subscribe to: the services' bus, or a replay's own.
    let bus: EventBus
    let timeFormat: TimeFormat

    /// Creates the panes, subscribed on `executor`, and the app around them.
    ///
    /// The panes subscribe to `bus`, which defaults to the services' bus. A replay passes a bus
    /// of its own, so services do not react to replayed events (a replayed login must not make
    /// the profile service fetch a profile the recording already holds). `clock` paces the
    /// ticker pane (tests pass a manual clock).
    public init(
        services: DemoServices, bus: EventBus? = nil, executor: MainLoopExecutor, size: Size,
        timeFormat: TimeFormat = TimeFormat(), now: @escaping Now = LiveEnvironment.now,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.services = services
        let bus = bus ?? services.bus
        self.bus = bus
        self.executor = executor
        self.size = size
        self.timeFormat = timeFormat
        login = LoginPane(bus: bus, executor: executor)
        profile = ProfilePane(bus: bus, executor: executor)
        cart = CartPane(bus: bus, executor: executor)
        eventLog = EventLogPane(bus: bus, executor: executor, now: now)
        ticker = TickerPane(bus: bus, executor: executor, clock: clock)
        busPane = BusPane(bus: bus, executor: executor)
        deliveryTap = watchDeliveries(on: bus, executor: executor)
    }

    /// Replays `recording` into the panes' bus; keys that would call a service are off meanwhile.
    public func replay(_ recording: Recording, name: String, mode: Replayer.Mode) {
        let replayer = Replayer(recording: recording, name: name, mode: mode, bus: bus)
        eventLog.startReplay()
        busPane.startReplay(of: recording)
        replayer.announce = { [eventLog, busPane] publish in
            eventLog.showRecorded(publish)
            if let publish { busPane.showReplayed(publish.recorded) }
        }
        self.replayer = replayer
    }

    /// Follows a trace as its app writes it (`--follow FILE`): what the file gains is published
    /// on this app's bus as ``TracedEvent``s and shown as the trace holds it, as a replay is.
    public func follow(_ tail: TraceTail, name: String) {
        let follower = TraceFollower(tail: tail, name: name, bus: bus)
        eventLog.startReplay()
        busPane.startFollowing()
        follower.announce = { [eventLog, busPane] publish in
            eventLog.showRecorded(publish)
            if let publish { busPane.showReplayed(publish.recorded) }
        }
        follower.restart = { [eventLog, busPane] in
            eventLog.clear()
            busPane.startFollowing()
        }
        self.follower = follower
    }

    /// Lays out again for `size` at the next render.
    public func resize(to size: Size) {
        self.size = size
    }

    /// Whether the user asked for a full repaint (Ctrl-L) since the last call; the loop then
    /// makes the terminal send every cell of the next frame.
    public func takeRepaintRequest() -> Bool {
        defer { repaintRequested = false }
        return repaintRequested
    }

    /// Handles one key press. Unknown keys are ignored. Behind the "too small" screen only `q`
    /// and Ctrl-L act, as that screen says: nothing changes unseen.
    public func handle(_ key: Key) {
        if key == .control("l") {
            repaintRequested = true
            return
        }
        guard AppLayout(size: size) != nil else {
            if key == .character("q") { wantsToQuit = true }
            return
        }
        notice = nil
        if isTypingSearch { return typeSearch(key) }
        if detail != nil, key != .character("q") {
            if [.escape, .enter, .character("?")].contains(key) || DemoView(key: key) != nil { detail = nil }
            if DemoView(key: key) == nil { return }
        }
        if showsHelp, scrollHelp(key) { return }
        if replayer != nil, handleDuringReplay(key) { return }
        if let follower, Self.publishingKeys.contains(key) {
            notice = "Following \(follower.name): keys that publish are off (q quits)"
            return
        }
        if let target = DemoView(key: key) {
            show(target)
            return
        }
        switch key {
        case .character("q"): wantsToQuit = true
        case .character("?"):
            showsHelp.toggle()
            helpScroll = 0
        case .character("p"): toggleProfile()
        case .escape: escape()
        case .character("/"): startSearch()
        case .enter: openDetail()
        case .pageUp, .pageDown, .home, .end, .character("g"), .character("G"): jump(key)
        case .character("l"): services.auth.toggle()
        case .character("a"): services.cart.add()
        case .character("r"): services.cart.removeOne(at: cart.state.selection)
        case .character("x"): services.cart.clear()
        case .character("c"): checkout()
        case .character("t"): services.ticker.burst()
        case .character("s"): eventLog.toggleStepMode()
        case .character(" "): eventLog.step()
        case .tab: moveFocus(by: 1)
        case .backTab: moveFocus(by: -1)
        case .up, .character("k"): moveWithinFocus(by: -1)
        case .down, .character("j"): moveWithinFocus(by: 1)
        default: break
        }
    }

    /// Esc closes the help; otherwise it clears the search, then the log's selection.
    private func escape() {
        if showsHelp {
            showsHelp = false
        } else if !eventLog.filter.isEmpty {
            eventLog.setFilter("")
        } else {
            eventLog.followNewest()
        }
    }

    /// `/`: the log's search takes the keys until Enter or Esc. The Bus view has no log, so
    /// the search opens the Shop's.
    private func startSearch() {
        if view == .bus { show(.shop) }
        focus = .eventLog
        isTypingSearch = true
    }

    private func typeSearch(_ key: Key) {
        switch key {
        case .character(let character): eventLog.setFilter(eventLog.filter + String(character))
        case .backspace, .delete: eventLog.setFilter(String(eventLog.filter.dropLast()))
        case .enter: isTypingSearch = false
        case .escape:
            isTypingSearch = false
            eventLog.setFilter("")
        case .up, .down, .pageUp, .pageDown: moveInLog(key)
        default: break
        }
    }

    /// Enter: the details of the log's selected row (the newest when none is selected).
    private func openDetail() {
        guard view != .bus else { return }
        detail = eventLog.selectedEntry
    }

    /// Rows of the log on screen, for paging and keeping the selection visible.
    public var logPage: Int {
        guard let layout = AppLayout(size: size) else { return 1 }
        return max(1, layout.rect(of: .eventLog, in: view).height - 3)
    }

    /// PgUp/PgDn, Home/End and g/G: in the Bus view the map, elsewhere the event log.
    private func jump(_ key: Key) {
        if view == .bus {
            let rows = busMapRowCount
            let page = busMapPage
            switch key {
            case .pageUp: busPane.scroll(by: -page, rowCount: rows, visible: page)
            case .pageDown: busPane.scroll(by: page, rowCount: rows, visible: page)
            case .home, .character("g"): busPane.scroll(by: -rows, rowCount: rows, visible: page)
            default: busPane.scroll(by: rows, rowCount: rows, visible: page)
            }
        } else {
            moveInLog(key)
        }
    }

    private func moveInLog(_ key: Key) {
        let page = logPage
        switch key {
        case .up: eventLog.moveSelection(by: -1, page: page)
        case .down: eventLog.moveSelection(by: 1, page: page)
        case .pageUp: eventLog.moveSelection(by: -page, page: page)
        case .pageDown: eventLog.moveSelection(by: page, page: page)
        case .home, .character("g"): eventLog.followNewest()
        default: eventLog.selectOldest(page: page)
        }
    }

    /// Rows in the Bus view's map: subscriptions and call sites.
    var busMapRowCount: Int {
        BusPane.rowCount(busPane.mapSnapshot(of: bus), publishers: busPane.state.publishers)
    }

    /// Rows of the Bus view's map on screen.
    public var busMapPage: Int {
        guard let layout = AppLayout(size: size) else { return 1 }
        return BusPane.visibleMapRows(in: layout.body)
    }

    /// While the help overlay shows, the movement keys scroll it. Returns whether `key` did.
    private func scrollHelp(_ key: Key) -> Bool {
        let page = max(1, Chrome.helpBox(in: Rect(size: size)).height - 4)
        let step: Int
        switch key {
        case .up, .character("k"): step = -1
        case .down, .character("j"): step = 1
        case .pageUp: step = -page
        case .pageDown, .character(" "): step = page
        case .home, .character("g"): step = -helpScroll
        case .end, .character("G"): step = Int.max / 2
        default: return false
        }
        helpScroll = max(0, min(Chrome.helpMaximumScroll(in: Rect(size: size)), helpScroll + step))
        return true
    }

    /// Step mode's space, and a notice instead of the keys that would publish live events.
    /// Returns whether the key was handled.
    /// The keys that make the services publish: off in a replay and while following a trace.
    private static let publishingKeys: [Key] = ["l", "a", "r", "x", "c", "t"].map { .character($0) }

    private func handleDuringReplay(_ key: Key) -> Bool {
        guard let replayer else { return false }
        switch key {
        case .character(" ") where replayer.mode == .stepped:
            if !replayer.step() { notice = "The replay is over: every recorded event was published" }
            return true
        case _ where Self.publishingKeys.contains(key):
            notice = "Replaying \(replayer.name): keys that publish are off (q quits)"
            return true
        default:
            return false
        }
    }

    /// Closes the profile pane (its subscriptions end with it at once) or opens a new one, which
    /// subscribes afresh and gets the user, profile and cart from the bus's current values.
    private func toggleProfile() {
        if let closing = profile {
            bus.unsubscribeAll(owner: closing)
            profile = nil
            if focus == .profile { focus = .cart }
        } else {
            profile = ProfilePane(bus: bus, executor: executor)
        }
    }

    private func checkout() {
        guard case .loggedIn = login.state else {
            notice = "Log in first (press l): checkout needs a signed-in user"
            return
        }
        if !services.cart.checkout() { notice = "The cart is empty: press a to add a product" }
    }

    /// Whether someone is signed in, as the login pane last heard.
    var isLoggedIn: Bool {
        if case .loggedIn = login.state { true } else { false }
    }

    /// Gives `pane` the focus (a click on it).
    func focus(_ pane: Focus) {
        if pane == .profile, profile == nil { return }  // a closed pane takes no focus
        focus = pane
    }

    /// Switches to `view`; focus moves to its main pane (the Shop gets back the focus it had).
    public func show(_ view: DemoView) {
        guard view != self.view else { return }
        if self.view == .shop { shopFocus = focus }
        self.view = view
        focus = view == .shop ? shopFocus : view.focusOrder[0]
    }

    private func moveFocus(by step: Int) {
        let order = view.focusOrder
        let index = order.firstIndex(of: focus) ?? 0
        focus = order[(index + step + order.count) % order.count]
        if focus == .profile, profile == nil { moveFocus(by: step) }  // a closed pane takes no focus
    }

    /// Moves within the focused pane: the cart's selection, the log's or the map's scrolling.
    func moveWithinFocus(by step: Int) {
        switch focus {
        case .cart: cart.moveSelection(by: step)
        case .eventLog: eventLog.moveSelection(by: step, page: logPage)
        case .busMap:
            busPane.scroll(by: step, rowCount: busMapRowCount, visible: busMapPage)
        case .login, .profile: break
        }
    }
}
