import EventBus
import Foundation
import TerminalUI

/// What the ticker pane shows: the ticks it has been handed so far, newest first.
public struct TickerState: Equatable, Sendable {
    /// The most recent ticks shown, newest first (a few, for taller panes).
    public var shown: [PriceDidTickEvent] = []
    /// How many ticks the pane has shown in all.
    public var shownCount = 0

    /// Creates a state.
    public init(shown: [PriceDidTickEvent] = [], shownCount: Int = 0) {
        self.shown = shown
        self.shownCount = shownCount
    }

    /// Puts `tick` on top, keeping at most `limit`. Its change is against the tick shown before
    /// it: when the pace dropped the ticks in between, the published change (against a tick
    /// nobody saw here) would not add up to what the pane shows.
    public mutating func show(_ tick: PriceDidTickEvent, keeping limit: Int) {
        var tick = tick
        if let previous = shown.first, previous.sequence != tick.sequence - 1 {
            tick.change = tick.price.cents - previous.price.cents
        }
        shown.insert(tick, at: 0)
        if shown.count > limit { shown.removeLast() }
        shownCount += 1
    }
}

/// The ticker pane: a paced subscriber. However fast `TickerService` bursts, it takes at most
/// one tick per ``interval``, keeps the newest ``backlogLimit`` waiting and drops older ones,
/// and shows that backlog and the drop count live (read from its token at render time).
@MainLoop
public final class TickerPane {
    /// A rate a person can read.
    public nonisolated static let interval = Duration.milliseconds(500)
    /// The most ticks waiting; older ones are dropped (keep newest: a price only matters now).
    public nonisolated static let backlogLimit = 16
    /// As many ticks as the tallest Flow view shows.
    private static let historyLength = 40

    /// The current state.
    public private(set) var state = TickerState()
    private var token: SubscriptionToken?

    /// Subscribes, paced on `clock`, delivered on `executor`, for as long as the pane lives.
    public init(bus: EventBus, executor: MainLoopExecutor, clock: any Clock<Duration>) {
        token = bus.subscribePaced(
            owner: self, every: Self.interval, clock: clock, on: executor,
            buffering: .keepNewest(Self.backlogLimit)
        ) { (pane, tick: PriceDidTickEvent) in
            MainLoop.assumeIsolated { pane.show(tick) }
        }
    }

    /// Ticks waiting for their turn.
    public var backlog: Int { token?.waitingEventCount ?? 0 }
    /// Ticks dropped because the backlog was full.
    public var dropped: Int { token?.droppedEventCount ?? 0 }

    private func show(_ tick: PriceDidTickEvent) {
        state.show(tick, keeping: Self.historyLength)
    }

    /// Draws the pane into `rect`: the latest tick, the backlog and drops, then older ticks as
    /// rows allow, each marked with the ticks the pace dropped before it and, on a wide pane,
    /// its price as a bar. A pure function of its arguments.
    public nonisolated static func render(
        _ state: TickerState, backlog: Int, dropped: Int, focused: Bool, into buffer: inout ScreenBuffer,
        in rect: Rect
    ) {
        Theme.frame(rect, title: "Ticker · paced 2/s", focused: focused, into: &buffer)
        let inside = rect.inset(by: 1)
        guard inside.height > 0 else { return }
        let left = inside.x + 1
        guard let latest = state.shown.first else {
            buffer.write(
                "No ticks yet: press t (hold it)", column: left, row: inside.y, style: Theme.hint,
                clip: inside)
            writeCounts(backlog: backlog, dropped: dropped, into: &buffer, row: inside.y + 1, in: inside)
            return
        }
        let bar = PriceBar(state.shown.prefix(max(1, inside.height - 1)), width: inside.width - 52)
        writeTick(
            latest, strong: true, skipped: skipped(before: 0, in: state), bar: bar, into: &buffer,
            row: inside.y, in: inside)
        writeCounts(backlog: backlog, dropped: dropped, into: &buffer, row: inside.y + 1, in: inside)
        for (offset, tick) in state.shown.dropFirst().enumerated() where inside.y + 2 + offset < inside.maxY {
            writeTick(
                tick, strong: false, skipped: skipped(before: offset + 1, in: state), bar: bar,
                into: &buffer, row: inside.y + 2 + offset, in: inside)
        }
    }

    /// On a wide pane, each tick's price as a bar against the lowest and highest on screen, so
    /// the history reads as a chart.
    private struct PriceBar {
        let low: Int, high: Int, width: Int

        /// `nil` when the pane is too narrow for a bar worth reading (under 8 cells).
        init?(_ ticks: ArraySlice<PriceDidTickEvent>, width: Int) {
            guard width >= 8, let low = ticks.map(\.price.cents).min(),
                let high = ticks.map(\.price.cents).max()
            else { return nil }
            self.low = low
            self.high = high
            self.width = min(40, width)
        }

        /// One cell at the lowest price, `width` at the highest.
        func cells(for price: Money) -> Int {
            guard high > low else { return width / 2 }
            return 1 + (price.cents - low) * (width - 1) / (high - low)
        }
    }

    /// How many ticks the pane never showed between `state.shown[index]` and the one it showed
    /// before it (the pace dropped them), or 0 when unknown (the oldest kept).
    private nonisolated static func skipped(before index: Int, in state: TickerState) -> Int {
        guard index + 1 < state.shown.count else { return 0 }
        return max(0, state.shown[index].sequence - state.shown[index + 1].sequence - 1)
    }

    /// One tick: number, symbol, price, change, and (when the pace dropped ticks before it and
    /// the row has room) how many it skipped, so the history shows the pace at work.
    private nonisolated static func writeTick(
        _ tick: PriceDidTickEvent, strong: Bool, skipped: Int, bar: PriceBar?,
        into buffer: inout ScreenBuffer,
        row: Int, in inside: Rect
    ) {
        var x = buffer.write(
            "#\(tick.sequence)".padding(toLength: 5, withPad: " ", startingAt: 0), column: inside.x + 1,
            row: row,
            style: Theme.hint, clip: inside)
        x = buffer.write(
            "\(tick.symbol) ", column: x, row: row, style: strong ? Theme.title : .plain, clip: inside)
        x = buffer.write(
            "\(tick.price) ", column: x, row: row, style: strong ? Theme.total : Theme.money, clip: inside)
        let move = "\(tick.arrow) \(Money(cents: abs(tick.change)))"
        x = buffer.write(
            move, column: x, row: row, style: tick.change < 0 ? Theme.warning : Theme.good, clip: inside)
        if let bar {
            let start = inside.x + 27
            buffer.write(
                String(repeating: "▇", count: bar.cells(for: tick.price)), column: start, row: row,
                style: strong ? Theme.total : Theme.money, clip: inside)
            x = start + bar.width
        }
        guard skipped > 0 else { return }
        let range = "#\(tick.sequence - skipped)" + (skipped > 1 ? "–#\(tick.sequence - 1)" : "")
        guard
            let text = ["  ⊘ dropped \(range)", " ⊘ \(range)"].first(where: {
                x + buffer.width(of: $0) < inside.maxX
            })
        else { return }
        buffer.write(text, column: x, row: row, style: Theme.hint, clip: inside)
    }

    private nonisolated static func writeCounts(
        backlog: Int, dropped: Int, into buffer: inout ScreenBuffer, row: Int, in inside: Rect
    ) {
        guard row < inside.maxY else { return }
        var x = buffer.write("backlog ", column: inside.x + 1, row: row, style: Theme.label, clip: inside)
        x = buffer.write(
            "\(backlog)", column: x, row: row, style: backlog > 0 ? Theme.busy : .plain, clip: inside)
        x = buffer.write(" · dropped ", column: x, row: row, style: Theme.label, clip: inside)
        x = buffer.write(
            "\(dropped)", column: x, row: row, style: dropped > 0 ? Theme.warning : .plain, clip: inside)
        buffer.write(" (keeps newest \(backlogLimit))", column: x, row: row, style: Theme.hint, clip: inside)
    }
}
