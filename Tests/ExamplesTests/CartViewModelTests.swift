import EventBus
import EventBusTesting
import Testing

@testable import EventBusExamples

/// The view model's handlers run on the main actor, later than the publish: the test runs on
/// the main actor and awaits `settle()`, which returns once the queued handlers have run.
@MainActor
struct CartViewModelTests {
    @Test func showsTheItemCountAndSkipsACartWhoseCountDidNotChange() async {
        // Given
        let bus = EventBus()
        let store = Store(bus: bus, initialState: Cart(), reducer: Cart.reduce)
        let sut = CartViewModel(bus: bus, store: store)

        // When
        store.dispatch(.add(Item(name: "tea", priceCents: 250)))
        store.dispatch(.remove(named: "coffee"))
        await bus.settle()

        // Then: the replayed empty cart and the one item; the removal changed nothing.
        #expect(sut.badge == "Cart (1)")
        #expect(sut.badgeUpdates == 2)
    }

    @Test func showsThePlacedOrderAndTheClearedCart() async {
        // Given
        let bus = EventBus()
        let store = Store(bus: bus, initialState: Cart(), reducer: Cart.reduce)
        let service = CheckoutService(bus: bus)
        let sut = CartViewModel(bus: bus, store: store)
        store.dispatch(.add(Item(name: "tea", priceCents: 250)))

        // When
        bus.publish(CheckoutRequestedEvent(cart: store.state))
        await bus.settle()

        // Then
        #expect(sut.message == "Order #1 placed: €2.50")
        #expect(sut.badge == "Cart (0)")
        withExtendedLifetime(service) {}
    }
}
