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
public final class AuthService: Sendable {
    private enum Phase: Sendable {
        case signedOut
        case signingIn(attempt: Int, username: String)
        case signedIn(User)
    }

    private let bus: EventBus
    private let latency: Duration
    private let background: Background
    private let now: Now
    private let state = LockedValue<(phase: Phase, attempts: Int)>((.signedOut, 0))

    /// Creates the service; tests pass ``Background/immediate``.
    public init(
        bus: EventBus, latency: Duration = .milliseconds(300), background: Background = .live,
        now: @escaping Now = LiveEnvironment.now
    ) {
        self.bus = bus
        self.latency = latency
        self.background = background
        self.now = now
    }

    /// Signs in when signed out; signs out (or cancels a login in flight) otherwise.
    public func toggle(username: String = "alice") {
        let signedOut = state.withLock { if case .signedOut = $0.phase { true } else { false } }
        if signedOut { login(username: username) } else { logout() }
    }

    /// Starts signing `username` in. Publishes ``LoginDidStartEvent`` now, on the caller's thread,
    /// and ``UserDidLoginEvent`` from a background task after the latency. Ignored unless signed out.
    public func login(username: String) {
        let attempt: Int? = state.withLock { state in
            guard case .signedOut = state.phase else { return nil }
            state.attempts += 1
            state.phase = .signingIn(attempt: state.attempts, username: username)
            return state.attempts
        }
        guard let attempt else { return }
        bus.publish(LoginDidStartEvent(username: username))
        background.run(after: latency) { [self] in
            finishLogin(attempt: attempt, username: username)
        }
    }

    /// Signs out, publishing ``UserDidLogoutEvent`` if someone was signed in, or cancels a login
    /// in flight, publishing ``LoginDidCancelEvent``. Does nothing when signed out.
    public func logout() {
        let ended: (any DemoEvent)? = state.withLock { state in
            defer { state.phase = .signedOut }
            switch state.phase {
            case .signedOut: return nil
            case .signingIn(_, let username): return LoginDidCancelEvent(username: username)
            case .signedIn(let user): return UserDidLogoutEvent(user: user)
            }
        }
        // Forgotten before the logout is announced: a pane opened from now on replays no user.
        if ended is UserDidLogoutEvent { bus.clearState(of: UserDidLoginEvent.self) }
        if let ended { bus.publish(ended) }  // Opened: routed by its concrete type.
    }

    private func finishLogin(attempt: Int, username: String) {
        let user = User(id: username.lowercased(), name: username.capitalized)
        let current = state.withLock { state in
            guard case .signingIn(attempt, _) = state.phase else { return false }
            state.phase = .signedIn(user)
            return true
        }
        // Published as state: a pane opened later learns who is signed in without asking.
        if current { bus.publishState(UserDidLoginEvent(user: user, date: now())) }
    }
}
