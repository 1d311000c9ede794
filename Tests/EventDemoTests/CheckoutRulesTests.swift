import EventBus
import EventBusTesting
import EventDemo
import Testing

/// The audit's veto (stop propagation) and the loyalty service's failing handler.
@Suite("Checkout rules")
struct CheckoutRulesTests {
    private struct Services {
        let bus = EventBus()
        let cart: CartService
        let audit: AuditService
        let orders: EventRecorder<CheckoutDidCompleteEvent>
        let vetoes: EventRecorder<CheckoutVetoedEvent>

        init() {
            cart = CartService(bus: bus)
            audit = AuditService(bus: bus)
            orders = EventRecorder(for: CheckoutDidCompleteEvent.self, on: bus)
            vetoes = EventRecorder(for: CheckoutVetoedEvent.self, on: bus)
        }

        func add(_ count: Int) { for _ in 0..<count { cart.add() } }
    }

    @Test func theAuditLetsACheckoutUnderTheLimitThrough() {
        let sut = Services()
        sut.add(2)  // €28.40

        sut.cart.checkout()

        #expect(sut.orders.events.map(\.total) == [Money(cents: 2840)])
        #expect(sut.vetoes.events.isEmpty)
    }

    @Test func theAuditStopsACheckoutOverTheLimitBeforeTheCartPlacesIt() {
        // Given five items, €125.60, and a tap that sees who consumed the request
        let sut = Services()
        sut.add(5)
        let consumer = LockedValue<String?>(nil)
        let tap = sut.bus.observeAll { record in
            if record.event is CheckoutRequestedEvent {
                consumer.withLock { $0 = record.consumedBy?.subscriberName }
            }
        }

        // When
        sut.cart.checkout()

        // Then no order, one veto with the reason, the cart is intact, and the log can say who
        #expect(sut.orders.events.isEmpty)
        #expect(sut.vetoes.events == [CheckoutVetoedEvent(reason: "over the €100.00 limit")])
        #expect(consumer.withLock { $0 } == "AuditService")
        #expect(
            sut.bus.subscriptionSnapshot()[EventType(CheckoutRequestedEvent.self)]?.first?.subscriberName
                == "AuditService")
        tap.cancel()
    }

    @Test func theLoyaltyServiceThrowsForAnUnknownUserAndTheOrderStillCompletes() {
        // Given a signed-in user without a loyalty card, and a failure handler
        let bus = EventBus()
        let failures = LockedValue<[String]>([])
        bus.setFailureHandler { failure in
            failures.withLock { $0.append("\(failure.subscription.subscriberName): \(failure.error)") }
        }
        let loyalty = LoyaltyService(bus: bus, members: ["bob"])
        let orders = EventRecorder(for: CheckoutDidCompleteEvent.self, on: bus)
        bus.publish(
            UserDidLoginEvent(user: User(id: "alice", name: "Alice"), date: Fixtures.date, session: 1))

        // When an order completes
        bus.publish(CheckoutDidCompleteEvent(orderNumber: 1001, itemCount: 1, total: Money(cents: 1890)))

        // Then the error is reported once and the other subscriber still got the order
        #expect(failures.withLock { $0 } == ["LoyaltyService: no loyalty card for alice"])
        #expect(orders.events.count == 1)
        #expect(loyalty.stampCount.isEmpty)
    }

    @Test func theLoyaltyServiceStampsAMembersOrder() {
        let bus = EventBus()
        let loyalty = LoyaltyService(bus: bus, members: ["bob"])
        bus.publish(UserDidLoginEvent(user: User(id: "bob", name: "Bob"), date: Fixtures.date, session: 1))

        bus.publish(CheckoutDidCompleteEvent(orderNumber: 1001, itemCount: 1, total: Money(cents: 1890)))

        #expect(loyalty.stampCount == ["bob": 1])
    }

    @Test func theLoyaltyServiceAwardsAMembersPointsInsideTheOrderAndNoneOnFailure() {
        let bus = EventBus()
        bus.setFailureHandler { _ in }
        let loyalty = LoyaltyService(bus: bus, members: ["bob"])
        let awards = EventRecorder(for: LoyaltyDidAwardPointsEvent.self, on: bus)
        let order = CheckoutDidCompleteEvent(orderNumber: 1001, itemCount: 1, total: Money(cents: 1890))

        bus.publish(
            UserDidLoginEvent(user: User(id: "alice", name: "Alice"), date: Fixtures.date, session: 1))
        bus.publish(order)
        bus.publish(UserDidLoginEvent(user: User(id: "bob", name: "Bob"), date: Fixtures.date, session: 2))
        bus.publish(order)

        #expect(awards.events == [LoyaltyDidAwardPointsEvent(userID: "bob", orderNumber: 1001, points: 18)])
        withExtendedLifetime(loyalty) {}
    }
}
