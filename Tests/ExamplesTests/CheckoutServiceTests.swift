import EventBus
import EventBusTesting
import Synchronization
import Testing

@testable import EventBusExamples

struct CheckoutServiceTests {
    private let tea = Item(name: "tea", priceCents: 250)

    @Test func publishesTheOrderThenClearsTheCartInDecisionOrder() async {
        // Given
        let bus = EventBus()
        let sut = CheckoutService(bus: bus)
        let recorder = BusRecorder(on: bus)

        // When
        bus.publish(CheckoutRequestedEvent(cart: Cart(items: [tea, tea])))

        // Then: the request, then what the service decided, in that order, and nothing else.
        await recorder.receive(CheckoutRequestedEvent.self)
        await recorder.receive(OrderDidPlaceEvent.self) { $0.number == 1 && $0.totalCents == 500 }
        await recorder.receive(CartAction.self) { if case .clear = $0 { true } else { false } }
        recorder.finish()
        withExtendedLifetime(sut) {}
    }

    @Test func answersAnEmptyCartWithAFailureAndNoOrder() async {
        // Given
        let bus = EventBus()
        let sut = CheckoutService(bus: bus)
        let recorder = BusRecorder(on: bus, types: [OrderDidPlaceEvent.self, CheckoutDidFailEvent.self])

        // When
        bus.publish(CheckoutRequestedEvent(cart: Cart()))

        // Then
        await recorder.receive(CheckoutDidFailEvent.self) { $0.reason == "the cart is empty" }
        recorder.finish()
        withExtendedLifetime(sut) {}
    }

    @Test func publishesTheOrdersOfManyConcurrentCheckoutsInTheOrderTheirNumbersWereGiven() async {
        // Given
        let bus = EventBus()
        let sut = CheckoutService(bus: bus)
        let numbers = Mutex<[Int]>([])
        let token = bus.subscribe { (order: OrderDidPlaceEvent) in
            numbers.withLock { $0.append(order.number) }
        }
        let cart = Cart(items: [tea])

        // When: the requests are published from many threads at once.
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<1000 {
                group.addTask { bus.publish(CheckoutRequestedEvent(cart: cart)) }
            }
        }

        // Then: every number once, and in order, though each thread publishes after unlocking.
        #expect(numbers.withLock { $0 } == Array(1...1000))
        withExtendedLifetime((sut, token)) {}
    }
}
