import EventBus
import Synchronization

/// A bursty market feed: each ``burst(count:)`` publishes several ``PriceDidTickEvent``s at
/// once, faster than anyone can read them. The ticker pane takes them paced; the event log
/// shows every one.
///
/// Prices follow a fixed pseudo-random walk, so a run (and a golden screen) is reproducible.
/// Decides under the lock, publishes after releasing it.
public final class TickerService: Sendable {
    /// How many ticks a key press publishes.
    public static let burstSize = 8

    private struct State {
        var price = Money(cents: 4_120)
        var sequence = 0
        /// A linear congruential generator: deterministic, and enough for a demo walk.
        var seed: UInt64 = 0x9E37_79B9

        mutating func nextTick(symbol: String) -> PriceDidTickEvent {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let change = Int((seed >> 33) % 61) - 30  // -30…+30 cents
            price = Money(cents: max(100, price.cents + change))
            sequence += 1
            return PriceDidTickEvent(symbol: symbol, price: price, change: change, sequence: sequence)
        }
    }

    /// The symbol every tick is for.
    public let symbol = "BEAN"
    private let bus: EventBus
    private let state = Mutex(State())

    /// Creates a feed publishing on `bus`.
    public init(bus: EventBus) {
        self.bus = bus
    }

    /// Publishes `count` ticks, one after another, on the calling thread.
    public func burst(count: Int = TickerService.burstSize) {
        let ticks = state.withLock { state in (0..<count).map { _ in state.nextTick(symbol: symbol) } }
        for tick in ticks { bus.publish(tick) }
    }
}
