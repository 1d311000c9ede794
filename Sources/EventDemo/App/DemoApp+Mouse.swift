import TerminalUI

extension DemoApp {
    /// Lines the event log moves per wheel notch (three, like most terminals' scrollback).
    static let wheelStep = 3

    /// Handles a mouse event: a click on a help-bar button does what its key does, a click on a
    /// pane focuses it, the wheel scrolls the event log. With the help overlay open, a click
    /// anywhere closes it. Other buttons, releases and drags are ignored.
    public func handle(_ mouse: MouseEvent) {
        guard let layout = AppLayout(size: size) else { return }
        let column = mouse.column
        let row = mouse.row
        switch mouse.button {
        case .wheelUp, .wheelDown:
            guard layout.eventLog.contains(column: column, row: row) else { return }
            eventLog.scroll(by: mouse.button == .wheelUp ? -Self.wheelStep : Self.wheelStep)
        case .left where mouse.action == .press:
            if showsHelp {
                handle(.escape)
                return
            }
            let buttons = Chrome.helpButtons(loggedIn: isLoggedIn, log: logMode, in: layout.helpBar)
            if let button = buttons.first(where: { $0.rect.contains(column: column, row: row) }) {
                handle(button.key)
            } else if let pane = Focus.allCases.first(where: {
                layout.rect(of: $0).contains(column: column, row: row)
            }) {
                focus(pane)
            }
        default:
            break
        }
    }
}

extension AppLayout {
    /// Where the pane that can take `focus` is drawn.
    func rect(of focus: DemoApp.Focus) -> Rect {
        switch focus {
        case .login: login
        case .profile: profile
        case .cart: cart
        case .eventLog: eventLog
        }
    }
}
