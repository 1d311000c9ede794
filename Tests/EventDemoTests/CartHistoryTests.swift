import EventDemo
import TerminalUI
import Testing

/// A wide cart pane lists, beside the cart, what its subscriptions heard and what each did.
@Suite("Cart pane: what it heard", .timeLimit(.minutes(3)))
struct CartHistoryTests {
    @Test func eachDeliveryIsListedNewestFirstWithWhatItDidToTheCart() {
        onLoop {
            // Given a signed-in user with two products in the cart
            let harness = LoopHarness()
            harness.press(.character("l"))
            harness.settle()
            harness.press(.character("a"), .character("a"))
            harness.settle()

            // When the order is placed (the loyalty handler throws: no card)
            harness.press(.character("c"))
            harness.settle()

            // Then the pane heard the replayed cart, two additions, the order, its error and the emptied cart
            let history = harness.sut.cart.state.history
            #expect(history.last?.effect == "replayed on subscribe: empty cart")
            #expect(history.filter { $0.effect.hasPrefix("+ ") }.count == 2)
            let order = history.firstIndex { $0.typeName == "CheckoutDidCompleteEvent" && $0.tone == .good }
            let failure = history.firstIndex {
                $0.typeName == "SubscriberFailure" && $0.effect.contains("LoyaltyService")
            }
            #expect(order != nil && failure == order.map { $0 + 1 })  // the error right under its order
            #expect(history.first?.effect == "- all 2 lines → empty cart")
        }
    }

    @Test func aWidePaneShowsTheHistoryBesideTheCart() {
        // Given a cart of two lines and what the pane heard making it
        let items = [
            CartItem(name: "Espresso beans 1kg", unitPrice: Money(cents: 1890), quantity: 2),
            CartItem(name: "Ceramic mug", unitPrice: Money(cents: 950)),
        ]
        let history = [
            CartHeard("CheckoutVetoedEvent", "✗ checkout refused: over the €100.00 limit", .warning),
            CartHeard("CartDidUpdateEvent", "+ Ceramic mug → 3 items, €47.30"),
            CartHeard("CartDidUpdateEvent", "+2 Espresso beans 1kg → 2 items, €37.80"),
        ]
        let state = CartState(items: items, vetoReason: "over the €100.00 limit", history: history)

        // When it is drawn 120 columns wide, and 80
        let wide = Fixtures.render(width: 120, height: 8) { buffer, rect in
            CartPane.render(state, focused: false, into: &buffer, in: rect)
        }
        let narrow = Fixtures.render(width: 80, height: 8) { buffer, rect in
            CartPane.render(state, focused: false, into: &buffer, in: rect)
        }

        // Then only the wide one lists it
        assertGolden(wide, named: "cart-wide-history")
        #expect(!narrow.contains("HEARD"))
    }
}
