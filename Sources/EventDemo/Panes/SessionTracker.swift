/// Where the newest login session stands, folded from auth events taken in any order.
///
/// A pane gets the login, the logout and the profile through separate subscriptions, and the bus
/// keeps order per subscription only: a logout may arrive before the login it ends, a profile
/// before its login, a late login after the next session started. Every auth and profile event
/// carries its session number (``UserDidLoginEvent/session``), sessions only grow, and a session
/// only moves forward (started, signed in, ended). So the tracker keeps the newest session and
/// the furthest step it reached, and the result is the same whatever the arrival order.
public struct SessionTracker: Equatable, Sendable {
    /// How far a session got.
    public enum Step: Int, Comparable, Sendable {
        /// `AuthService` is signing the user in.
        case started
        /// The user is signed in.
        case signedIn
        /// Signed out, or the login was cancelled.
        case ended

        /// Earlier steps first: started, signed in, ended.
        public static func < (lhs: Step, rhs: Step) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The newest session heard of; 0 before any.
    public private(set) var session = 0
    /// How far ``session`` got; `.ended` before any session.
    public private(set) var step = Step.ended

    /// Creates a tracker that has heard of no session.
    public init() {}

    /// Records that `session` reached `step`. Returns whether that is news: `false` for an
    /// older session, or for a step the session had already reached or passed, which the caller
    /// then ignores.
    public mutating func record(_ step: Step, of session: Int) -> Bool {
        guard session > self.session || (session == self.session && step > self.step) else { return false }
        self.session = session
        self.step = step
        return true
    }

    /// Whether `session` is the newest one and signed in.
    public func isSignedIn(_ session: Int) -> Bool {
        self.session == session && step == .signedIn
    }

    /// Whether `session` can no longer be signed in: it ended, or a newer one started.
    public func isOver(_ session: Int) -> Bool {
        session < self.session || (session == self.session && step == .ended)
    }
}
