import EventBus
import Testing

@Suite("State: replay and current value")
struct StateReplayTests {
    @Test func subscriberGetsTheCurrentValueFirstThenLaterOnes() {
        let sut = EventBus()
        let owner = Owner()
        sut.publishState(Reading(value: 1))
        sut.publishState(Reading(value: 2))

        sut.states(for: Reading.self).subscribe(owner: owner) { owner, reading in
            owner.log.append("\(reading.value)")
        }
        #expect(owner.log.all == ["2"])  // replayed before subscribe returned

        sut.publishState(Reading(value: 3))
        #expect(owner.log.all == ["2", "3"])
    }

    @Test func subscriberGetsNothingUntilTheFirstValueWhenThereIsNone() {
        let sut = EventBus()
        let owner = Owner()

        sut.states(for: Reading.self).subscribe(owner: owner) { owner, reading in
            owner.log.append("\(reading.value)")
        }
        #expect(owner.log.all.isEmpty)

        sut.publishState(Reading(value: 7))
        #expect(owner.log.all == ["7"])
    }

    @Test func clearedValueIsNotReplayed() {
        let sut = EventBus()
        let owner = Owner()
        sut.publishState(Reading(value: 1))

        sut.clearState(for: Reading.self)
        sut.states(for: Reading.self).subscribe(owner: owner) { owner, reading in
            owner.log.append("\(reading.value)")
        }

        #expect(owner.log.all.isEmpty)
        #expect(sut.currentState(for: Reading.self) == nil)
    }

    @Test func currentStateIsTheLastValuePublishedAsState() {
        let sut = EventBus()
        #expect(sut.currentState(for: Reading.self) == nil)

        sut.publishState(Reading(value: 1))
        sut.publishState(Reading(value: 2))
        sut.publish(Reading(value: 99))  // a plain publish is not state

        #expect(sut.currentState(for: Reading.self)?.value == 2)
    }

    @Test func subscriptionWithoutReplayStartsWithTheNextValue() {
        let sut = EventBus()
        let owner = Owner()
        sut.publishState(Reading(value: 1))

        sut.states(for: Reading.self, replaysCurrentValue: false).subscribe(owner: owner) { owner, reading in
            owner.log.append("\(reading.value)")
        }
        sut.publishState(Reading(value: 2))

        #expect(owner.log.all == ["2"])
    }

    @Test func plainSubscribersAlsoReceiveStatePublishesAndStateSubscribersPlainOnes() {
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner) { (owner, reading: Reading) in owner.log.append("plain \(reading.value)")
        }
        sut.states(for: Reading.self).subscribe(owner: owner) { owner, reading in
            owner.log.append("state \(reading.value)")
        }

        sut.publishState(Reading(value: 1))
        sut.publish(Reading(value: 2))

        #expect(owner.log.all == ["plain 1", "state 1", "plain 2", "state 2"])
    }

    @Test func handlerThatPublishesStateSeesTheNestedValueAfterItReturns() {
        let sut = EventBus()
        let owner = Owner()
        sut.states(for: Reading.self).subscribe(owner: owner) { [weak sut] owner, reading in
            owner.log.append("begin \(reading.value)")
            if reading.value == 1 { sut?.publishState(Reading(value: 2)) }
            owner.log.append("end \(reading.value)")
        }

        sut.publishState(Reading(value: 1))

        // Calls for one subscription never overlap: the nested value waits for the handler.
        #expect(owner.log.all == ["begin 1", "end 1", "begin 2", "end 2"])
        #expect(sut.currentState(for: Reading.self)?.value == 2)
    }

    @Test func eachTypeHasItsOwnCurrentValue() {
        let sut = EventBus()
        sut.publishState(Reading(value: 1))
        sut.publishState(Basket(items: ["tea"]))

        sut.clearState(for: Basket.self)

        #expect(sut.currentState(for: Reading.self)?.value == 1)
        #expect(sut.currentState(for: Basket.self) == nil)
    }
}

/// The State Subscriptions guide's example, verbatim apart from the assertions.
@Suite("State: guide example")
struct StateGuideExampleTests {
    struct CartState: EventBusEvent, Equatable {
        var items: [String] = []
        var itemCount: Int { items.count }
    }

    final class Badge: Sendable {
        private let shownValues = LockBox<[Int]>([])
        var shown: [Int] { shownValues.value }

        init(bus: EventBus) {
            bus.states(for: CartState.self)
                .select(\.itemCount)
                .skipRepeats()
                .subscribe(owner: self) { badge, count in badge.shownValues.mutate { $0.append(count) } }
        }
    }

    @Test func badgeShowsTheReplayedCountAndSkipsAnEqualOne() {
        let bus = EventBus()
        bus.publishState(CartState(items: ["tea"]))
        let badge = Badge(bus: bus)
        #expect(badge.shown == [1])

        bus.publishState(CartState(items: ["jam"]))
        bus.publishState(CartState(items: ["jam", "tea"]))

        #expect(badge.shown == [1, 2])
    }
}
