import EventDemo
import Testing

@Suite("Cart pane rendering")
struct CartPaneRenderTests {
    private func render(_ state: CartState, focused: Bool = true, height: Int = 11) -> String {
        Fixtures.render(width: 50, height: height) { buffer, rect in
            CartPane.render(state, focused: focused, into: &buffer, in: rect)
        }
    }

    private let threeLines = [
        CartItem(name: "Espresso beans 1kg", unitPrice: Money(cents: 1890), quantity: 2),
        CartItem(name: "Ceramic mug", unitPrice: Money(cents: 950)),
        CartItem(name: "Paper filters ×100", unitPrice: Money(cents: 420), quantity: 3),
    ]

    @Test func invitesToAddAProductWhenEmpty() {
        assertGolden(render(CartState(), focused: false), named: "cart-empty")
    }

    @Test func listsLinesWithSubtotalsAndTheTotal() {
        assertGolden(render(CartState(items: threeLines, selection: 1)), named: "cart-three-lines")
    }

    @Test func saysWhyTheAuditRefusedTheCheckout() {
        let state = CartState(items: threeLines, selection: 0, vetoReason: "over the €100.00 limit")

        assertGolden(render(state, focused: false), named: "cart-checkout-refused")
    }

    @Test func confirmsTheOrderAfterCheckout() {
        let order = CheckoutDidCompleteEvent(orderNumber: 1001, itemCount: 6, total: Money(cents: 5990))

        let state = CartState(lastOrder: order, loyalty: [1001: .awarded(59)])

        assertGolden(render(state, focused: false), named: "cart-after-checkout")
    }

    @Test func showsNoPointsWhenTheLoyaltyAwardFailed() {
        // Issue 19, item 8: `+43 loyalty points` showed beside `✗ LoyaltyService threw`.
        let order = CheckoutDidCompleteEvent(orderNumber: 1001, itemCount: 6, total: Money(cents: 5990))
        let state = CartState(lastOrder: order, loyalty: [1001: .failed("no loyalty card for alice")])

        let screen = render(state, focused: false)

        assertGolden(screen, named: "cart-after-checkout-no-points")
        #expect(!screen.contains("+59"))
    }

    @Test func scrollsToKeepTheSelectionVisibleWhenLinesOverflow() {
        let items = CartService.catalog
        let text = render(CartState(items: items, selection: 4), height: 6)

        #expect(text.contains("▸1 × Hand grinder"))
        #expect(!text.contains("Espresso"))
        #expect(text.contains("Total (5 items)"))
    }

    @Test func formatsMoneyInEuroWithCents() {
        #expect(Money(cents: 5).description == "€0.05")
        #expect(Money(cents: 1890).description == "€18.90")
        #expect(Money(cents: -250).description == "-€2.50")
    }
}
