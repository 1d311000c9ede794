import EventBus
import EventBusTesting
import EventDemo
import Testing

@Suite("Services", .timeLimit(.minutes(3)))
struct ServicesTests {
    /// Collects events of one type, published on any thread.
    private final class Collector<Event: EventBusEvent>: Sendable {
        let events = LockedValue<[Event]>([])
        var all: [Event] { events.withLock { $0 } }
        init(_ bus: EventBus) {
            bus.subscribe(owner: self) { (collector: Collector<Event>, event: Event) in
                collector.events.withLock { $0.append(event) }
            }
        }
    }

    @Test func cartServiceCyclesThroughTheCatalogAndCountsQuantities() {
        let bus = EventBus()
        let updates = Collector<CartDidUpdateEvent>(bus)
        let sut = CartService(bus: bus)

        for _ in 0..<(CartService.catalog.count + 1) { sut.add() }

        let last = updates.all.last!
        #expect(last.items.count == CartService.catalog.count)
        #expect(last.items[0].quantity == 2)
        // The initial empty cart, then one per add.
        #expect(updates.all.count == 1 + CartService.catalog.count + 1)
    }

    @Test func cartServicePublishesCheckoutThenAnEmptyCart() {
        let bus = EventBus()
        let orders = Collector<CheckoutDidCompleteEvent>(bus)
        let updates = Collector<CartDidUpdateEvent>(bus)
        let sut = CartService(bus: bus)
        sut.add()
        sut.add()

        let placed = sut.checkout()
        let placedAgain = sut.checkout()

        #expect(placed)
        #expect(!placedAgain)
        #expect(
            orders.all == [
                CheckoutDidCompleteEvent(orderNumber: 1001, itemCount: 2, total: Money(cents: 2840))
            ])
        #expect(updates.all.last?.items.isEmpty == true)
    }

    @Test func removeAndClearOnAnEmptyCartPublishTheUnchangedCart() {
        let bus = EventBus()
        let updates = Collector<CartDidUpdateEvent>(bus)
        let sut = CartService(bus: bus)

        sut.removeOne()
        sut.clear()

        // The store publishes a state per action; state subscribers skip these as repeats.
        #expect(updates.all == Array(repeating: CartDidUpdateEvent(items: []), count: 3))
        #expect(sut.store.state.items.isEmpty)
    }

    @Test func cartReducerIsTheOnlyRuleForTheCart() {
        var cart = CartDidUpdateEvent(items: [])
        let beans = CartService.catalog[0]

        CartReducer.reduce(&cart, .add(item: beans))
        CartReducer.reduce(&cart, .add(item: beans))
        CartReducer.reduce(&cart, .add(item: CartService.catalog[1]))
        CartReducer.reduce(&cart, .remove(line: 0))
        CartReducer.reduce(&cart, .remove(line: 7))  // no such line: unchanged

        #expect(cart.items.map(\.quantity) == [1, 1])
        CartReducer.reduce(&cart, .checkout(orderNumber: 1001))
        #expect(cart.items.isEmpty)
    }

    @Test func authServicePublishesLoginFromAnotherThread() async {
        let bus = EventBus()
        let recorder = BusRecorder(on: bus, types: [LoginDidStartEvent.self, UserDidLoginEvent.self])
        let sut = AuthService(bus: bus, background: .immediate, now: Fixtures.now)

        sut.login(username: "alice")

        // The login lands on a dispatch thread, outside the bus: the recorder waits for it.
        await recorder.receive(LoginDidStartEvent.self) { $0.username == "alice" }
        await recorder.receive(UserDidLoginEvent.self, timeout: .seconds(60)) { $0.user == Fixtures.alice }
        recorder.finish()
    }

    @Test func authServicePublishesACancelAndDropsTheLateResultWhenALoginIsCancelled() async {
        // Issue 7, bug 2: a cancelled login published nothing, so the Login pane stayed on
        // "Signing in as alice…" forever.
        let bus = EventBus()
        let logins = Collector<UserDidLoginEvent>(bus)
        let cancels = Collector<LoginDidCancelEvent>(bus)
        let logouts = Collector<UserDidLogoutEvent>(bus)
        let held = HeldBackground()
        let sut = AuthService(bus: bus, background: held.background)

        sut.login(username: "alice")
        sut.toggle()
        held.releaseAll()

        #expect(cancels.all.map(\.username) == ["alice"])
        #expect(logins.all.isEmpty)
        #expect(logouts.all.isEmpty)
    }

    @Test func authServiceEndsEveryStartedLoginWithExactlyOneEvent() async {
        let bus = EventBus()
        let starts = Collector<LoginDidStartEvent>(bus)
        let logins = Collector<UserDidLoginEvent>(bus)
        let cancels = Collector<LoginDidCancelEvent>(bus)
        let held = HeldBackground()
        let sut = AuthService(bus: bus, background: held.background)

        for round in 0..<20 {
            sut.toggle()  // Starts a login.
            if round.isMultiple(of: 3) { held.releaseAll() }  // This one lands...
            sut.toggle()  // ...and is logged out, or is cancelled in flight.
        }
        held.releaseAll()

        #expect(starts.all.count == 20)
        #expect(logins.all.count + cancels.all.count == starts.all.count)
        #expect(cancels.all.count == 13)
    }

    @Test func authServiceIgnoresLogoutWhenSignedOut() {
        let bus = EventBus()
        let cancels = Collector<LoginDidCancelEvent>(bus)
        let logouts = Collector<UserDidLogoutEvent>(bus)
        let sut = AuthService(bus: bus, background: HeldBackground().background)

        sut.logout()

        #expect(cancels.all.isEmpty)
        #expect(logouts.all.isEmpty)
    }

    @Test func profileServiceLoadsTheProfileAfterLoginAndCreditsAwardedPoints() async {
        let bus = EventBus()
        let profiles = BusRecorder(on: bus, types: [ProfileDidLoadEvent.self])
        let sut = ProfileService(bus: bus, background: .immediate)

        bus.publish(UserDidLoginEvent(user: Fixtures.alice, date: Fixtures.date, session: 1))
        // The profile loads on a dispatch thread, outside the bus: the recorder waits for it.
        await profiles.receive(ProfileDidLoadEvent.self, timeout: .seconds(60)) {
            $0.profile.loyaltyPoints == 420
        }
        bus.publish(LoyaltyDidAwardPointsEvent(userID: "bob", orderNumber: 1000, points: 7))  // not hers
        bus.publish(LoyaltyDidAwardPointsEvent(userID: "alice", orderNumber: 1001, points: 18))

        await profiles.receive(ProfileDidLoadEvent.self) { $0.profile.loyaltyPoints == 438 }
        profiles.finish()
        withExtendedLifetime(sut) {}
    }
}
