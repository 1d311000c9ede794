import EventBus
import Foundation
import TerminalUI

/// What the login pane shows.
public enum LoginState: Equatable, Sendable {
    /// Nobody signed in.
    case loggedOut
    /// `AuthService` is working on it, off the loop.
    case loggingIn(username: String)
    /// Signed in since `date`.
    case loggedIn(User, since: Date)
}

/// The login pane: an owner that follows the auth events on the main loop.
///
/// Each event type arrives through its own subscription, in no guaranteed order between them,
/// so the pane goes by the events' session numbers (``SessionTracker``), not by arrival order: a
/// logout that overtook its login leaves the pane signed out.
@MainLoop
public final class LoginPane {
    /// The current state; changed only by events.
    public private(set) var state: LoginState = .loggedOut
    private var tracker = SessionTracker()

    /// Subscribes to the auth events on `executor` for as long as the pane lives.
    public init(bus: EventBus, executor: MainLoopExecutor) {
        // The loop is an executor: each handler runs inside its drain, on the loop, which is what
        // `MainLoop.assumeIsolated` checks before it lets the handler touch the pane.
        bus.subscribe(owner: self, for: LoginDidStartEvent.self, on: executor) { pane, event in
            MainLoop.assumeIsolated {
                pane.show(.loggingIn(username: event.username), ifNews: .started, of: event.session)
            }
        }
        bus.subscribe(owner: self, for: UserDidLoginEvent.self, on: executor) { pane, event in
            MainLoop.assumeIsolated {
                pane.show(.loggedIn(event.user, since: event.date), ifNews: .signedIn, of: event.session)
            }
        }
        bus.subscribe(owner: self, for: LoginDidCancelEvent.self, on: executor) { pane, event in
            MainLoop.assumeIsolated {
                pane.show(.loggedOut, ifNews: .ended, of: event.session)
            }
        }
        bus.subscribe(owner: self, for: UserDidLogoutEvent.self, on: executor) { pane, event in
            MainLoop.assumeIsolated {
                pane.show(.loggedOut, ifNews: .ended, of: event.session)
            }
        }
    }

    private func show(_ state: LoginState, ifNews step: SessionTracker.Step, of session: Int) {
        if tracker.record(step, of: session) { self.state = state }
    }

    /// Draws `state` as a framed pane into `rect`: a pure function of its arguments.
    public nonisolated static func render(
        _ state: LoginState, focused: Bool, timeFormat: TimeFormat, into buffer: inout ScreenBuffer,
        in rect: Rect
    ) {
        Theme.frame(rect, title: "Login", focused: focused, into: &buffer)
        let inside = rect.inset(by: 1)
        let left = inside.x + 1
        switch state {
        case .loggedOut:
            buffer.write("○ Signed out", column: left, row: inside.y, style: Theme.title, clip: inside)
            buffer.write(
                "Press l to log in as alice", column: left, row: inside.y + 1, style: Theme.hint, clip: inside
            )
        case .loggingIn(let username):
            buffer.write(
                "◌ Signing in as \(username)…", column: left, row: inside.y, style: Theme.busy, clip: inside)
            buffer.write(
                "AuthService works off the loop", column: left, row: inside.y + 1, style: Theme.hint,
                clip: inside)
        case .loggedIn(let user, let since):
            let end = buffer.write(
                "● Signed in as ", column: left, row: inside.y, style: Theme.good, clip: inside)
            buffer.write(user.name, column: end, row: inside.y, style: Theme.title, clip: inside)
            buffer.write("since \(timeFormat.time(since))", column: left, row: inside.y + 1, clip: inside)
            buffer.write(
                "Press l to log out", column: left, row: inside.y + 2, style: Theme.hint, clip: inside)
        }
    }
}
