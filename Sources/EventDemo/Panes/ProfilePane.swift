import EventBus
import Foundation
import TerminalUI

/// What the profile pane shows.
public enum ProfileState: Equatable, Sendable {
    /// Signed out: nothing to show.
    case empty
    /// Signed in; `ProfileService` is fetching.
    case loading
    /// The profile arrived.
    case loaded(Profile)
}

/// The profile pane: reloads on login, updates after checkout, clears on logout.
@MainLoop
public final class ProfilePane {
    /// The current state; changed only by events.
    public private(set) var state: ProfileState = .empty

    /// Subscribes on `executor` for as long as the pane lives.
    public init(bus: EventBus, executor: MainLoopExecutor) {
        bus.subscribeOnLoop(owner: self, on: executor) { (pane, event: UserDidLoginEvent) in
            // ProfileService starts the fetch from inside the login's publish, and the bus orders
            // deliveries per subscription, not across them: the profile may arrive first.
            if case .loaded(let profile) = pane.state, profile.user == event.user { return }
            pane.state = .loading
        }
        bus.subscribeOnLoop(owner: self, on: executor) { (pane, event: ProfileDidLoadEvent) in
            pane.state = .loaded(event.profile)
        }
        bus.subscribeOnLoop(owner: self, on: executor) { (pane, _: UserDidLogoutEvent) in
            pane.state = .empty
        }
    }

    /// Draws `state` as a framed pane into `rect`: a pure function of its arguments.
    public nonisolated static func render(
        _ state: ProfileState, focused: Bool, timeFormat: TimeFormat, into buffer: inout ScreenBuffer,
        in rect: Rect
    ) {
        Theme.frame(rect, title: "Profile", focused: focused, into: &buffer)
        let inside = rect.inset(by: 1)
        let left = inside.x + 1
        switch state {
        case .empty:
            buffer.write(
                "No profile: not signed in", column: left, row: inside.y, style: Theme.hint, clip: inside)
        case .loading:
            buffer.write("◌ Loading profile…", column: left, row: inside.y, style: Theme.busy, clip: inside)
            buffer.write(
                "ProfileService fetches in", column: left, row: inside.y + 1, style: Theme.hint, clip: inside)
            buffer.write("the background", column: left, row: inside.y + 2, style: Theme.hint, clip: inside)
        case .loaded(let profile):
            let lastLogin = profile.lastLogin.map(timeFormat.time) ?? "first visit"
            let rows: [(String, String, Style)] = [
                ("Name", profile.displayName, Theme.title),
                ("Points", "\(profile.loyaltyPoints) • \(profile.tier)", Theme.money),
                ("Last login", lastLogin, .plain),
            ]
            for (offset, (label, value, style)) in rows.enumerated() {
                buffer.write(label, column: left, row: inside.y + offset, style: Theme.label, clip: inside)
                buffer.write(value, column: left + 12, row: inside.y + offset, style: style, clip: inside)
            }
        }
    }
}
