import Foundation

/// A signed-in user.
public struct User: Equatable, Sendable, Codable {
    /// Stable identifier.
    public var id: String
    /// Display name.
    public var name: String

    /// Creates a user.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// `AuthService` started signing a user in; the result follows as ``UserDidLoginEvent``.
public struct LoginDidStartEvent: DemoEvent {
    /// The user name being signed in.
    public var username: String
    /// Creates the event.
    public init(username: String) { self.username = username }

    /// Published by `AuthService`.
    public static let publisherName = "AuthService"
    /// The user name.
    public var summary: String { username }
}

/// A user signed in. Published off the loop, from the login's background task.
public struct UserDidLoginEvent: DemoEvent {
    /// Who signed in.
    public var user: User
    /// When.
    public var date: Date
    /// Creates the event.
    public init(user: User, date: Date) {
        self.user = user
        self.date = date
    }

    /// Published by `AuthService`.
    public static let publisherName = "AuthService"
    /// The user's name.
    public var summary: String { user.name }
}

/// A login in flight was cancelled (the user pressed `l` again before it landed); no
/// ``UserDidLoginEvent`` follows for it.
public struct LoginDidCancelEvent: DemoEvent {
    /// The user name whose login was cancelled.
    public var username: String
    /// Creates the event.
    public init(username: String) { self.username = username }

    /// Published by `AuthService`.
    public static let publisherName = "AuthService"
    /// The user name.
    public var summary: String { username }
}

/// The user signed out.
public struct UserDidLogoutEvent: DemoEvent {
    /// Who signed out.
    public var user: User
    /// Creates the event.
    public init(user: User) { self.user = user }

    /// Published by `AuthService`.
    public static let publisherName = "AuthService"
    /// The user's name.
    public var summary: String { user.name }
}
