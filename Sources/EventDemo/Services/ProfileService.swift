import EventBus
import Foundation

/// Fetches the signed-in user's profile and publishes ``ProfileDidLoadEvent``.
///
/// It reacts to the bus rather than being called: on ``UserDidLoginEvent`` it fetches in the
/// background (simulated latency), and on ``LoyaltyDidAwardPointsEvent`` it credits the points
/// and publishes the updated profile. Its subscriptions are synchronous, on the publisher's thread,
/// which is why the event log shows them as `inline`.
public final class ProfileService: Sendable {
    private struct Account: Sendable {
        var points: Int
        var lastLogin: Date?
    }

    private struct State: Sendable {
        /// The signed-in user and their session, if any.
        var signedIn: (user: User, session: Int)?
        var lastLogin: Date?
        var accounts: [String: Account] = [:]

        /// The profile of `session`'s user, or `nil` unless `session` is the signed-in one.
        func profile(for session: Int) -> Profile? {
            guard let signedIn, signedIn.session == session, let account = accounts[signedIn.user.id] else {
                return nil
            }
            return Profile(
                user: signedIn.user, displayName: "\(signedIn.user.name) Martin",
                loyaltyPoints: account.points, lastLogin: lastLogin)
        }
    }

    private let latency: Duration
    private let background: Background
    /// Decisions publish through its outbox, in the order they were made: a fetch that lands
    /// just before a logout publishes before the logout clears the profile, never after it.
    private let state: ServiceState<State>

    /// Creates the service and subscribes it to the bus for as long as it lives.
    public init(bus: EventBus, latency: Duration = .milliseconds(150), background: Background = .live) {
        self.latency = latency
        self.background = background
        state = ServiceState(State(), bus: bus)
        bus.subscribe(owner: self) { (service: ProfileService, event: UserDidLoginEvent) in
            service.userDidLogin(event)
        }
        bus.subscribe(owner: self) { (service: ProfileService, event: UserDidLogoutEvent) in
            service.state.update { state, outbox in
                guard state.signedIn?.session == event.session else { return }
                state.signedIn = nil
                outbox.clearState(for: ProfileDidLoadEvent.self)  // a pane opened later replays none
            }
        }
        bus.subscribe(owner: self) { (service: ProfileService, event: LoyaltyDidAwardPointsEvent) in
            service.credit(event)
        }
    }

    private func userDidLogin(_ event: UserDidLoginEvent) {
        state.update { state, _ in
            state.signedIn = (event.user, event.session)
            var account = state.accounts[event.user.id] ?? Account(points: 420, lastLogin: nil)
            state.lastLogin = account.lastLogin
            account.lastLogin = event.date
            state.accounts[event.user.id] = account
        }
        background.run(after: latency) { [self] in
            state.update { state, outbox in
                // Nothing if the session ended meanwhile: a late fetch must not resurrect it.
                guard let profile = state.profile(for: event.session) else { return }
                outbox.publishState(ProfileDidLoadEvent(profile: profile, session: event.session))
            }
        }
    }

    private func credit(_ event: LoyaltyDidAwardPointsEvent) {
        state.update { state, outbox in
            guard let signedIn = state.signedIn, signedIn.user.id == event.userID else { return }
            state.accounts[signedIn.user.id]?.points += event.points
            guard let profile = state.profile(for: signedIn.session) else { return }
            outbox.publishState(ProfileDidLoadEvent(profile: profile, session: signedIn.session))
        }
    }
}
