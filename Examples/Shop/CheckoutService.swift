import EventBus
import Synchronization

/// Places orders when a checkout is requested.
///
/// Its handler runs on whichever thread publishes the request, so two requests may be handled
/// at once. It decides under a lock (is there anything to order, which number comes next) and
/// publishes only after unlocking: a subscriber of what it publishes runs inside `publish` and
/// may call back into this service, which would then wait for a lock its own thread holds.
/// The decisions go through an outbox, so the bus hears them in the order they were made, even
/// across threads (the Nested Publishing guide, "Publishing after you unlock: an outbox").
final class CheckoutService: Sendable {
    private struct State {
        var lastOrderNumber = 0
        /// Decided and not published yet, in decision order.
        var outbox: [any EventBusEvent] = []
        /// One thread at a time publishes the outbox; the others only add to it.
        var isPublishing = false
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
        let mustPublish = state.withLock { state in
            if cart.items.isEmpty {
                state.outbox.append(CheckoutDidFailEvent(reason: "the cart is empty"))
            } else {
                state.lastOrderNumber += 1
                state.outbox.append(
                    OrderDidPlaceEvent(
                        number: state.lastOrderNumber, items: cart.items, totalCents: cart.totalCents))
                state.outbox.append(CartAction.clear)
            }
            let mustPublish = !state.isPublishing
            state.isPublishing = true
            return mustPublish
        }
        if mustPublish { publishDecided() }
    }

    /// Takes the whole outbox under the lock and publishes it after unlocking, until none is
    /// left: events decided meanwhile, here or on other threads, go out after it, in order.
    private func publishDecided() {
        while true {
            var batch: [any EventBusEvent] = []
            state.withLock { state in
                swap(&batch, &state.outbox)
                if batch.isEmpty { state.isPublishing = false }
            }
            if batch.isEmpty { return }
            for event in batch { bus.publish(event) }
        }
    }
}
