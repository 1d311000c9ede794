import EventBus

/// The services the app drives, all publishing on one bus.
public struct DemoServices: Sendable {
    /// The bus everything publishes on.
    public let bus: EventBus
    /// Login and logout.
    public let auth: AuthService
    /// Profile fetching; reacts to the bus on its own.
    public let profile: ProfileService
    /// The cart.
    public let cart: CartService
    /// Where auth and profile do their slow work; knows whether any is still in flight.
    public let background: Background

    /// Creates the services on `bus`; tests pass ``Background/immediate``.
    public init(bus: EventBus, background: Background = .live, now: @escaping Now = LiveEnvironment.now) {
        self.bus = bus
        self.background = background
        auth = AuthService(bus: bus, background: background, now: now)
        profile = ProfileService(bus: bus, background: background)
        cart = CartService(bus: bus)
    }
}
