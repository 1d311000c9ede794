import Dispatch
import Testing

@testable import EventBus

/// State subscriptions under the loads a heavy user brings, with walks ending early all the
/// time: stops, throws and cancellation storms from several threads. Asserted by counts: every
/// subscription that lives to the end got every value that was not stopped, in each
/// publisher's order, the last one last, and nothing waits in any gate. Also run under
/// ThreadSanitizer in CI.
@Suite("State: walks that end early, under load", .timeLimit(.minutes(5)))
struct StateWalkExitStressTests {
    /// Values per publishing thread (fewer under TSan, which is several times slower).
    private static let perThread = isRunningUnderThreadSanitizer ? 2_000 : 10_000

    @Test func twentySubscriptionsEndWithTheLastValueWhileTwoThreadsPublishAndEveryFifthIsStopped() async {
        // Given twenty subscriptions and an interceptor that stops every value ending in 3 or 8
        let sut = EventBus()
        let owner = Owner()
        let inboxes = (0..<20).map { _ in LockBox<[Int]>([]) }
        for inbox in inboxes {
            sut.states(for: Reading.self).select(\.value).subscribe(owner: owner) { _, value in
                inbox.mutate { $0.append(value) }
            }
        }
        sut.intercept(owner: owner, for: Reading.self, priority: 10) { _, reading in
            reading.value % 5 == 3 ? .stop : .proceed
        }
        let perThread = Self.perThread

        // When two threads publish (the first 1...n, the second n + 1...2n), then one last value
        await onDedicatedThread {
            DispatchQueue.concurrentPerform(iterations: 2) { thread in
                for offset in 1...perThread { sut.publishState(Reading(value: thread * perThread + offset)) }
            }
        }
        let last = 2 * perThread + 1
        sut.publishState(Reading(value: last))

        // Then
        let expectedCount = (1...last).count { $0 % 5 != 3 }
        let complete = inboxes.filter { inbox in
            let values = inbox.value
            return values.count == expectedCount && values.last == last
                && isInEachPublishersOrder(values, perThread: perThread)
        }
        #expect(complete.count == inboxes.count)
        #expect(sut.waitingStateValues(of: Reading.self) == 0)
    }

    @Test func handlersThatThrowEveryTimeStallNothingUnderTwoPublishingThreads() async {
        // Given a throwing interceptor and a throwing subscriber ahead of ten state subscriptions
        struct Refused: Error {}
        let sut = EventBus()
        let owner = Owner()
        let failures = Tally()
        sut.setFailureHandler { _ in failures.add() }
        sut.intercept(owner: owner, for: Reading.self, priority: 10) {
            (_, _: Reading) throws -> Propagation in
            throw Refused()
        }
        sut.subscribe(owner: owner, for: Reading.self, priority: 5) { (_, _: Reading) throws in
            throw Refused()
        }
        let inboxes = (0..<10).map { _ in LockBox<[Int]>([]) }
        for inbox in inboxes {
            sut.states(for: Reading.self).select(\.value).subscribe(owner: owner) { _, value in
                inbox.mutate { $0.append(value) }
            }
        }
        let perThread = Self.perThread / 2

        // When
        await onDedicatedThread {
            DispatchQueue.concurrentPerform(iterations: 2) { thread in
                for offset in 1...perThread { sut.publishState(Reading(value: thread * perThread + offset)) }
            }
        }
        let last = 2 * perThread + 1
        sut.publishState(Reading(value: last))

        // Then every handler threw every time, and every value still reached every subscription
        #expect(failures.count == 2 * last)
        let complete = inboxes.filter { inbox in
            let values = inbox.value
            return values.count == last && values.last == last
                && isInEachPublishersOrder(values, perThread: perThread)
        }
        #expect(complete.count == inboxes.count)
        #expect(sut.waitingStateValues(of: Reading.self) == 0)
    }

    @Test func cancellationStormsDuringPublishesLeaveEverySurvivorCurrentAndNothingWaiting() async {
        // Given five subscriptions that live to the end, the last of which cancels a storm
        // subscription from inside its handler now and then, and an interceptor that stops
        // every fourth value
        let sut = EventBus()
        let owner = Owner()
        let storm = LockBox<[SubscriptionToken]>([])
        let survivors = (0..<5).map { _ in LockBox<[Int]>([]) }
        for (index, inbox) in survivors.enumerated() {
            sut.states(for: Reading.self).select(\.value).subscribe(owner: owner) { _, value in
                inbox.mutate { $0.append(value) }
                if index == 4, value % 16 == 0 { storm.mutate { $0.popLast() }?.cancel() }
            }
        }
        sut.intercept(owner: owner, for: Reading.self, priority: 10) { _, reading in
            reading.value % 4 == 2 ? .stop : .proceed
        }
        let perThread = Self.perThread

        // When one thread publishes while another subscribes and cancels: state
        // subscriptions (some cancel themselves from their handler), interceptors that stop
        // everything while they last, and owners that go away
        await onDedicatedThread {
            DispatchQueue.concurrentPerform(iterations: 2) { thread in
                if thread == 0 {
                    for value in 1...perThread { sut.publishState(Reading(value: value)) }
                    return
                }
                var random = SplitMix64(seed: 28)
                for round in 0..<(perThread / 20) {
                    switch random.next() % 4 {
                    case 0:
                        let token = LockBox<SubscriptionToken?>(nil)
                        token.value = sut.states(for: Reading.self).select(\.value).subscribe { _ in
                            token.mutate { $0.take() }?.cancel()
                        }
                    case 1:
                        let transient = Owner("transient \(round)")
                        sut.states(for: Reading.self).select(\.value).subscribe(owner: transient) { _, _ in }
                    case 2:
                        let token = sut.intercept(for: Reading.self, priority: 20) { _ in .stop }
                        token.cancel()
                    default:
                        let token = sut.states(for: Reading.self).select(\.value).subscribe { _ in }
                        storm.mutate { $0.append(token) }
                    }
                    if random.next() % 3 == 0 { storm.mutate { $0.popLast() }?.cancel() }
                }
            }
        }
        let last = perThread + 1
        sut.publishState(Reading(value: last))

        // Then the survivors (after the same interceptors) got the same values, rising, the
        // last one last, and nothing waits
        let values = survivors[0].value
        #expect(survivors.allSatisfy { $0.value == values })
        #expect(values.last == last)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
        #expect(!values.contains { $0 % 4 == 2 })
        #expect(sut.waitingStateValues(of: Reading.self) == 0)
        storm.mutate { $0.removeAll() }
    }

    @Test func aStateStreamThatKeepsOnlyItsNewestValueEndsWithTheLastOneUnderTwoPublishingThreads() async {
        // Given a stream read only at the end: from its second value on, every value it takes
        // drops the one before
        let sut = EventBus()
        let stream = sut.states(for: Reading.self).select(\.value).stream(buffering: .keepNewest(1))
        let perThread = Self.perThread

        // When
        await onDedicatedThread {
            DispatchQueue.concurrentPerform(iterations: 2) { thread in
                for offset in 1...perThread { sut.publishState(Reading(value: thread * perThread + offset)) }
            }
        }
        let last = 2 * perThread + 1
        sut.publishState(Reading(value: last))

        // Then
        #expect(sut.waitingStateValues(of: Reading.self) == 0)
        var values = stream.makeAsyncIterator()
        #expect(await values.next() == last)
    }

    /// Whether the values from each of two publishers (1...n and n + 1...2n, then the last one)
    /// come in the order each published them.
    private func isInEachPublishersOrder(_ values: [Int], perThread: Int) -> Bool {
        let first = values.filter { $0 <= perThread }
        let second = values.filter { $0 > perThread && $0 <= 2 * perThread }
        return first == first.sorted() && second == second.sorted()
    }
}
