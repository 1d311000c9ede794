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
    /// Vetoes checkouts over a limit (stop propagation).
    public let audit: AuditService
    /// Stamps loyalty cards and awards points; throws for users without one (a failing handler).
    public let loyalty: LoyaltyService
    /// A bursty price feed (`t`), which the paced ticker pane follows.
    public let ticker: TickerService
    /// Archives ticks with an `async` handler, one at a time (its queue shows in the Flow view).
    public let archive: ArchiveService
    /// Where auth and profile do their slow work; knows whether any is still in flight.
    public let background: Background

    /// Creates the services on `bus`; tests pass ``Background/immediate`` and a manual `clock`
    /// (it times the archive's work). `loyaltyMembers` are the user IDs with a loyalty card:
    /// nobody in the app, so its checkouts show a handler error.
    public init(
        bus: EventBus, background: Background = .live, now: @escaping Now = LiveEnvironment.now,
        clock: any Clock<Duration> = ContinuousClock(), loyaltyMembers: Set<String> = []
    ) {
        self.bus = bus
        self.background = background
        auth = AuthService(bus: bus, background: background, now: now)
        profile = ProfileService(bus: bus, background: background)
        // Handler errors are shown by the event log (its tap's `failures:`). The bus's default
        // would write them to standard error, which is the terminal ncurses is drawing on.
        bus.setFailureHandler { _ in }
        cart = CartService(bus: bus)
        audit = AuditService(bus: bus)
        loyalty = LoyaltyService(bus: bus, members: loyaltyMembers)
        ticker = TickerService(bus: bus)
        archive = ArchiveService(bus: bus, clock: clock)
    }
}
