import EventBus
import EventDemo
import Foundation
import Testing

@Suite("Event log pane rendering")
struct EventLogPaneRenderTests {
    private func entry(
        _ sequence: UInt64, _ type: String, _ publisher: String, _ summary: String, reached: Int,
        on recipients: [(String, String)]
    ) -> EventLogEntry {
        EventLogEntry(
            sequenceNumber: sequence, time: Fixtures.date.addingTimeInterval(Double(sequence) * 0.125),
            typeName: type, publisher: publisher, summary: summary, reachedCount: reached,
            recipients: recipients.map { .init(subscriberName: $0.0, executorLabel: $0.1) })
    }

    private var entries: [EventLogEntry] {
        [
            entry(
                4, "CheckoutDidCompleteEvent", "CartService", "order #1001, €28.40", reached: 3,
                on: [("ProfileService", "publisher"), ("CartPane", "main-loop"), ("LoginPane", "main-loop")]),
            entry(
                3, "CartDidUpdateEvent", "CartService", "2 items, €28.40", reached: 1,
                on: [("CartPane", "main-loop")]),
            entry(
                2, "UserDidLoginEvent", "AuthService", "Alice", reached: 3,
                on: [
                    ("ProfileService", "publisher"), ("LoginPane", "main-loop"), ("ProfilePane", "main-loop"),
                ]),
            entry(1, "DebugPingEvent", "?", "", reached: 0, on: []),
        ]
    }

    private func render(_ entries: [EventLogEntry], width: Int = 98, scrollOffset: Int = 0) -> String {
        Fixtures.render(width: width, height: 7) { buffer, rect in
            EventLogPane.render(
                entries, scrollOffset: scrollOffset, totalCount: entries.count, focused: false,
                timeFormat: Fixtures.utc, into: &buffer, in: rect)
        }
    }

    @Test func explainsHowToProduceEventsWhenEmpty() {
        assertGolden(render([]), named: "event-log-empty")
    }

    @Test func listsEventsNewestFirstWithReachAndExecutors() {
        assertGolden(render(entries), named: "event-log-entries")
    }

    @Test func fitsItsColumnsAt80Columns() {
        assertGolden(render(entries, width: 80), named: "event-log-80-columns")
    }

    @Test func cutsAShortenedSummaryAtAWordSoNoPartOfANameReadsAsAQuantity() {
        // Given a cart action whose summary is wider than an 80-column log's payload column
        let add = entry(
            5, "CartAction", "CartService", "add Paper filters ×100", reached: 1,
            on: [("ownerless", "publisher")])
        let wide = entry(
            6, "CheckoutVetoedEvent", "AuditService", "over the limit", reached: 1,
            on: [("CartPane", "main-loop"), ("LoginPane", "main-loop")])

        // When the log is drawn narrower than 80 columns (as the 80x24 Flow view does)
        let text = render([wide, add] + entries, width: 78)

        // Then the summary loses its last words, not the end of one
        #expect(text.contains("add Paper filters…"), "\(text)")
        #expect(!text.contains("×…"), "\(text)")
    }

    @Test func startsAtTheScrollOffset() {
        let text = render(entries, scrollOffset: 2)

        #expect(!text.contains("CheckoutDidCompleteEvent"))
        #expect(text.contains("UserDidLoginEvent"))
    }

    private var vetoAndFailure: [EventLogEntry] {
        [
            EventLogEntry(
                sequenceNumber: 9, time: Fixtures.date, typeName: "CheckoutVetoedEvent",
                publisher: "AuditService",
                summary: "over the €100.00 limit", reachedCount: 1,
                recipients: [.init(subscriberName: "CartPane", executorLabel: "main-loop")]),
            EventLogEntry(
                sequenceNumber: 8, time: Fixtures.date, typeName: "CheckoutRequestedEvent",
                publisher: "CartService",
                summary: "5 items, €125.60", reachedCount: 1,
                recipients: [.init(subscriberName: "AuditService", executorLabel: "publisher")],
                consumedBy: "AuditService"),
            EventLogEntry(
                sequenceNumber: 7, time: Fixtures.date, typeName: "CheckoutDidCompleteEvent",
                publisher: "CartService",
                summary: "order #1001, €28.40", reachedCount: 3,
                recipients: [.init(subscriberName: "LoyaltyService", executorLabel: "publisher")]),
            EventLogEntry(
                sequenceNumber: 7, time: Fixtures.date, typeName: "CheckoutDidCompleteEvent",
                publisher: "LoyaltyService", summary: "", reachedCount: 0,
                recipients: [.init(subscriberName: "LoyaltyService", executorLabel: "publisher")],
                failure: "no loyalty card for alice"),
        ]
    }

    @Test func marksAStoppedEventAndListsAFailureUnderItsEvent() {
        assertGolden(render(vetoAndFailure, width: 80), named: "event-log-veto-and-failure")
    }

    @Test func describesStopsAndFailuresInTheStatusLine() {
        #expect(
            vetoAndFailure[1].flowDescription
                == "CartService ➜ CheckoutRequestedEvent ➜ AuditService inline (stopped by AuditService)"
        )
        #expect(
            vetoAndFailure[3].flowDescription
                == "LoyaltyService ✗ CheckoutDidCompleteEvent: no loyalty card for alice")
    }

    @Test func describesTheFlowOfAnEventInOneLine() {
        #expect(
            entries[0].flowDescription
                == "CartService ➜ CheckoutDidCompleteEvent ➜ ProfileService inline; CartPane, LoginPane on main-loop"
        )
        #expect(entries[3].flowDescription == "? ➜ DebugPingEvent ➜ no subscribers (dead event)")
    }

    @Test func marksSkippedStateDeliveriesWithTheStepThatSkippedThem() {
        let skip = { (name: String, reason: String) in
            PublishRecord.Skip(subscriberName: name, executorLabel: "main-loop", reason: reason)
        }
        var allSkipped = entry(6, "CartDidUpdateEvent", "CartService", "empty cart", reached: 0, on: [])
        allSkipped.skips = [skip("ProfilePane", "skipRepeats"), skip("CartPane", "automatic skipRepeats")]
        var oneSkipped = entry(
            5, "CartDidUpdateEvent", "CartService", "1 item, €4.20", reached: 1,
            on: [("CartPane", "main-loop")])
        oneSkipped.skips = [skip("ProfilePane", "skipRepeats")]

        assertGolden(render([allSkipped, oneSkipped], width: 80), named: "event-log-skips-80-columns")
        #expect(
            oneSkipped.flowDescription
                == "CartService ➜ CartDidUpdateEvent ➜ CartPane on main-loop; skipped: ProfilePane (skipRepeats)"
        )
    }
}
