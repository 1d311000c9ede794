import Dispatch
import EventBus
import EventBusTesting
import Testing

@Suite("Introspection")
struct IntrospectionTests {
    final class CartViewModel: Sendable {}

    @Test func snapshotDescribesEachLiveSubscriptionPerEventType() {
        // Given subscriptions of several kinds
        let sut = EventBus()
        let model = CartViewModel()
        let executor = ManualExecutor(label: "ui")
        sut.subscribe(owner: model, priority: 3) { (_, _: Ping) in }
        sut.subscribe(owner: model, on: executor) { (_, _: Ping) in }
        let ownerless = sut.subscribe(for: Pong.self) { _ in }
        sut.publish(Ping())
        sut.publish(Ping())

        // When
        let snapshot = sut.subscriptionSnapshot()

        // Then
        #expect(
            snapshot[EventType(Ping.self)] == [
                SubscriptionInfo(
                    eventTypeName: "Ping", qualifiedEventTypeName: "EventBusTests.Ping",
                    subscriberName: "CartViewModel", isOwnerBound: true,
                    delivery: .synchronous, executorLabel: "publisher", priority: 3, deliveredEventCount: 2),
                SubscriptionInfo(
                    eventTypeName: "Ping", qualifiedEventTypeName: "EventBusTests.Ping",
                    subscriberName: "CartViewModel", isOwnerBound: true,
                    delivery: .executor, executorLabel: "ui", priority: 0, deliveredEventCount: 2),
            ])
        #expect(snapshot[EventType(Pong.self)]?.map(\.subscriberName) == ["ownerless"])
        #expect(snapshot[EventType(Pong.self)]?.first?.deliveredEventCount == 0)
        withExtendedLifetime(ownerless) {}
    }

    @Test func finishedSubscriptionsAreLeftOut() {
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner) { (_, _: Ping) in }
        sut.subscribe(owner: Owner()) { (_, _: Ping) in }  // owner released at once
        sut.subscribe(owner: owner) { (_, _: Pong) in }.cancel()

        #expect(sut.subscriptionSnapshot().mapValues(\.count) == [EventType(Ping.self): 1])
        #expect(sut.subscriptionCount(forExactType: Ping.self) == 1)
        #expect(sut.hasSubscribers(forExactType: Ping.self))
        #expect(!sut.hasSubscribers(forExactType: Pong.self))
    }

    @Test func theDeliveredEventCountStopsAtTheConsumer() {
        let sut = EventBus()
        let owner = Owner()
        sut.intercept(owner: owner, priority: 1) { (_, _: Ping) in .stop }
        sut.subscribe(owner: owner) { (_, _: Ping) in }

        sut.publish(Ping())

        #expect(sut.subscriptionSnapshot()[EventType(Ping.self)]?.map(\.deliveredEventCount) == [1, 0])
        #expect(sut.subscriptionSnapshot()[EventType(Ping.self)]?.first?.delivery == .interceptor)
    }

    @Test func snapshotsAndCountsAreSafeWhileOtherThreadsSubscribeAndPublish() async {
        // Given a bus that two threads churn while two others inspect it
        let sut = EventBus()
        let owner = Owner()
        let seen = LockBox(0)

        await onDedicatedThread {
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for index in 0..<300 {
                    switch thread {
                    case 0: sut.subscribe(owner: owner) { (_, _: Ping) in }.cancel()
                    case 1: sut.publish(Ping(number: index))
                    case 2: seen.mutate { $0 += sut.subscriptionSnapshot().count >= 0 ? 1 : 0 }
                    default: seen.mutate { $0 += sut.subscriptionCount(forExactType: Ping.self) >= 0 ? 1 : 0 }
                    }
                }
            }
        }

        // Then nothing crashed or raced (TSan), and every call answered
        #expect(seen.value == 600)
        #expect(sut.subscriptionCount(forExactType: Ping.self) == 0)
    }

    enum ModuleA { struct Clash: EventBusEvent {} }
    enum ModuleB { struct Clash: EventBusEvent {} }

    @Test func typesOfOneNameAreToldApartByIdentityAndQualifiedName() {
        // Given subscriptions to two types that share the plain name "Clash"
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner) { (_, _: ModuleA.Clash) in }
        sut.subscribe(owner: owner) { (_, _: ModuleB.Clash) in }
        sut.subscribe(owner: owner) { (_, _: ModuleB.Clash) in }
        let dead = LockBox<[EventType]>([])
        sut.subscribe(owner: owner) { (_, event: DeadEvent) in dead.mutate { $0.append(event.eventType) } }

        // When
        let snapshot = sut.subscriptionSnapshot()
        sut.unsubscribe(owner: owner, for: ModuleA.Clash.self)
        sut.publish(ModuleA.Clash())

        // Then they are two groups, not one of three, with names that tell them apart
        #expect(snapshot[EventType(ModuleA.Clash.self)]?.count == 1)
        #expect(snapshot[EventType(ModuleB.Clash.self)]?.count == 2)
        let a = EventType(ModuleA.Clash.self)
        let b = EventType(ModuleB.Clash.self)
        #expect(a.name == b.name)
        #expect(a.qualifiedName == "EventBusTests.IntrospectionTests.ModuleA.Clash")
        #expect(
            snapshot[b]?.first?.qualifiedEventTypeName == "EventBusTests.IntrospectionTests.ModuleB.Clash")
        #expect(dead.value == [a])
        #expect(dead.value.first?.qualifiedName != b.qualifiedName)
    }
}
