import EventBus
import Synchronization

/// Stamps a loyalty card for every order of an enrolled member and awards the order's points
/// (``LoyaltyDidAwardPointsEvent``, which `ProfileService` credits). Nobody in the demo is
/// enrolled, so its throwing handler fails for the signed-in user on every checkout: the bus
/// reports the error (the event log shows it in red, the cart says no points were awarded)
/// while every other subscriber of the order, and the panes, carry on.
public final class LoyaltyService: Sendable {
    /// Why a stamp failed.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The user has no loyalty card.
        case unknownMember(String)
        /// Nobody is signed in.
        case signedOut

        /// For the log: `no loyalty card for alice`.
        public var description: String {
            switch self {
            case .unknownMember(let name): "no loyalty card for \(name)"
            case .signedOut: "nobody signed in"
            }
        }
    }

    private let members: Set<String>
    /// Who is signed in, and the stamps recorded per member.
    private let cards = Mutex((signedIn: User?.none, stamps: [String: Int]()))

    /// Creates the service with the enrolled user IDs and subscribes it for as long as it lives.
    public init(bus: EventBus, members: Set<String> = []) {
        self.members = members
        bus.subscribe(owner: self) { (service: LoyaltyService, event: UserDidLoginEvent) in
            service.cards.withLock { $0.signedIn = event.user }
        }
        bus.subscribe(owner: self) { (service: LoyaltyService, _: UserDidLogoutEvent) in
            service.cards.withLock { $0.signedIn = nil }
        }
        // Weakly: the handler is stored in the bus, which must not keep itself alive.
        bus.subscribe(owner: self) {
            [weak bus] (service: LoyaltyService, order: CheckoutDidCompleteEvent) throws in
            let member = try service.stamp()
            bus?.publish(
                LoyaltyDidAwardPointsEvent(
                    userID: member, orderNumber: order.orderNumber, points: order.pointsEarned))
        }
    }

    /// Stamps recorded per member.
    public var stampCount: [String: Int] { cards.withLock { $0.stamps } }

    /// Stamps the signed-in member's card; returns their ID. One critical section, so a logout
    /// cannot come between the check and the stamp.
    private func stamp() throws(Failure) -> String {
        try cards.withLock { cards throws(Failure) in
            guard let user = cards.signedIn else { throw .signedOut }
            guard members.contains(user.id) else { throw .unknownMember(user.id) }
            cards.stamps[user.id, default: 0] += 1
            return user.id
        }
    }
}
