import EventBus
import EventDemo
import Foundation
import TerminalUI
import Testing

/// Fuzz bug (a): the profile pane could show a profile while signed out, or none while signed
/// in. Login, logout and profile reach a pane through separate subscriptions, and the bus orders
/// deliveries per subscription only, so a pane must come to the same screen whatever order the
/// events of different types arrive in. Each test publishes one arrival order after another.
@Suite("Demo: panes agree whatever order auth and profile events arrive in", .timeLimit(.minutes(3)))
struct SessionOrderTests {
    private static let bob = User(id: "bob", name: "Bob")
    private static let bobProfile = Profile(
        user: bob, displayName: "Bob Martin", loyaltyPoints: 420, lastLogin: nil)

    private static func login(_ session: Int, _ user: User = Fixtures.alice) -> any DemoEvent {
        UserDidLoginEvent(user: user, date: Fixtures.date, session: session)
    }
    private static func logout(_ session: Int, _ user: User = Fixtures.alice) -> any DemoEvent {
        UserDidLogoutEvent(user: user, session: session)
    }
    private static func profile(_ session: Int, _ profile: Profile = Fixtures.profile) -> any DemoEvent {
        ProfileDidLoadEvent(profile: profile, session: session)
    }

    /// A pane's state after `events` arrive in this order, on a bus and loop of its own. Logins
    /// and profiles are state publishes, as the services make them.
    @MainLoop
    private static func profileState(after events: [any DemoEvent]) -> ProfileState {
        let executor = MainLoopExecutor()
        let bus = EventBus()
        let sut = ProfilePane(bus: bus, executor: executor)
        for event in events { publish(event, on: bus) }
        executor.drain()
        return sut.state
    }

    @MainLoop
    private static func loginState(after events: [any DemoEvent]) -> LoginState {
        let executor = MainLoopExecutor()
        let bus = EventBus()
        let sut = LoginPane(bus: bus, executor: executor)
        for event in events { publish(event, on: bus) }
        executor.drain()
        return sut.state
    }

    private static func publish(_ event: any DemoEvent, on bus: EventBus) {
        if event is UserDidLoginEvent || event is ProfileDidLoadEvent {
            bus.publishState(event)  // Opened: routed by its concrete type.
        } else {
            bus.publish(event)
        }
    }

    @Test func aProfileThatArrivesAfterItsLogoutIsNotShown() {
        // The fuzz failure: the fetch decided before the logout and was delivered after it.
        let state = onLoop { Self.profileState(after: [Self.login(1), Self.logout(1), Self.profile(1)]) }

        #expect(state == .empty)
    }

    @Test func signedOutInEveryArrivalOrderOfLoginProfileAndLogout() {
        onLoop {
            for order in permutations([Self.login(1), Self.profile(1), Self.logout(1)]) {
                #expect(Self.profileState(after: order) == .empty, "\(order.map(\.summary))")
            }
        }
    }

    @Test func showsTheNewestSessionsProfileInEveryArrivalOrder() {
        onLoop {
            let events = [
                Self.login(1), Self.profile(1), Self.logout(1), Self.login(2, Self.bob),
                Self.profile(2, Self.bobProfile),
            ]
            for order in permutations(events) {
                #expect(
                    Self.profileState(after: order) == .loaded(Self.bobProfile), "\(order.map(\.summary))")
            }
        }
    }

    @Test func loadsWhileTheNewestSessionIsSignedInAndItsProfileIsMissing() {
        onLoop {
            for order in permutations([Self.login(1), Self.profile(1), Self.logout(1), Self.login(2)]) {
                #expect(Self.profileState(after: order) == .loading, "\(order.map(\.summary))")
            }
        }
    }

    @Test func aReopenedPaneShowsNoProfileWhenTheBusHoldsOneButNoLogin() {
        // A state publish that overtook its session's end would otherwise come back on `p` `p`.
        let state = onLoop { Self.profileState(after: [Self.profile(1)]) }

        #expect(state == .empty)
    }

    @Test func loginPaneIsSignedOutInEveryArrivalOrderOfASessionThatEnded() {
        onLoop {
            let started = LoginDidStartEvent(username: "alice", session: 1)
            for order in permutations([started, Self.login(1), Self.logout(1)]) {
                #expect(Self.loginState(after: order) == .loggedOut, "\(order.map(\.summary))")
            }
        }
    }

    @Test func loginPaneShowsTheNewestSessionInEveryArrivalOrder() {
        onLoop {
            let events: [any DemoEvent] = [
                LoginDidStartEvent(username: "alice", session: 1),
                LoginDidCancelEvent(username: "alice", session: 1),
                LoginDidStartEvent(username: "bob", session: 2), Self.login(2, Self.bob),
            ]
            for order in permutations(events) {
                #expect(
                    Self.loginState(after: order) == .loggedIn(Self.bob, since: Fixtures.date),
                    "\(order.map(\.summary))")
            }
        }
    }

    @Test func trackerKeepsTheNewestSessionAndItsFurthestStep() {
        var sut = SessionTracker()

        let news = [
            sut.record(.signedIn, of: 2),
            sut.record(.started, of: 2),  // behind: already signed in
            sut.record(.ended, of: 1),  // an older session
        ]
        let signedIn = (two: sut.isSignedIn(2), oneIsOver: sut.isOver(1))
        let ended = sut.record(.ended, of: 2)

        #expect(news == [true, false, false])
        #expect(signedIn.two && signedIn.oneIsOver)
        #expect(ended && sut.isOver(2) && !sut.isOver(3))
    }
}

/// Every order of `items` (n! of them; keep n small).
func permutations<T>(_ items: [T]) -> [[T]] {
    guard items.count > 1 else { return [items] }
    return items.indices.flatMap { index in
        var rest = items
        let first = rest.remove(at: index)
        return permutations(rest).map { [first] + $0 }
    }
}
