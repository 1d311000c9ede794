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

/// The cart line the profile pane shows: the cart's item count, and how many times the pane
/// received it (skipped repeats do not count, which is what the demo shows).
public struct ProfileCartLine: Equatable, Sendable {
    /// Units in the cart.
    public var itemCount: Int
    /// Deliveries the pane's `select(\.itemCount).skipRepeats()` subscription let through.
    public var updates: Int

    /// Creates a line.
    public init(itemCount: Int, updates: Int) {
        self.itemCount = itemCount
        self.updates = updates
    }
}

/// The profile pane: shows the signed-in user's profile and the cart's item count.
///
/// It can be closed and reopened (`p`). A new pane is a new owner, and it learns everything at
/// once from the bus's current values (the signed-in user, the profile, the cart), without
/// asking any service: its state subscriptions replay them.
@MainLoop
public final class ProfilePane {
    /// The current state; changed only by events.
    public private(set) var state: ProfileState = .empty
    /// The cart's item count, once the cart's state has arrived.
    public private(set) var cart: ProfileCartLine?

    /// Subscribes on `executor` for as long as the pane lives.
    public init(bus: EventBus, executor: MainLoopExecutor) {
        // State subscriptions: each replays the current value first (queued on the loop in this
        // order), so a reopened pane shows the signed-in user's profile at once.
        bus.states(of: UserDidLoginEvent.self).subscribeOnLoop(owner: self, on: executor) { pane, event in
            // ProfileService starts the fetch from inside the login's publish, and the bus orders
            // deliveries per subscription, not across them: the profile may arrive first.
            if case .loaded(let profile) = pane.state, profile.user == event.user { return }
            pane.state = .loading
        }
        bus.states(of: ProfileDidLoadEvent.self).subscribeOnLoop(owner: self, on: executor) { pane, event in
            pane.state = .loaded(event.profile)
        }
        bus.subscribeOnLoop(owner: self, on: executor) { (pane, _: UserDidLogoutEvent) in
            pane.state = .empty
        }
        // Only the count, and only when it changes: removing a line and adding it back
        // re-renders twice, but an action that leaves the count as it was reaches the pane as a
        // skipped delivery (shown in the event log), not as an update.
        bus.states(of: CartDidUpdateEvent.self).select(\.itemCount).skipRepeats()
            .subscribeOnLoop(owner: self, on: executor) { pane, count in
                pane.cart = ProfileCartLine(itemCount: count, updates: (pane.cart?.updates ?? 0) + 1)
            }
    }

    /// Draws `state` as a framed pane into `rect`: a pure function of its arguments.
    ///
    /// `cart` is the cart line under the profile, if the cart's state has arrived.
    public nonisolated static func render(
        _ state: ProfileState, cart: ProfileCartLine? = nil, focused: Bool, timeFormat: TimeFormat,
        into buffer: inout ScreenBuffer, in rect: Rect
    ) {
        Theme.frame(rect, title: "Profile", focused: focused, into: &buffer)
        let inside = rect.inset(by: 1)
        let left = inside.x + 1
        if let cart {
            let items = "\(cart.itemCount) item\(cart.itemCount == 1 ? "" : "s")"
            let updates = "\(cart.updates) update\(cart.updates == 1 ? "" : "s")"
            buffer.write("Cart", column: left, row: inside.y + 3, style: Theme.label, clip: inside)
            let end = buffer.write(
                items, column: left + 12, row: inside.y + 3, style: Theme.title, clip: inside)
            buffer.write(", \(updates)", column: end, row: inside.y + 3, style: Theme.hint, clip: inside)
        }
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

extension ProfilePane {
    /// What the profile's place shows while the pane is closed (`p` reopens it).
    public nonisolated static func renderClosed(focused: Bool, into buffer: inout ScreenBuffer, in rect: Rect)
    {
        Theme.frame(rect, title: "Profile (closed)", focused: focused, into: &buffer)
        let inside = rect.inset(by: 1)
        buffer.write(
            "Press p to reopen: the new pane", column: inside.x + 1, row: inside.y, style: Theme.hint,
            clip: inside)
        buffer.write(
            "replays user and cart at once", column: inside.x + 1, row: inside.y + 1, style: Theme.hint,
            clip: inside)
    }
}
