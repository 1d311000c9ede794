import Testing

@testable import EventBus

/// Everything that ends or skips a state value's walk, or a subscription's turn, one at a time:
/// none may leave a gate waiting for a number that will never come (see `StateGate`). Each test
/// ends by counting what still waits in the gates.
@Suite("State: walks that end early")
struct StateWalkExitTests {
    @Test func aFullStreamBufferDropsOnlyItsOldestValueAndLaterValuesStillArrive() async {
        // Given a state stream that keeps only its newest value and is read at the end, and a
        // step that publishes two values while the first runs (standing in for other threads'
        // publishes arriving meanwhile): they wait for the gate, and the second finds the
        // buffer full.
        let sut = EventBus()
        let stream = sut.states(for: Reading.self).select(\.value)
            .filter { value in
                if value == 1 {
                    sut.publishState(Reading(value: 2))
                    sut.publishState(Reading(value: 3))
                }
                return true
            }
            .stream(buffering: .keepNewest(1))

        // When
        sut.publishState(Reading(value: 1))
        sut.publishState(Reading(value: 4))

        // Then
        #expect(sut.waitingStateValues(of: Reading.self) == 0)
        var values = stream.makeAsyncIterator()
        #expect(await values.next() == 4, "the buffer keeps the newest value")
    }

    @Test func aStreamThatKeepsItsOldestValuesRefusesTheRestAndStallsNothing() async {
        // Given a stream that keeps only its oldest value, and two values that wait while the
        // first runs
        let sut = EventBus()
        let stream = sut.states(for: Reading.self).select(\.value)
            .filter { value in
                if value == 1 {
                    sut.publishState(Reading(value: 2))
                    sut.publishState(Reading(value: 3))
                }
                return true
            }
            .stream(buffering: .keepOldest(1))
        let watcher = LockBox<[Int]>([])
        let token = sut.states(for: Reading.self).select(\.value).subscribe { value in
            watcher.mutate { $0.append(value) }
        }

        // When
        for value in [1, 4, 5] { sut.publishState(Reading(value: value)) }

        // Then
        #expect(sut.waitingStateValues(of: Reading.self) == 0)
        #expect(watcher.value == [1, 2, 3, 4, 5])
        var values = stream.makeAsyncIterator()
        #expect(await values.next() == 1, "the buffer keeps the oldest value")
        token.cancel()
    }

    @Test func aHandlerThatThrowsEveryTimeStallsNoStateSubscription() {
        // Given
        struct Refused: Error {}
        let sut = EventBus()
        let owner = Owner()
        sut.setFailureHandler { _ in }
        sut.subscribe(owner: owner, for: Reading.self, priority: 5) { (_, _: Reading) throws in
            throw Refused()
        }
        sut.intercept(owner: owner, for: Reading.self, priority: 10) {
            (_, _: Reading) throws -> Propagation in
            throw Refused()
        }
        let received = LockBox<[Int]>([])
        sut.states(for: Reading.self).select(\.value).subscribe(owner: owner) { _, value in
            received.mutate { $0.append(value) }
        }

        // When
        for value in 1...100 { sut.publishState(Reading(value: value)) }

        // Then
        #expect(received.value == Array(1...100))
        #expect(sut.waitingStateValues(of: Reading.self) == 0)
    }

    @Test func handlersThatCancelTheirOwnOrAnotherSubscriptionMidWalkStallNoOther() {
        // Given five subscriptions in a row; the first publishes the next value from inside
        // each one, so the later ones find values waiting when the first value reaches them;
        // the second cancels itself on value 3, the fourth cancels the fifth on value 5 (before
        // the walk of value 1 reaches the fifth)
        let sut = EventBus()
        let inboxes = (0..<5).map { _ in LockBox<[Int]>([]) }
        let tokens = LockBox<[SubscriptionToken]>([])
        for (index, inbox) in inboxes.enumerated() {
            let token = sut.states(for: Reading.self).select(\.value).subscribe { [weak sut] value in
                inbox.mutate { $0.append(value) }
                if index == 0, value < 10 { sut?.publishState(Reading(value: value + 1)) }
                if index == 1, value == 3 { tokens.value[1].cancel() }
                if index == 3, value == 5 { tokens.value[4].cancel() }
            }
            tokens.mutate { $0.append(token) }
        }

        // When
        sut.publishState(Reading(value: 1))

        // Then
        #expect(inboxes[0].value == Array(1...10))
        #expect(inboxes[1].value == [1, 2, 3])
        #expect(inboxes[2].value == Array(1...10))
        #expect(inboxes[3].value == Array(1...10))
        #expect(inboxes[4].value == [])
        #expect(sut.waitingStateValues(of: Reading.self) == 0)
        for token in tokens.value { token.cancel() }  // the handlers capture the tokens' box
    }

    @Test func anOwnerReleasedMidWalkEndsOnlyItsSubscription() {
        // Given two owners; the first's handler publishes the next value (so values wait at
        // the second) and releases the second owner at value 4
        let sut = EventBus()
        let first = Owner("first")
        var second: Owner? = Owner("second")
        let doomed = LockBox<Owner?>(second)
        second = nil
        let received = LockBox<[Int]>([])
        let after = LockBox<[Int]>([])
        sut.states(for: Reading.self).select(\.value).subscribe(owner: first) { [weak sut] _, value in
            if value < 8 { sut?.publishState(Reading(value: value + 1)) }
            if value == 4 { doomed.value = nil }
        }
        sut.states(for: Reading.self).select(\.value).subscribe(owner: doomed.value!) { _, value in
            received.mutate { $0.append(value) }
        }
        let token = sut.states(for: Reading.self).select(\.value).subscribe { value in
            after.mutate { $0.append(value) }
        }

        // When
        sut.publishState(Reading(value: 1))

        // Then
        #expect(received.value.count < 8)
        #expect(after.value == Array(1...8))
        #expect(sut.waitingStateValues(of: Reading.self) == 0)
        token.cancel()
    }

    @Test func statePublishesQueuedPastTheNestingLimitReachEverySubscriptionInOrder() {
        // Given a plain handler that publishes the next state value from inside each one, far
        // past the nesting limit
        let sut = EventBus()
        let owner = Owner()
        let last = EventBus.nestingLimit * 3
        sut.subscribe(owner: owner, priority: 1) { [weak sut] (_, reading: Reading) in
            if reading.value < last { sut?.publishState(Reading(value: reading.value + 1)) }
        }
        let received = LockBox<[Int]>([])
        sut.states(for: Reading.self).select(\.value).subscribe(owner: owner) { _, value in
            received.mutate { $0.append(value) }
        }

        // When
        sut.publishState(Reading(value: 1))

        // Then
        #expect(received.value == Array(1...last))
        #expect(sut.waitingStateValues(of: Reading.self) == 0)
    }
}
