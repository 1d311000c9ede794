import EventBusTesting
import EventDemo
import TerminalUI
import Testing

@Suite("Ticker pane: paced, with a live backlog", .timeLimit(.minutes(3)))
struct TickerPaneTests {
    private func render(_ state: TickerState, backlog: Int, dropped: Int, height: Int = 4) -> String {
        Fixtures.render(width: 44, height: height) { buffer, rect in
            TickerPane.render(
                state, backlog: backlog, dropped: dropped, focused: false, into: &buffer, in: rect)
        }
    }

    private let ticks = [
        PriceDidTickEvent(symbol: "BEAN", price: Money(cents: 4_131), change: -7, sequence: 3),
        PriceDidTickEvent(symbol: "BEAN", price: Money(cents: 4_138), change: 25, sequence: 2),
        PriceDidTickEvent(symbol: "BEAN", price: Money(cents: 4_113), change: -7, sequence: 1),
    ]

    @Test func invitesToPressTWhenEmpty() {
        assertGolden(render(TickerState(), backlog: 0, dropped: 0), named: "ticker-empty")
    }

    @Test func showsTheLatestTickWithItsBacklogAndDrops() {
        let state = TickerState(shown: ticks, shownCount: 3)

        assertGolden(render(state, backlog: 7, dropped: 12), named: "ticker-backlog")
    }

    @Test func listsEarlierTicksWhenTaller() {
        let state = TickerState(shown: ticks, shownCount: 3)

        assertGolden(render(state, backlog: 0, dropped: 0, height: 7), named: "ticker-tall")
    }

    @Test func showsTheFirstTickOfABurstAtOnceAndTheRestOnePerInterval() async {
        let (atOnce, beforeTheInterval, afterIt) = await onLoopThread {
            let harness = LoopHarness()
            harness.press(.character("t"))
            harness.drain()
            let atOnce = harness.tickerSnapshot

            harness.clock.advance(by: .milliseconds(499))
            harness.drain()
            let beforeTheInterval = harness.tickerSnapshot
            harness.clock.advance(by: .milliseconds(1))
            harness.drain(until: { harness.sut.ticker.state.shownCount == 2 })

            return (atOnce, beforeTheInterval, harness.tickerSnapshot)
        }

        #expect(atOnce == TickerSnapshot(shownCount: 1, newest: 1, backlog: 7, dropped: 0))
        #expect(beforeTheInterval == atOnce)
        #expect(afterIt == TickerSnapshot(shownCount: 2, newest: 2, backlog: 6, dropped: 0))
    }

    @Test func holdingTheKeyKeepsTheNewestTicksAndCountsTheDropped() async {
        let (held, nextInterval) = await onLoopThread {
            let harness = LoopHarness()
            for _ in 0..<4 { harness.press(.character("t")) }  // 32 ticks; the first is shown.
            harness.drain()
            let held = harness.tickerSnapshot

            harness.clock.advance(by: TickerPane.interval)
            harness.drain(until: { harness.sut.ticker.state.shownCount == 2 })
            return (held, harness.tickerSnapshot)
        }

        let limit = TickerPane.backlogLimit
        #expect(held == TickerSnapshot(shownCount: 1, newest: 1, backlog: limit, dropped: 31 - limit))
        #expect(
            nextInterval
                == TickerSnapshot(
                    shownCount: 2, newest: 32 - limit + 1, backlog: limit - 1, dropped: 31 - limit))
    }

    @Test func theEventLogStillSeesEveryTick() {
        onLoop {
            let harness = LoopHarness()

            harness.press(.character("t"))
            harness.drain()

            #expect(harness.sut.eventLog.entries.filter { $0.typeName == "PriceDidTickEvent" }.count == 8)
        }
    }
}

/// What the ticker pane shows and holds at one moment, as a value to compare outside the loop.
struct TickerSnapshot: Equatable, Sendable {
    var shownCount: Int
    var newest: Int?
    var backlog: Int
    var dropped: Int
}

extension LoopHarness {
    var tickerSnapshot: TickerSnapshot {
        let ticker = sut.ticker
        return TickerSnapshot(
            shownCount: ticker.state.shownCount, newest: ticker.state.shown.first?.sequence,
            backlog: ticker.backlog, dropped: ticker.dropped)
    }
}

@Suite("Ticker pane: changes against what it showed")
struct TickerChangeTests {
    @Test func aTickAfterDroppedOnesShowsItsChangeFromTheTickShownBeforeIt() {
        // Issue 19, item 8: a row's change was against a tick the pace had dropped.
        var state = TickerState()
        state.show(
            PriceDidTickEvent(symbol: "BEAN", price: Money(cents: 4000), change: 10, sequence: 1), keeping: 8)
        state.show(
            PriceDidTickEvent(symbol: "BEAN", price: Money(cents: 4030), change: 30, sequence: 2), keeping: 8)
        // #3 and #4 were dropped; #5 is 20 cents under #4 but 5 over #2, the tick on screen.
        state.show(
            PriceDidTickEvent(symbol: "BEAN", price: Money(cents: 4035), change: -20, sequence: 5), keeping: 8
        )

        #expect(state.shown.map(\.change) == [5, 30, 10])
        #expect(state.shown.first?.arrow == "▲")
    }
}
