import EventBus
import EventBusTesting
import EventDemo
import Foundation
import TerminalUI
import Testing

@Suite("Views: Shop, Flow, Bus", .timeLimit(.minutes(3)))
struct ViewsTests {
    /// Signed in, three items in the cart, one ticker burst of which the paced pane showed one.
    @MainLoop
    private static func busyHarness(_ size: Size) -> LoopHarness {
        let harness = LoopHarness(size: size)
        harness.press(.character("l"))
        harness.settle()
        harness.press(.character("a"), .character("a"), .character("a"), .character("t"))
        harness.drain(until: { harness.sut.ticker.state.shownCount == 1 })
        return harness
    }

    static let sizes = [
        Size(width: 80, height: 24), Size(width: 100, height: 30), Size(width: 120, height: 40),
        Size(width: 200, height: 60),
    ]

    @Test(arguments: sizes)
    func theFlowViewShowsTheTickerItsQueuesAndTheLog(size: Size) async {
        let screen = await onLoopThread {
            let harness = Self.busyHarness(size)
            harness.press(.character("2"))
            return harness.screen
        }

        assertGolden(screen, named: "view-flow-\(size)")
    }

    /// Issue 19, item 7: a tall Flow view shows the ticker's history (with the ticks its pace
    /// dropped between two shown ones) and, in the guide, who gets a tick and how long each
    /// queue takes to drain.
    @Test(arguments: [Size(width: 100, height: 30), Size(width: 200, height: 60)])
    func theFlowViewUsesALargeTerminal(size: Size) async {
        let screen = await onLoopThread {
            let harness = LoopHarness(size: size)
            harness.press(.character("2"))
            for _ in 0..<3 { harness.press(.character("t")) }  // 24 ticks: 1 shown, 16 wait, 7 dropped
            harness.drain(until: { harness.sut.ticker.state.shownCount == 1 })
            for shown in 2...6 {
                harness.clock.advance(by: TickerPane.interval)
                harness.drain(until: { harness.sut.ticker.state.shownCount == shown })
            }
            return harness.screen
        }

        assertGolden(screen, named: "view-flow-history-\(size)")
    }

    @Test(arguments: sizes)
    func theBusViewMapsEveryLiveSubscription(size: Size) async {
        let screen = await onLoopThread {
            let harness = Self.busyHarness(size)
            harness.press(.character("3"))
            return harness.screen
        }

        assertGolden(screen, named: "view-bus-\(size)")
    }

    @Test(arguments: [
        (Key.character("2"), DemoView.flow), (.character("3"), .bus), (.character("1"), .shop),
        (.function(2), .flow), (.function(3), .bus), (.function(1), .shop),
    ])
    func switchesViewsWithDigitsAndFunctionKeys(key: Key, view: DemoView) {
        onLoop {
            let harness = LoopHarness()
            if view == .shop { harness.press(.character("3")) }

            harness.press(key)

            #expect(harness.sut.view == view)
        }
    }

    @Test func clickingATabSwitchesToItsView() {
        onLoop {
            let harness = LoopHarness(size: Size(width: 80, height: 24))
            let titleBar = String(harness.screen.prefix { $0 != "\n" })
            let column = titleBar.distance(
                from: titleBar.startIndex, to: titleBar.range(of: "3 Bus")!.lowerBound)

            harness.sut.handle(MouseEvent(.left, column: column, row: 0))

            #expect(harness.sut.view == .bus)
            #expect(harness.screen.contains("Subscriptions:"))
        }
    }

    @Test func theShopGetsBackItsFocusAndEachViewTabsWithinItsOwnPanes() {
        onLoop {
            let harness = LoopHarness()
            harness.press(.tab)  // Cart → event log.

            harness.press(.character("3"))
            let onBus = harness.sut.focus
            harness.press(.tab)
            let afterTabOnBus = harness.sut.focus
            harness.press(.character("1"))

            #expect(onBus == .busMap)
            #expect(afterTabOnBus == .busMap)
            #expect(harness.sut.focus == .eventLog)
        }
    }

    /// Issue 19, item 7: the log's columns share the row by what the rows hold, and a large
    /// terminal shows more (the publisher, who received each event).
    @Test(arguments: [
        Size(width: 80, height: 24), Size(width: 100, height: 30), Size(width: 200, height: 60),
    ])
    func theShopAfterACheckoutSharesItsColumnsByContent(size: Size) async {
        let screen = await onLoopThread {
            let harness = Self.busyHarness(size)
            harness.press(.character("c"))
            harness.settle()
            return harness.screen
        }

        assertGolden(screen, named: "view-shop-after-checkout-\(size)")
    }

    @Test func theBusViewCountsDeliveriesAndShowsDropsApart() async {
        // Issue 19, item 8: RECEIVED counted the ticks the paced pane's full buffer dropped.
        let (row, dropped) = await onLoopThread {
            let harness = LoopHarness(size: Size(width: 120, height: 40))
            harness.press(.character("t"), .character("t"), .character("t"))  // 24 ticks at once
            harness.drain(until: { harness.sut.ticker.state.shownCount == 1 })
            harness.press(.character("3"))
            let row = harness.screen.split(separator: "\n").first { $0.contains("TickerPane") }
            return (row.map(String.init) ?? "", harness.sut.ticker.dropped)
        }

        // One shown, sixteen waiting (its buffer keeps the newest 16), seven dropped.
        #expect(dropped == 7)
        #expect(row.contains("17       7"), "\(row)")
    }

    @Test func keysKeepWorkingInEveryViewAndTheBusCountsWhatArrives() {
        onLoop {
            let harness = LoopHarness()
            harness.press(.character("3"))
            let before = harness.bus.subscriptionSnapshot()[EventType(CartDidUpdateEvent.self)]?.first?
                .deliveredEventCount

            harness.press(.character("a"), .character("a"))
            harness.drain()

            #expect(before == 0)
            #expect(
                harness.bus.subscriptionSnapshot()[EventType(CartDidUpdateEvent.self)]?.first?
                    .deliveredEventCount
                    == 2)
            #expect(harness.screen.contains("CartDidUpdateEvent"))
        }
    }

    @Test func theBusViewDropsASubscriptionOnceItsOwnerIsGone() {
        onLoop {
            let harness = LoopHarness()
            final class Visitor: Sendable {}
            var visitor: Visitor? = Visitor()
            harness.bus.subscribe(owner: visitor!) { (_, _: LoginDidStartEvent) in }
            harness.press(.character("3"))
            let whileAlive = harness.screen

            visitor = nil

            #expect(whileAlive.contains("Visitor"))
            #expect(!harness.screen.contains("Visitor"))
        }
    }

    @Test func theWheelScrollsTheBusMapAndArrowsDoToo() {
        onLoop {
            let harness = LoopHarness(size: Size(width: 80, height: 24))
            harness.press(.character("3"))

            harness.sut.handle(MouseEvent(.wheelDown, column: 10, row: 5))
            let afterWheel = harness.sut.busPane.state.scrollOffset
            harness.press(.up)

            #expect(afterWheel == 3)  // Three rows per notch.
            #expect(harness.sut.busPane.state.scrollOffset == 2)
        }
    }
}
