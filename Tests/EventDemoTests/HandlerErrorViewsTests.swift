import EventDemo
import TerminalUI
import Testing

/// A handler that threw, as the views other than the log show it: the Bus view's last
/// publishes mark it as the detail view does, and a failure row's detail shows the event.
@Suite("Handler errors in the Bus view and the detail view", .timeLimit(.minutes(3)))
struct HandlerErrorViewsTests {
    /// A harness of `size` whose signed-in user without a loyalty card has checked out, so
    /// that LoyaltyService threw on the order's CheckoutDidCompleteEvent.
    @MainLoop private static func checkedOut(size: Size) -> LoopHarness {
        let harness = LoopHarness(size: size)
        harness.press(.character("l"))
        harness.settle()
        harness.press(.character("a"), .character("c"))
        harness.settle()
        return harness
    }

    @Test func theLastPublishesMarkTheReceiverWhoseHandlerThrew() {
        onLoop {
            // Given a checkout on which LoyaltyService threw, on a 200x60 terminal
            let sut = Self.checkedOut(size: Size(width: 200, height: 60))

            // When the Bus view is shown
            sut.press(.character("3"))
            let screen = sut.screen

            // Then the order's row in the last publishes marks LoyaltyService, and only it
            let rows = screen.split(separator: "\n")
            let header = rows.firstIndex { $0.contains("LAST PUBLISHES, NEWEST FIRST") } ?? rows.endIndex
            let order = rows[header...].first { $0.contains("CheckoutDidCompleteEvent") } ?? ""
            #expect(order.contains("✗ LoyaltyService"), "\(screen)")
            #expect(!order.contains("✗ CartPane") && order.contains("CartPane"), "\(screen)")
        }
    }

    @Test func aFailureRowsDetailShowsTheFailingEventsPayload() {
        onLoop {
            // Given a checkout on which LoyaltyService threw
            let sut = Self.checkedOut(size: Size(width: 100, height: 30))

            // When the failure row is found and opened
            sut.press(.character("/"))
            for character in "threw" { sut.press(.character(character)) }
            sut.press(.enter, .down, .enter)
            let screen = sut.screen

            // Then its detail shows the order it failed on, not a dash
            #expect(sut.sut.detail?.failure != nil, "\(screen)")
            #expect(!screen.contains("Payload       —"), "\(screen)")
            #expect(screen.contains(#""orderNumber":1001"#), "\(screen)")
        }
    }
}
