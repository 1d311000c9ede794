import Testing

@testable import EventBus

/// An interceptor that stops a state value (see the State Subscriptions guide, "Stopped
/// values"): the value stays current and the subscriptions after the interceptor skip it, and
/// only it; every later value still reaches them, and nothing is left waiting in their gates.
@Suite("State: stopped values")
struct StateStopTests {
    @Test func aStoppedValueIsSkippedAndEveryLaterValueStillArrives() {
        // Given
        let sut = EventBus()
        let owner = Owner()
        let received = LockBox<[Int]>([])
        let token = sut.states(for: Reading.self).select(\.value).subscribe(owner: owner) { _, value in
            received.mutate { $0.append(value) }
        }
        sut.intercept(owner: owner, for: Reading.self, priority: 10) { _, reading in
            reading.value == 3 ? .stop : .proceed
        }

        // When
        for value in 1...8 { sut.publishState(Reading(value: value)) }

        // Then
        #expect(received.value == [1, 2, 4, 5, 6, 7, 8])
        #expect(sut.waitingStateValues(of: Reading.self) == 0)
        token.cancel()
    }

    @Test func aStoppedValueStaysCurrentAndIsReplayedToALaterSubscription() {
        // Given
        let sut = EventBus()
        let owner = Owner()
        let early = LockBox<[Int]>([])
        sut.states(for: Reading.self).select(\.value).subscribe(owner: owner) { _, value in
            early.mutate { $0.append(value) }
        }
        sut.intercept(owner: owner, for: Reading.self, priority: 10) { _, reading in
            reading.value == 2 ? .stop : .proceed
        }

        // When
        sut.publishState(Reading(value: 1))
        sut.publishState(Reading(value: 2))
        let late = LockBox<[Int]>([])
        sut.states(for: Reading.self).select(\.value).subscribe(owner: owner) { _, value in
            late.mutate { $0.append(value) }
        }
        sut.publishState(Reading(value: 3))

        // Then
        #expect(early.value == [1, 3], "the earlier subscription skipped the stopped value")
        #expect(late.value == [2, 3], "the stopped value was current, so it was replayed")
        #expect(sut.currentState(for: Reading.self)?.value == 3)
    }

    @Test func aProtocolInterceptorThatStopsAStateValueLeavesLaterValuesFlowing() {
        // Given
        let sut = EventBus()
        let owner = Owner()
        let received = LockBox<[Int]>([])
        sut.states(for: Gauge.self).select(\.level).subscribe(owner: owner) { _, level in
            received.mutate { $0.append(level) }
        }
        sut.intercept(owner: owner, conformingTo: (any Measurement).self, priority: 10) { _, measurement in
            measurement.level % 3 == 0 ? .stop : .proceed
        }

        // When
        for level in 1...10 { sut.publishState(Gauge(level: level)) }

        // Then
        #expect(received.value == [1, 2, 4, 5, 7, 8, 10])
        #expect(sut.waitingStateValues(of: Gauge.self) == 0)
    }

    @Test(arguments: [false, true])
    func everyOneOfManySubscriptionsEndsWithTheLastValueAndNothingWaits(tapped: Bool) {
        // Given twenty subscriptions and an interceptor that stops every seventh value
        let sut = EventBus()
        let owner = Owner()
        let tap = tapped ? sut.observeAll { _ in } : nil
        let inboxes = (0..<20).map { _ in LockBox<[Int]>([]) }
        for inbox in inboxes {
            sut.states(for: Reading.self).select(\.value).subscribe(owner: owner) { _, value in
                inbox.mutate { $0.append(value) }
            }
        }
        sut.intercept(owner: owner, for: Reading.self, priority: 10) { _, reading in
            reading.value % 7 == 0 ? .stop : .proceed
        }

        // When
        let last = 9_003  // not a multiple of seven: it is not stopped
        for value in 1...last { sut.publishState(Reading(value: value)) }

        // Then every subscription got every value that was not stopped, the last one last
        let expected = (1...last).filter { $0 % 7 != 0 }
        let complete = inboxes.filter { $0.value == expected }.count
        #expect(complete == inboxes.count)
        #expect(inboxes.allSatisfy { $0.value.last == last })
        #expect(sut.waitingStateValues(of: Reading.self) == 0)
        tap?.cancel()
    }
}

protocol Measurement: EventBusEvent {
    var level: Int { get }
}

struct Gauge: Measurement {
    var level: Int
}
