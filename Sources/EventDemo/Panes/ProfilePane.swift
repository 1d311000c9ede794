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
///
/// The login, the logout and the profile arrive through separate subscriptions, in no
/// guaranteed order between them (a profile may overtake its login, a logout its profile), so
/// what the pane shows depends on the events' sessions, not on their arrival order: a profile
/// is shown only while its session is the signed-in one (``SessionTracker``).
@MainLoop
public final class ProfilePane {
    /// The current state; changed only by events.
    public private(set) var state: ProfileState = .empty
    /// The cart's item count, once the cart's state has arrived.
    public private(set) var cart: ProfileCartLine?
    private var tracker = SessionTracker()
    /// The newest profile of a session not over yet: shown once its session is signed in.
    private var profile: ProfileDidLoadEvent?

    /// Subscribes on `executor` for as long as the pane lives.
    public init(bus: EventBus, executor: MainLoopExecutor) {
        // State subscriptions: each replays the current value first, so a reopened pane shows the
        // signed-in user's profile at once.
        bus.states(for: UserDidLoginEvent.self).subscribe(owner: self, on: executor) { pane, event in
            MainLoop.assumeIsolated {
                if pane.tracker.record(.signedIn, of: event.session) { pane.update() }
            }
        }
        bus.states(for: ProfileDidLoadEvent.self).subscribe(owner: self, on: executor) { pane, event in
            MainLoop.assumeIsolated {
                // A profile of a session that is over is dropped: a fetch can land after its logout.
                guard !pane.tracker.isOver(event.session) else { return }
                if let kept = pane.profile, kept.session > event.session { return }
                pane.profile = event
                pane.update()
            }
        }
        bus.subscribe(owner: self, for: UserDidLogoutEvent.self, on: executor) { pane, event in
            MainLoop.assumeIsolated {
                if pane.tracker.record(.ended, of: event.session) { pane.update() }
            }
        }
        // Only the count, and only when it changes: removing a line and adding it back
        // re-renders twice, but an action that leaves the count as it was reaches the pane as a
        // skipped delivery (shown in the event log), not as an update.
        bus.states(for: CartDidUpdateEvent.self).select(\.itemCount).skipRepeats()
            .subscribe(owner: self, on: executor) { pane, count in
                MainLoop.assumeIsolated {
                    pane.cart = ProfileCartLine(itemCount: count, updates: (pane.cart?.updates ?? 0) + 1)
                }
            }
    }

    /// Derives `state` from the tracker and the kept profile.
    private func update() {
        if let kept = profile, tracker.isOver(kept.session) { profile = nil }
        guard tracker.step == .signedIn else {
            state = .empty
            return
        }
        if let profile, tracker.isSignedIn(profile.session) {
            state = .loaded(profile.profile)
        } else {
            state = .loading
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
