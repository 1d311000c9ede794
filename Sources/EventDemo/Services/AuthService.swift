import EventBus
import Foundation

/// Signs a user in and out, publishing ``LoginDidStartEvent``, ``UserDidLoginEvent``,
/// ``LoginDidCancelEvent`` and ``UserDidLogoutEvent`` on the injected bus.
///
/// A login "takes" `latency` on a background task, so ``UserDidLoginEvent`` is published off the
/// loop thread and reaches the panes through their executor: the demo's point. Signing out while
/// a login is in flight cancels it: ``LoginDidCancelEvent`` is published at once and the late
/// result is dropped. Every login that starts ends with exactly one of ``UserDidLoginEvent`` and
/// ``LoginDidCancelEvent``, so a pane showing "signing in" always learns how it ended.
///
/// Each login attempt opens a new session, numbered 1, 2, 3…, and every event of it carries
/// that number (``UserDidLoginEvent/session``). Events are published in the order the service
/// decided them, whichever thread decided.
public final class AuthService: Sendable {
    private enum Phase: Sendable {
        case signedOut
        case signingIn(session: Int, username: String)
        case signedIn(session: Int, user: User)
    }

    private let latency: Duration
    private let background: Background
    private let now: Now
    /// The phase and the number of the last session. Decisions publish through its outbox, so
    /// the bus sees them in the order they were made: a login that lands just as the user signs
    /// out is published before the logout, never after it (which would leave a signed-out user
    /// as the bus's current value).
    private let state: ServiceState<(phase: Phase, sessions: Int)>

    /// Creates the service; tests pass ``Background/immediate``.
    public init(
        bus: EventBus, latency: Duration = .milliseconds(300), background: Background = .live,
        now: @escaping Now = LiveEnvironment.now
    ) {
        self.latency = latency
        self.background = background
        self.now = now
        state = ServiceState((.signedOut, 0), bus: bus)
    }

    /// Signs in when signed out; signs out (or cancels a login in flight) otherwise.
    public func toggle(username: String = "alice") {
        let signedOut = state.read { if case .signedOut = $0.phase { true } else { false } }
        if signedOut { login(username: username) } else { logout() }
    }

    /// Starts signing `username` in, as a new session. Publishes ``LoginDidStartEvent`` now, on the
    /// caller's thread, and ``UserDidLoginEvent`` from a background task after the latency.
    /// Ignored unless signed out.
    public func login(username: String) {
        let session: Int? = state.update { state, outbox in
            guard case .signedOut = state.phase else { return nil }
            state.sessions += 1
            state.phase = .signingIn(session: state.sessions, username: username)
            outbox.publish(LoginDidStartEvent(username: username, session: state.sessions))
            return state.sessions
        }
        guard let session else { return }
        background.run(after: latency) { [self] in
            finishLogin(session: session, username: username)
        }
    }

    /// Signs out, publishing ``UserDidLogoutEvent`` if someone was signed in, or cancels a login
    /// in flight, publishing ``LoginDidCancelEvent``. Does nothing when signed out.
    public func logout() {
        state.update { state, outbox in
            defer { state.phase = .signedOut }
            switch state.phase {
            case .signedOut:
                break
            case .signingIn(let session, let username):
                outbox.publish(LoginDidCancelEvent(username: username, session: session))
            case .signedIn(let session, let user):
                // Forgotten before the logout is announced: a pane opened from now on replays no user.
                outbox.clearState(for: UserDidLoginEvent.self)
                outbox.publish(UserDidLogoutEvent(user: user, session: session))
            }
        }
    }

    private func finishLogin(session: Int, username: String) {
        let user = User(id: username.lowercased(), name: username.capitalized)
        let date = now()
        state.update { state, outbox in
            guard case .signingIn(session, _) = state.phase else { return }  // cancelled meanwhile
            state.phase = .signedIn(session: session, user: user)
            // Published as state: a pane opened later learns who is signed in without asking.
            outbox.publishState(UserDidLoginEvent(user: user, date: date, session: session))
        }
    }
}
