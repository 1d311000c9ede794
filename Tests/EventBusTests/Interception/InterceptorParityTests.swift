import EventBusTesting
import Testing

@testable import EventBus

/// Interceptors that may throw (a greenrobot handler that can fail and cancel delivery) and
/// interceptors for a protocol's every conforming type.
@Suite("Throwing and protocol interceptors")
struct InterceptorParityTests {
    private struct Refused: Error {}

    @Test func aThrowingInterceptorThatReturnsStopConsumesTheEvent() {
        let sut = EventBus()
        let owner = Owner()
        sut.intercept(owner: owner, priority: 10) { (owner, event: Ping) throws in
            owner.log.append("intercept \(event.number)")
            if event.number < 0 { throw Refused() }
            return .stop
        }
        sut.subscribe(owner: owner) { (owner, event: Ping) in owner.log.append("got \(event.number)") }

        sut.publish(Ping(number: 1))

        #expect(owner.log.all == ["intercept 1"])
    }

    @Test func aThrowingInterceptorIsReportedAndDeliveryProceeds() {
        let sut = EventBus()
        let owner = Owner()
        let failures = LockBox<[SubscriberFailure]>([])
        sut.setFailureHandler { failure in failures.mutate { $0.append(failure) } }
        sut.intercept(owner: owner, priority: 10) { (_, _: Ping) throws -> Propagation in throw Refused() }
        sut.subscribe(owner: owner) { (owner, event: Ping) in owner.log.append("got \(event.number)") }

        sut.publish(Ping(number: 1))
        sut.publish(Ping(number: 2))

        #expect(owner.log.all == ["got 1", "got 2"])
        #expect(failures.value.count == 2)
        #expect(failures.value.first?.error is Refused)
        #expect(failures.value.first?.subscription.delivery == .interceptor)
        #expect(failures.value.first?.eventTypeName == "Ping")
    }

    @Test func anOwnerlessThrowingInterceptorIsReportedAndDeliveryProceeds() {
        let sut = EventBus()
        let received = LockBox<[Int]>([])
        let failures = LockBox(0)
        sut.setFailureHandler { _ in failures.mutate { $0 += 1 } }
        let interceptor = sut.intercept(for: Ping.self, priority: 1) { event throws in
            if event.number == 1 { throw Refused() }
            return event.number == 2 ? .stop : .proceed
        }
        let subscriber = sut.subscribe(for: Ping.self) { event in received.mutate { $0.append(event.number) }
        }

        for number in 1...3 { sut.publish(Ping(number: number)) }

        #expect(received.value == [1, 3])
        #expect(failures.value == 1)
        withExtendedLifetime((interceptor, subscriber)) {}
    }

    @Test func aProtocolInterceptorStopsLaterExactTypeAndProtocolSubscriptions() {
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner, priority: 20) { (owner, _: ItemAdded) in owner.log.append("exact 20") }
        sut.intercept(owner: owner, conformingTo: (any ShopEvent).self, priority: 10) { owner, event in
            owner.log.append("intercept \(type(of: event))")
            return .stop
        }
        sut.subscribe(owner: owner) { (owner, _: ItemAdded) in owner.log.append("exact 0") }
        sut.subscribe(owner: owner, conformingTo: (any ShopEvent).self) { owner, _ in
            owner.log.append("protocol 0")
        }

        sut.publish(ItemAdded())
        sut.publish(ItemRemoved())

        #expect(owner.log.all == ["exact 20", "intercept ItemAdded", "intercept ItemRemoved"])
    }

    @Test func aProtocolInterceptorAtEqualPriorityRunsAfterTheTypesOwnSubscriptions() {
        let sut = EventBus()
        let owner = Owner()
        sut.intercept(owner: owner, conformingTo: (any ShopEvent).self) { owner, _ in
            owner.log.append("intercept")
            return .stop
        }
        sut.subscribe(owner: owner) { (owner, _: ItemAdded) in owner.log.append("exact") }
        sut.subscribe(owner: owner, conformingTo: (any ShopEvent).self) { owner, _ in
            owner.log.append("protocol")
        }

        sut.publish(ItemAdded())

        #expect(owner.log.all == ["exact", "intercept"])
    }

    @Test func aProtocolInterceptorShowsAsTheConsumerToTaps() {
        let sut = EventBus()
        let auditor = Owner("auditor")
        let consumers = LockBox<[String?]>([])
        let tap = sut.observeAll { record in consumers.mutate { $0.append(record.consumedBy?.subscriberName) }
        }
        sut.intercept(owner: auditor, conformingTo: (any ShopEvent).self, priority: 1) { _, _ in .stop }
        sut.subscribe(owner: auditor) { (_, _: ItemAdded) in }

        sut.publish(ItemAdded())

        #expect(consumers.value == ["Owner"])
        #expect(sut.subscriptionSnapshot()[EventType((any ShopEvent).self)]?.first?.delivery == .interceptor)
        withExtendedLifetime(tap) {}
    }

    @Test func aThrowingProtocolInterceptorIsReportedWithTheConcreteEventAndDeliveryProceeds() {
        let sut = EventBus()
        let owner = Owner()
        let failures = LockBox<[String]>([])
        sut.setFailureHandler { failure in failures.mutate { $0.append(failure.eventTypeName) } }
        sut.intercept(owner: owner, conformingTo: (any ShopEvent).self, priority: 1) {
            _, _ throws -> Propagation in
            throw Refused()
        }
        sut.subscribe(owner: owner) { (owner, _: ItemRemoved) in owner.log.append("removed") }

        sut.publish(ItemRemoved())

        #expect(owner.log.all == ["removed"])
        #expect(failures.value == ["ItemRemoved"])
    }

    @Test func anOwnerlessProtocolInterceptorEndsWithItsToken() {
        let sut = EventBus()
        let owner = Owner()
        var token: SubscriptionToken? = sut.intercept(conformingTo: (any ShopEvent).self, priority: 1) { _ in
            .stop
        }
        sut.subscribe(owner: owner) { (owner, _: ItemAdded) in owner.log.append("added") }
        sut.publish(ItemAdded())
        #expect(owner.log.all.isEmpty)

        token = nil
        sut.publish(ItemAdded())

        #expect(owner.log.all == ["added"])
        #expect(token == nil)
    }

    @Test func aProtocolInterceptorWhoseOwnerIsGoneStopsNothing() {
        let sut = EventBus()
        let owner = Owner()
        var auditor: Owner? = Owner("auditor")
        sut.intercept(owner: auditor!, conformingTo: (any ShopEvent).self, priority: 1) { _, _ in .stop }
        sut.subscribe(owner: owner) { (owner, _: ItemAdded) in owner.log.append("added") }

        auditor = nil
        sut.publish(ItemAdded())

        #expect(owner.log.all == ["added"])
    }
}
