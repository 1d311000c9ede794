import EventBus
import Synchronization

/// Places orders when a checkout is requested.
///
/// Its handler runs on whichever thread publishes the request, so two requests may be handled
/// at once. It decides under a lock (is there anything to order, which number comes next) and
/// publishes only after unlocking: a subscriber of what it publishes runs inside `publish` and
/// may publish back to this service, which would then wait for a lock its own thread holds.
final class CheckoutService: Sendable {
    private struct State {
        var lastOrderNumber = 0
        /// What the decisions made so far have to tell the bus, in the order they were made.
        var outbox: [any EventBusEvent] = []
    }

    private let bus: EventBus
    private let state = Mutex(State())

    init(bus: EventBus) {
        self.bus = bus
        // Owner-bound: the subscription ends when the service goes; the token is not needed.
        bus.subscribe(owner: self) { (service, request: CheckoutRequestedEvent) in
            service.checkOut(request.cart)
        }
    }

    private func checkOut(_ cart: Cart) {
        let decided = state.withLock { state in
            if cart.items.isEmpty {
                state.outbox.append(CheckoutDidFailEvent(reason: "the cart is empty"))
            } else {
                state.lastOrderNumber += 1
                state.outbox.append(
                    OrderDidPlaceEvent(
                        number: state.lastOrderNumber, items: cart.items, totalCents: cart.totalCents))
                state.outbox.append(CartAction.clear)
            }
            // Taken whole in the same locked section as the decision: this thread publishes
            // exactly the events of its own decision, and no other thread sees them.
            var taken: [any EventBusEvent] = []
            swap(&taken, &state.outbox)
            return taken
        }
        // Unlocked now; published in the order decided, so the order comes before the cleared cart.
        for event in decided {
            bus.publish(event)
        }
    }
}
