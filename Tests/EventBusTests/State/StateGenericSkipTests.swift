import EventBus
import Testing

/// Automatic skipping must not depend on which overload the compiler picked: generic helpers
/// that only know `Sendable` still skip repeats of a value that is `Equatable` at run time.
@Suite("State: automatic skip in generic code")
struct StateGenericSkipTests {
    /// A helper as users write one: generic over the selected type, knowing only `Sendable`.
    private func follow<Value: Sendable>(
        _ keyPath: any KeyPath<Basket, Value> & Sendable, on bus: EventBus, into log: Log,
        automaticallySkipsRepeats: Bool = true
    ) -> SubscriptionToken {
        bus.states(for: Basket.self, automaticallySkipsRepeats: automaticallySkipsRepeats).select(keyPath)
            .subscribe { value in log.append("\(value)") }
    }

    /// A helper generic over the state type itself.
    private func followState<Value: EventBusEvent>(_ type: Value.Type, on bus: EventBus, into log: Log)
        -> SubscriptionToken
    {
        bus.states(for: type).subscribe { value in log.append("\(value)") }
    }

    @Test func aGenericSelectionOfAnEquatableValueSkipsRepeats() {
        let sut = EventBus()
        let log = Log()
        let token = follow(\.itemCount, on: sut, into: log)

        sut.publishState(Basket(items: ["tea"]))
        sut.publishState(Basket(items: ["jam"]))  // same count
        sut.publishState(Basket(items: ["jam", "tea"]))

        #expect(log.all == ["1", "2"])
        withExtendedLifetime(token) {}
    }

    @Test func aGenericStateOfAnEquatableTypeSkipsRepeats() {
        let sut = EventBus()
        let log = Log()
        let token = followState(Basket.self, on: sut, into: log)

        sut.publishState(Basket(items: ["tea"]))
        sut.publishState(Basket(items: ["tea"]))

        #expect(log.count == 1)
        withExtendedLifetime(token) {}
    }

    @Test func aGenericSelectionOfANonEquatableValueIsNeverSkipped() {
        let sut = EventBus()
        let log = Log()
        let token = sut.states(for: Reading.self).subscribe { reading in log.append("\(reading.value)") }

        sut.publishState(Reading(value: 1))
        sut.publishState(Reading(value: 1))

        #expect(log.all == ["1", "1"])
        withExtendedLifetime(token) {}
    }

    @Test func turningAutomaticSkippingOffHoldsInGenericCodeToo() {
        let sut = EventBus()
        let log = Log()
        let token = follow(\.itemCount, on: sut, into: log, automaticallySkipsRepeats: false)

        sut.publishState(Basket(items: ["tea"]))
        sut.publishState(Basket(items: ["jam"]))

        #expect(log.all == ["1", "1"])
        withExtendedLifetime(token) {}
    }
}
