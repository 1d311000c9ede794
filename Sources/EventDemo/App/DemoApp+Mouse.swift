import TerminalUI

extension DemoApp {
    /// Lines the event log moves per wheel notch (three, like most terminals' scrollback).
    static let wheelStep = 3

    /// Handles a mouse event: a click on a view tab switches to it, a click on a help-bar
    /// button does what its key does, a click on a pane focuses it, the wheel scrolls the
    /// event log or the bus map under the pointer. With the help overlay open, a click anywhere
    /// closes it. Other buttons, releases and drags are ignored.
    public func handle(_ mouse: MouseEvent) {
        guard let layout = AppLayout(size: size) else { return }
        let column = mouse.column
        let row = mouse.row
        switch mouse.button {
        case .wheelUp, .wheelDown:
            let step = mouse.button == .wheelUp ? -Self.wheelStep : Self.wheelStep
            guard
                let pane = view.focusOrder.first(where: {
                    layout.rect(of: $0, in: view).contains(column: column, row: row)
                }),
                pane == .eventLog || pane == .busMap
            else { return }
            focus(pane)
            if pane == .eventLog {
                eventLog.scroll(by: step, page: logPage)
            } else {
                moveWithinFocus(by: step)
            }
        case .left where mouse.action == .press:
            if showsHelp || detail != nil {
                handle(.escape)
                return
            }
            if let tab = Chrome.tabs(in: layout.titleBar).first(where: {
                $0.rect.contains(column: column, row: row)
            }) {
                show(tab.view)
                return
            }
            let buttons = Chrome.helpButtons(
                loggedIn: isLoggedIn, view: view, log: logMode, replay: replayMode, in: layout.helpBar)
            if let button = buttons.first(where: { $0.rect.contains(column: column, row: row) }) {
                handle(button.key)
            } else if let pane = view.focusOrder.first(where: {
                layout.rect(of: $0, in: view).contains(column: column, row: row)
            }) {
                focus(pane)
                if pane == .eventLog { clickLogRow(row - layout.rect(of: .eventLog, in: view).y - 2) }
            }
        default:
            break
        }
    }
}

extension DemoApp {
    /// A click on the log's row `offset` (0 = the first under the header) selects its entry; a
    /// click on the selected row opens its details.
    fileprivate func clickLogRow(_ offset: Int) {
        guard offset >= 0, offset < logPage else { return }
        let index = eventLog.scrollOffset + offset
        guard index < eventLog.shown.count else { return }
        if eventLog.selection == index {
            handle(.enter)
        } else {
            eventLog.select(index, page: logPage)
        }
    }
}

extension AppLayout {
    /// Where the pane that can take `focus` is drawn in `view`.
    func rect(of focus: DemoApp.Focus, in view: DemoView) -> Rect {
        switch focus {
        case .login: login
        case .profile: profile
        case .cart: cart
        case .eventLog: view == .flow ? flowLog : eventLog
        case .busMap: body
        }
    }
}
