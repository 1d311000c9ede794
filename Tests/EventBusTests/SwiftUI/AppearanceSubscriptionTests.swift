import EventBusTesting
import Testing

@testable import EventBus

@Suite("AppearanceSubscription", .timeLimit(.minutes(3)))
@MainActor
struct AppearanceSubscriptionTests {
    @Test func deliversOnlyBetweenAppearAndDisappear() async {
        // Given
        let bus = EventBus()
        let received = LockBox<[Int]>([])
        let sut = AppearanceSubscription(for: Ping.self, on: bus) { ping in
            received.mutate { $0.append(ping.number) }
        }

        // When
        bus.publish(Ping(number: 1))  // not on screen yet
        sut.appear()
        bus.publish(Ping(number: 2))
        await bus.settle(timeout: .seconds(60))
        #expect(received.value == [2])
        sut.disappear()
        bus.publish(Ping(number: 3))
        await bus.settle(timeout: .seconds(60))

        // Then
        #expect(received.value == [2])
        #expect(!sut.isActive)
    }

    @Test func disappearingDropsEventsQueuedForIt() async {
        let bus = EventBus()
        let received = LockBox<[Int]>([])
        let sut = AppearanceSubscription(for: Ping.self, on: bus) { ping in
            received.mutate { $0.append(ping.number) }
        }
        sut.appear()

        bus.publish(Ping(number: 1))  // queued on the main actor
        sut.disappear()
        await bus.settle(timeout: .seconds(60))

        #expect(received.value.isEmpty)
    }

    @Test func appearingTwiceSubscribesOnceAndAppearingAgainResubscribes() async {
        let bus = EventBus()
        let received = LockBox<[Int]>([])
        let sut = AppearanceSubscription(for: Ping.self, on: bus) { ping in
            received.mutate { $0.append(ping.number) }
        }

        sut.appear()
        sut.appear()
        #expect(bus.subscriptionSnapshot()[EventType(Ping.self)]?.count == 1)
        sut.disappear()
        sut.appear()
        bus.publish(Ping(number: 1))

        await bus.settle(timeout: .seconds(60))
        #expect(received.value == [1])
        #expect(bus.subscriptionSnapshot()[EventType(Ping.self)]?.count == 1)
    }

    @Test func theNewestClosureRuns() async {
        let bus = EventBus()
        let received = LockBox<[String]>([])
        let sut = AppearanceSubscription(for: Ping.self, on: bus) { _ in received.mutate { $0.append("old") }
        }
        sut.perform = { _ in received.mutate { $0.append("new") } }
        sut.appear()

        bus.publish(Ping())

        await bus.settle(timeout: .seconds(60))
        #expect(received.value == ["new"])
    }

    @Test func releasingItCancelsTheSubscription() {
        let bus = EventBus()
        var sut: AppearanceSubscription<Ping>? = AppearanceSubscription(for: Ping.self, on: bus) { _ in }
        let released = WeakReference(sut!)
        sut?.appear()

        sut = nil

        #expect(released.object == nil)
        #expect(bus.subscriptionSnapshot()[EventType(Ping.self)] == nil)
    }
}
