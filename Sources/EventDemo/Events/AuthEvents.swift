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
    /// The login session this attempt opens (see ``UserDidLoginEvent/session``).
    public var session: Int
    /// Creates the event.
    public init(username: String, session: Int) {
        self.username = username
        self.session = session
    }

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
    /// The login session: `AuthService` numbers its login attempts 1, 2, 3…, and every auth and
    /// profile event carries the number of the session it belongs to. Events of different types
    /// reach a pane through different subscriptions, in no guaranteed order between them; the
    /// number tells a pane whether an event is about the newest session or one already over.
    public var session: Int
    /// Creates the event.
    public init(user: User, date: Date, session: Int) {
        self.user = user
        self.date = date
        self.session = session
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
    /// The login session that ended (see ``UserDidLoginEvent/session``).
    public var session: Int
    /// Creates the event.
    public init(username: String, session: Int) {
        self.username = username
        self.session = session
    }

    /// Published by `AuthService`.
    public static let publisherName = "AuthService"
    /// The user name.
    public var summary: String { username }
}

/// The user signed out.
public struct UserDidLogoutEvent: DemoEvent {
    /// Who signed out.
    public var user: User
    /// The login session that ended (see ``UserDidLoginEvent/session``).
    public var session: Int
    /// Creates the event.
    public init(user: User, session: Int) {
        self.user = user
        self.session = session
    }

    /// Published by `AuthService`.
    public static let publisherName = "AuthService"
    /// The user's name.
    public var summary: String { user.name }
}
