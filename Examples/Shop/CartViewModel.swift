import EventBus

/// What the cart screen shows. It lives on the main actor, as UI state does, and the bus
/// delivers to it there: its handlers may touch it without `await` and never race the view.
@MainActor
final class CartViewModel {
    private(set) var badge = ""
    private(set) var message = ""
    /// How often the badge changed: a cart that changed without changing its item count (or
    /// did not change at all) costs the view nothing.
    private(set) var badgeUpdates = 0

    init(bus: EventBus, store: Store<Cart, CartAction>) {
        // Every subscription is bound to `self`: they end when the view model goes, so there is
        // no token to keep and no `[weak self]` to write. `.mainActor` queues each event and runs
        // the handler on the main actor, in publish order across all three subscriptions.
        store.states.select(\.itemCount).skipRepeats().subscribe(owner: self, on: .mainActor) {
            model, count in
            model.badge = "Cart (\(count))"
            model.badgeUpdates += 1
        }
        bus.subscribe(owner: self, on: .mainActor) { (model, order: OrderDidPlaceEvent) in
            model.message = "Order #\(order.number) placed: \(euros(order.totalCents))"
        }
        bus.subscribe(owner: self, on: .mainActor) { (model, failure: CheckoutDidFailEvent) in
            model.message = "Checkout failed: \(failure.reason)"
        }
    }
}
