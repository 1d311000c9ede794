import EventBus
import EventDemo
import Foundation
import TerminalUI
import Testing

@Suite("Event log: position, paging, search, details, order", .timeLimit(.minutes(3)))
struct LogNavigationTests {
    private func statusLine(_ screen: String) -> String {
        String(screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast().last ?? "")
    }

    @Test func aPausedLogSaysWhereItIsAndWhatCameMeanwhile() {
        // Issue 19, item 10: scrolled, the corner still said "log: live"; PgUp/PgDn/Home/End/g/G did nothing.
        onLoop {
            let harness = LoopHarness(size: Size(width: 80, height: 24))
            for _ in 0..<10 { harness.press(.character("a")) }
            harness.settle()
            let total = harness.sut.eventLog.shown.count
            #expect(statusLine(harness.screen).hasSuffix("log: live"))

            harness.press(.pageDown)
            let page = harness.sut.logPage
            #expect(harness.sut.eventLog.selection == page - 1)
            #expect(statusLine(harness.screen).contains("log: \(page) of \(total) · paused"))
            let selected = harness.sut.eventLog.selectedEntry

            harness.press(.character("a"))  // two more entries: the action and the cart
            harness.settle()
            #expect(harness.sut.eventLog.selectedEntry == selected)  // what the user reads stays put
            #expect(statusLine(harness.screen).contains("of \(total + 2) · paused: 2 new"))

            harness.press(.character("G"))
            #expect(harness.sut.eventLog.selection == total + 1)
            harness.press(.end, .pageUp)
            #expect(harness.sut.eventLog.selection == total + 1 - page)
            harness.press(.character("g"))
            #expect(harness.sut.eventLog.selection == nil)
            #expect(statusLine(harness.screen).hasSuffix("log: live"))
            harness.press(.pageDown, .home)
            #expect(!harness.sut.eventLog.isPaused)
        }
    }

    @Test func theBusMapPagesAndJumps() {
        onLoop {
            let harness = LoopHarness(size: Size(width: 80, height: 24))
            harness.press(.character("3"), .pageDown)
            let page = harness.sut.busMapPage
            let rows = BusPane.rowCount(harness.bus.subscriptionSnapshot().byTypeName)
            #expect(harness.sut.busPane.state.scrollOffset == min(page, rows - page))
            harness.press(.character("G"))
            #expect(harness.sut.busPane.state.scrollOffset == rows - page)
            harness.press(.character("g"))
            #expect(harness.sut.busPane.state.scrollOffset == 0)
        }
    }

    @Test func slashSearchesAndTypedKeysAreText() {
        // Issue 19, item 11: typing `a` or `t` after `/` added an item or fired the ticker.
        onLoop {
            let harness = LoopHarness(size: Size(width: 100, height: 30))
            harness.press(.character("a"), .character("t"))
            harness.settle()
            let before = harness.sut.eventLog.totalCount
            harness.press(.character("/"))
            for character in "tick" { harness.press(.character(character)) }
            harness.settle()

            #expect(harness.sut.isTypingSearch)
            #expect(harness.sut.eventLog.totalCount == before)  // nothing was published
            #expect(harness.sut.cart.state.items.count == 1)
            #expect(!harness.sut.eventLog.shown.isEmpty)
            #expect(harness.sut.eventLog.shown.allSatisfy { $0.typeName == "PriceDidTickEvent" })
            #expect(harness.screen.contains("Search the log: tick"))
            harness.press(.enter)  // keeps the filter; keys act again
            #expect(!harness.sut.isTypingSearch)
            #expect(harness.screen.contains("/tick: \(harness.sut.eventLog.shown.count) matches"))
            harness.press(.escape)
            #expect(harness.sut.eventLog.filter.isEmpty)
            #expect(harness.sut.eventLog.shown.count == harness.sut.eventLog.entries.count)
        }
    }

    @Test func enterOpensTheDetailsOfTheSelectedRow() {
        onLoop {
            let harness = LoopHarness(size: Size(width: 100, height: 30))
            harness.press(.character("l"))
            harness.settle()
            harness.press(.character("/"))
            for character in "UserDidLogin" { harness.press(.character(character)) }
            harness.press(.enter, .down, .enter)
            let screen = harness.screen

            #expect(harness.sut.detail?.typeName == "UserDidLoginEvent")
            #expect(screen.contains("UserDidLoginEvent ━"))
            #expect(screen.contains("by AuthService"))
            #expect(screen.contains("Call site     EventDemo/AuthService.swift:"))  // from the tap
            #expect(harness.sut.detail?.callSite.hasSuffix("finishLogin(session:username:)") == true)
            #expect(screen.contains(#""name":"Alice""#))  // the full payload
            #expect(screen.contains("✓ ProfileService"))
            #expect(screen.contains("✓ ProfileService    inline"))
            #expect(screen.contains("priority"))
            harness.press(.escape)
            #expect(harness.sut.detail == nil)
        }
    }

    @Test func aClickSelectsALogRowAndASecondOpensIt() {
        onLoop {
            let harness = LoopHarness(size: Size(width: 80, height: 24))
            for _ in 0..<3 { harness.press(.character("a")) }
            harness.settle()
            let logTop = harness.screen.split(separator: "\n").firstIndex { $0.contains("Event log") }!
            // The frame's row, the header, then entries: the third entry is four rows down.
            harness.sut.handle(MouseEvent(.left, column: 20, row: logTop + 4))
            #expect(harness.sut.eventLog.selection == 2)
            harness.sut.handle(MouseEvent(.left, column: 20, row: logTop + 4))
            #expect(harness.sut.detail == harness.sut.eventLog.shown[2])
        }
    }

    @Test func nestedPublishesAreMarkedUnderTheirCauseAndTimesOnlyGoForward() {
        // Issue 19, item 9: a nested publish is heard (and stamped) before its cause, so sorted
        // by sequence a newer row carried an earlier time.
        onLoop {
            let executor = MainLoopExecutor()
            let bus = EventBus()
            let clock = LockedValue(Fixtures.date)
            let sut = EventLogPane(bus: bus, executor: executor) {
                clock.withLock { date in
                    date += 0.001  // every stamp a millisecond later than the one before
                    return date
                }
            }
            let token = bus.subscribe(for: LoginDidStartEvent.self) { [weak bus] event in
                bus?.publish(LoginDidCancelEvent(username: event.username, session: event.session))
            }
            bus.publish(LoginDidStartEvent(username: "alice", session: 1))
            executor.drain()

            let start = sut.entries.first { $0.typeName == "LoginDidStartEvent" }!
            let cancel = sut.entries.first { $0.typeName == "LoginDidCancelEvent" }!
            #expect(cancel.cause == start.sequenceNumber)
            #expect(sut.depth(of: cancel) == 1)
            #expect(sut.depth(of: start) == 0)
            let times = sut.entries.map(\.time)  // newest first
            #expect(times == times.sorted(by: >))
            var buffer = ScreenBuffer(size: Size(width: 100, height: 8))
            EventLogPane.render(
                sut.shown, totalCount: sut.totalCount, depth: { sut.depth(of: $0) }, focused: false,
                timeFormat: Fixtures.utc, into: &buffer, in: buffer.bounds)
            #expect(buffer.text.contains("↳ LoginDidCancelEvent"))
            _ = token
        }
    }
}
