import EventBus

/// A shop in a few steps: a cart `Store`, a checkout service, a main-actor view model and a
/// receipt read from a stream, all talking through one bus and none knowing another.
///
/// `swift run EventBusExamples` prints each step and what the view model shows after it.
@main
struct ShopExample {
    static func main() async {
        await run { print($0) }
    }

    /// Tells the story through `say`, one line per step and per screen update (a test collects
    /// the lines to check them).
    @MainActor
    static func run(say: (String) -> Void) async {
        // One bus for this run, handed to everything that needs it; an app may use `.default`.
        let bus = EventBus()
        let store = Store(bus: bus, initialState: Cart(), reducer: Cart.reduce)
        let checkout = CheckoutService(bus: bus)
        let viewModel = CartViewModel(bus: bus, store: store)

        say("add coffee and filters, remove tea (not in the cart)")
        store.dispatch(.add(Item(name: "coffee", priceCents: 450)))
        store.dispatch(.add(Item(name: "filters", priceCents: 300)))
        store.dispatch(.remove(named: "tea"))
        await mainActorCatchesUp()
        say("view: \(viewModel.badge), badge updated \(viewModel.badgeUpdates) times")

        say("check out")
        await printReceipt(of: bus, say: say) {
            bus.publish(CheckoutRequestedEvent(cart: store.state))
        }
        await mainActorCatchesUp()
        say("view: \(viewModel.message); \(viewModel.badge)")

        say("check out the empty cart")
        bus.publish(CheckoutRequestedEvent(cart: store.state))
        await mainActorCatchesUp()
        say("view: \(viewModel.message)")

        // The service is an owner: its subscription lasts as long as it does, and Swift may
        // release a local after its last use. This use keeps it until the story ends.
        withExtendedLifetime(checkout) {}
    }

    /// Runs `checkOut` and prints the receipt of the order it places, read from a stream.
    @MainActor
    static func printReceipt(of bus: EventBus, say: (String) -> Void, checkOut: () -> Void) async {
        // Subscribed when the stream is made, before the checkout: the order cannot be missed.
        let orders = bus.stream(for: OrderDidPlaceEvent.self)
        checkOut()
        for await order in orders {
            let items = order.items.map(\.name).joined(separator: ", ")
            say("receipt: order #\(order.number), \(items), \(euros(order.totalCents))")
            // One order expected. The stream's subscription ends when the stream goes, on return.
            break
        }
    }
}
