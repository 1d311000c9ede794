import EventDemo
import TerminalUI
import Testing

/// A handler that threw, as the views other than the log show it: the Bus view's last
/// publishes mark it as the detail view does.
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
}
