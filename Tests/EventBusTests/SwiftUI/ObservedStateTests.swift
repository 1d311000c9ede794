import EventBusTesting
import Observation
import Testing
@testable import EventBus

@Suite("ObservedState", .timeLimit(.minutes(3)))
@MainActor
struct ObservedStateTests {
    @Test func takesTheStoresCurrentValueBeforeInitReturns() {
        // Given
        let bus = EventBus()
        let store = Store(bus: bus, initialState: Basket(items: ["tea"])) { (_, _: Ping) in }

        // When
        let sut = ObservedState(store.states.select(\.itemCount), initialValue: -1)

        // Then
        #expect(sut.value == 1)
    }

    @Test func keepsTheInitialValueUntilAValueIsPublished() async {
        let bus = EventBus()
        let sut = ObservedState(bus.states(for: Basket.self).select(\.itemCount), initialValue: -1)
        #expect(sut.value == -1)

        bus.publishState(Basket(items: ["a", "b"]))

        await bus.settle(timeout: .seconds(60))
        #expect(sut.value == 2)
    }

    @Test func aChangeFiresExactlyOncePerDeliveredValueAndNeverForASkippedOne() async {
        // Given: a query that skips repeats of the count
        let bus = EventBus()
        bus.publishState(Basket())
        let sut = ObservedState(bus.states(for: Basket.self).select(\.itemCount), initialValue: -1)
        let changes = LockBox(0)
        let armed = LockBox(false)
        var expected = 0

        // When: each value is published with tracking armed (once per change: a tracking fires
        // once), then applied
        for items in [["a"], ["b"], ["b", "c"], ["d", "e"], ["f"]] {
            if !armed.value {
                armed.value = true
                withObservationTracking {
                    _ = sut.value
                } onChange: {
                    changes.mutate { $0 += 1 }
                    armed.value = false
                }
            }
            bus.publishState(Basket(items: items))
            let skipped = sut.value == items.count
            await bus.settle(timeout: .seconds(60))
            if !skipped { expected += 1 }

            // Then
            #expect(sut.value == items.count)
            #expect(changes.value == expected)
        }
        #expect(expected == 3)
    }

    @Test func valuesPublishedOnAnotherThreadEndWithTheLastPublished() async {
        let bus = EventBus()
        let sut = ObservedState(bus.states(for: Reading.self).select(\.value), initialValue: -1)

        await Task.detached {
            for value in 0..<200 { bus.publishState(Reading(value: value)) }
        }.value
        await bus.settle(timeout: .seconds(60))

        #expect(sut.value == 199)
    }

    @Test func releasingItEndsTheSubscriptionAndNothingKeepsItAlive() {
        // Given
        let bus = EventBus()
        var sut: ObservedState<Int>? = ObservedState(
            bus.states(for: Basket.self).select(\.itemCount), initialValue: 0)
        let released = WeakReference(sut!)
        #expect(bus.subscriptionSnapshot()[EventType(Basket.self)]?.count == 1)

        // When
        sut = nil

        // Then
        #expect(released.object == nil)
        #expect(bus.subscriptionSnapshot()[EventType(Basket.self)] == nil)
    }
}
