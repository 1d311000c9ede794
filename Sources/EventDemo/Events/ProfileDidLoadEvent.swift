import Foundation

/// A user's profile as the profile service returns it.
public struct Profile: Equatable, Sendable, Codable {
    // Most telling first (see DemoEvent): name and points, then whose.
    /// Full name to display.
    public var displayName: String
    /// Loyalty points balance.
    public var loyaltyPoints: Int
    /// Whose profile.
    public var user: User
    /// The sign-in before this one, if any.
    public var lastLogin: Date?
    /// Membership tier, derived from points.
    public var tier: String { loyaltyPoints >= 1000 ? "Gold" : loyaltyPoints >= 300 ? "Silver" : "Bronze" }

    /// Creates a profile.
    public init(user: User, displayName: String, loyaltyPoints: Int, lastLogin: Date?) {
        self.user = user
        self.displayName = displayName
        self.loyaltyPoints = loyaltyPoints
        self.lastLogin = lastLogin
    }
}

/// The profile of the signed-in user arrived, after `ProfileService` fetched it in the background.
public struct ProfileDidLoadEvent: DemoEvent {
    /// The profile.
    public var profile: Profile
    /// The login session it was fetched for (see ``UserDidLoginEvent/session``): a pane shows it
    /// only while that session is the signed-in one.
    public var session: Int
    /// Creates the event.
    public init(profile: Profile, session: Int) {
        self.profile = profile
        self.session = session
    }

    /// Published by `ProfileService`.
    public static let publisherName = "ProfileService"
    /// Name and points.
    public var summary: String { "\(profile.displayName), \(profile.loyaltyPoints) pts" }
}
