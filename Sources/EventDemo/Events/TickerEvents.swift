/// A new price for the ticker's symbol. Published in bursts by ``TickerService``.
public struct PriceDidTickEvent: DemoEvent, Equatable {
    /// `TickerService`.
    public static let publisherName = "TickerService"

    /// The traded symbol, for example `BEAN`.
    public var symbol: String
    /// The new price.
    public var price: Money
    /// The change from the previous tick, in cents.
    public var change: Int
    /// Counts ticks from 1, so a reader can see which ones a paced pane skipped.
    public var sequence: Int

    /// Creates a tick.
    public init(symbol: String, price: Money, change: Int, sequence: Int) {
        self.symbol = symbol
        self.price = price
        self.change = change
        self.sequence = sequence
    }

    /// `▲` or `▼` (or `=`), for a direction readable without colour.
    public var arrow: String { change > 0 ? "▲" : change < 0 ? "▼" : "=" }

    /// For example `#12 BEAN €41.20 ▲`.
    public var summary: String { "#\(sequence) \(symbol) \(price) \(arrow)" }
}
