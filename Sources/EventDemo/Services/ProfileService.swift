import EventBus
import Foundation

/// Fetches the signed-in user's profile and publishes ``ProfileDidLoadEvent``.
///
/// It reacts to the bus rather than being called: on ``UserDidLoginEvent`` it fetches in the
/// background (simulated latency), and on ``CheckoutDidCompleteEvent`` it credits loyalty points
/// and publishes the updated profile. Its subscriptions are synchronous, on the publisher's thread,
/// which is why the event log shows them as `publisher`.
public final class ProfileService: Sendable {
    private struct Account: Sendable {
        var points: Int
        var lastLogin: Date?
    }

    private let bus: EventBus
    private let latency: Duration
    private let background: Background
    private let state = LockedValue<(signedIn: User?, lastLogin: Date?, accounts: [String: Account])>(
        (nil, nil, [:]))

    /// Creates the service and subscribes it to the bus for as long as it lives.
    public init(bus: EventBus, latency: Duration = .milliseconds(150), background: Background = .live) {
        self.bus = bus
        self.latency = latency
        self.background = background
        bus.subscribe(owner: self) { (service: ProfileService, event: UserDidLoginEvent) in
            service.userDidLogin(event)
        }
        bus.subscribe(owner: self) { (service: ProfileService, _: UserDidLogoutEvent) in
            service.state.withLock { $0.signedIn = nil }
            service.bus.clearState(of: ProfileDidLoadEvent.self)  // a pane opened later replays none
        }
        bus.subscribe(owner: self) { (service: ProfileService, event: CheckoutDidCompleteEvent) in
            service.credit(event)
        }
    }

    private func userDidLogin(_ event: UserDidLoginEvent) {
        state.withLock { state in
            state.signedIn = event.user
            var account = state.accounts[event.user.id] ?? Account(points: 420, lastLogin: nil)
            state.lastLogin = account.lastLogin
            account.lastLogin = event.date
            state.accounts[event.user.id] = account
        }
        background.run(after: latency) { [self] in
            if let profile = currentProfile(for: event.user) {
                bus.publishState(ProfileDidLoadEvent(profile: profile))
            }
        }
    }

    private func credit(_ event: CheckoutDidCompleteEvent) {
        let user = state.withLock { state -> User? in
            guard let user = state.signedIn else { return nil }
            state.accounts[user.id]?.points += event.pointsEarned
            return user
        }
        if let user, let profile = currentProfile(for: user) {
            bus.publishState(ProfileDidLoadEvent(profile: profile))
        }
    }

    /// The profile, or `nil` if `user` signed out meanwhile (a late fetch must not resurrect it).
    private func currentProfile(for user: User) -> Profile? {
        state.withLock { state in
            guard state.signedIn == user, let account = state.accounts[user.id] else { return nil }
            return Profile(
                user: user, displayName: "\(user.name) Martin", loyaltyPoints: account.points,
                lastLogin: state.lastLogin)
        }
    }
}
