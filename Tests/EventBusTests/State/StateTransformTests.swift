import EventBus
import Testing

@Suite("State: transforms")
struct StateTransformTests {
    /// Publishes `values` as `Reading`s through `chain` and returns what the handler received.
    /// Automatic skipping is off, so each test sees only the steps it wrote.
    private func received<Output: Sendable>(
        _ values: [Int], through chain: (StateQuery<Reading, Reading>) -> StateQuery<Reading, Output>
    ) -> [Output] {
        let sut = EventBus()
        let got = LockBox<[Output]>([])
        let token = chain(sut.states(for: Reading.self, automaticallySkipsRepeats: false)).subscribe {
            output in got.mutate { $0.append(output) }
        }
        for value in values { sut.publishState(Reading(value: value)) }
        token.cancel()
        return got.value
    }

    @Test func selectByClosureHandsTheHandlerTheSelection() {
        #expect(received([1, 2]) { $0.select { "#\($0.value)" } } == ["#1", "#2"])
    }

    @Test func selectByKeyPathHandsTheHandlerTheField() {
        #expect(received([3, 4]) { $0.select(\.value) } == [3, 4])
    }

    @Test func selectCanBuildATuple() {
        let pairs = received([5]) { $0.select { ($0.value, $0.value * 2) } }
        #expect(pairs.map(\.0) == [5] && pairs.map(\.1) == [10])
    }

    @Test func skipRepeatsSkipsAValueEqualToThePreviousOne() {
        #expect(received([1, 1, 2, 2, 1]) { $0.select(\.value).skipRepeats() } == [1, 2, 1])
    }

    @Test func skipRepeatsByUsesThePredicate() {
        let output = received([10, 12, 25, 27]) {
            $0.skipRepeats { $0.value / 10 == $1.value / 10 }.select(\.value)
        }
        #expect(output == [10, 25])
    }

    @Test func skipWhenComparesWithThePreviousValueThatReachedTheStep() {
        // 2 is skipped (2 - 1 < 3) but still becomes the previous value, so 4 is skipped too.
        let output = received([1, 2, 4, 8]) { $0.select(\.value).skip { $1 - $0 < 3 } }
        #expect(output == [1, 8])
    }

    @Test func onlyWhenLetsThroughWhatThePredicateAccepts() {
        #expect(received([1, 3, 2, 5]) { $0.select(\.value).only { $1 > $0 } } == [1, 3, 5])
    }

    @Test func filterLooksAtTheValueAloneAndAppliesToTheFirstValue() {
        #expect(received([1, 2, 3, 4]) { $0.select(\.value).filter { $0.isMultiple(of: 2) } } == [2, 4])
    }

    @Test func theOrderOfTheChainDecidesTheMeaning() {
        // Select then skip: repeats of the parity are skipped.
        let selectThenSkip = received([1, 3, 2, 4]) { $0.select { $0.value % 2 }.skipRepeats() }
        // Skip (whole value, never repeating here) then select: nothing is skipped.
        let skipThenSelect = received([1, 3, 2, 4]) {
            $0.skipRepeats { $0.value == $1.value }.select { $0.value % 2 }
        }
        #expect(selectThenSkip == [1, 0])
        #expect(skipThenSelect == [1, 1, 0, 0])
    }

    @Test func filterBeforeSkipRepeatsComparesOnlyWithValuesThatPassedTheFilter() {
        let output = received([2, 3, 2, 4]) {
            $0.select(\.value).filter { $0.isMultiple(of: 2) }.skipRepeats()
        }
        #expect(output == [2, 4])  // the second 2 repeats the last value that reached skipRepeats
    }

    @Test func replayedFirstValuePassesEverySkipStep() {
        let sut = EventBus()
        let owner = Owner()
        sut.publishState(Reading(value: 5))

        sut.states(for: Reading.self)
            .select(\.value)
            .skip { _, _ in true }
            .only { _, _ in false }
            .skipRepeats { _, _ in true }
            .subscribe(owner: owner) { owner, value in owner.log.append("\(value)") }
        sut.publishState(Reading(value: 6))

        #expect(owner.log.all == ["5"])
    }

    @Test func previousValuesArePerSubscription() {
        let sut = EventBus()
        let first = Owner("first")
        let query = sut.states(for: Reading.self).select(\.value).skipRepeats()
        query.subscribe(owner: first) { owner, value in owner.log.append("\(value)") }
        sut.publishState(Reading(value: 1))

        let second = Owner("second")
        query.subscribe(owner: second) { owner, value in owner.log.append("\(value)") }  // replay: 1
        sut.publishState(Reading(value: 1))

        #expect(first.log.all == ["1"])
        #expect(second.log.all == ["1"])
    }
}
