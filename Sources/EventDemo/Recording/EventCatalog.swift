import Foundation

/// Every demo event type a recording may contain, by the name the recording uses for it (the
/// type's name, as the event log shows it).
///
/// Replay looks types up here, so an event type missing from ``types`` is recorded but cannot be
/// replayed: `RecordingTests` round-trips each listed type and replays a recorded live session
/// that goes through every service.
public enum EventCatalog {
    /// The replayable event types.
    public static let types: [any DemoEvent.Type] = [
        LoginDidStartEvent.self, UserDidLoginEvent.self, LoginDidCancelEvent.self, UserDidLogoutEvent.self,
        ProfileDidLoadEvent.self, CartDidUpdateEvent.self, CartAction.self, CheckoutRequestedEvent.self,
        CheckoutVetoedEvent.self,
        CheckoutDidCompleteEvent.self, LoyaltyDidAwardPointsEvent.self, PriceDidTickEvent.self,
    ]

    private static let byName: [String: any DemoEvent.Type] = Dictionary(
        uniqueKeysWithValues: types.map { (String(describing: $0), $0) })

    /// The type recorded as `name`, or `nil` if this build does not know it.
    public static func type(named name: String) -> (any DemoEvent.Type)? {
        byName[name]
    }
}
