import Dispatch
import EventBus
import Synchronization
import Testing

/// The delivery contract of state subscriptions under many threads; also run under
/// ThreadSanitizer in CI.
@Suite("State: concurrent publishes", .timeLimit(.minutes(3)))
struct StateConcurrencyTests {
    @Test func subscribingWhilePublishingNeverMissesAValueOrReplaysAnOldOne() async {
        let sut = EventBus()
        let last = 3000
        let subscriptions = LockBox<[LockBox<[Int]>]>([])
        let tokens = LockBox<[SubscriptionToken]>([])
        sut.publishState(Reading(value: 0))

        await onDedicatedThread {
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 {
                    for value in 1...last { sut.publishState(Reading(value: value)) }
                } else {
                    for _ in 0..<60 {
                        let received = LockBox<[Int]>([])
                        let token = sut.states(for: Reading.self).select(\.value).subscribe { value in
                            received.mutate { $0.append(value) }
                        }
                        subscriptions.mutate { $0.append(received) }
                        tokens.mutate { $0.append(token) }
                    }
                }
            }
        }

        for received in subscriptions.value.map(\.value) {
            // Replay first, then every later value: consecutive numbers up to the last one.
            #expect(received.first.map { Array($0...last) } == received)
        }
        #expect(tokens.value.count == 60)
    }

    @Test func concurrentPublishersReachEachSubscriptionOnceInOneOrderWithoutOverlap() async {
        let sut = EventBus()
        let inFlight = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let received = LockBox<[Int]>([])
        let comparisons = LockBox<[(old: Int, new: Int)]>([])
        let token = sut.states(for: Reading.self, automaticallySkipsRepeats: false)
            .select(\.value)
            .skip { old, new in
                comparisons.mutate { $0.append((old, new)) }
                return false
            }
            .subscribe { value in
                if inFlight.add(1, ordering: .acquiringAndReleasing).newValue > 1 {
                    overlaps.add(1, ordering: .relaxed)
                }
                received.mutate { $0.append(value) }
                inFlight.subtract(1, ordering: .acquiringAndReleasing)
            }

        await onDedicatedThread {
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for index in 0..<500 { sut.publishState(Reading(value: thread * 1000 + index)) }
            }
        }
        token.cancel()

        let values = received.value
        #expect(overlaps.load(ordering: .relaxed) == 0)
        #expect(Set(values).count == 2000 && values.count == 2000)
        for thread in 0..<4 {  // each publisher's own values arrive in the order it published them
            let own = values.filter { $0 / 1000 == thread }
            #expect(own == own.sorted())
        }
        // The previous value a skip step sees is exactly the value delivered before.
        #expect(comparisons.value.map(\.old) == Array(values.dropLast()))
        #expect(comparisons.value.map(\.new) == Array(values.dropFirst()))
        // The last value delivered is the current value: subscribers converge on the state.
        #expect(values.last == sut.currentState(for: Reading.self)?.value)
    }

    @Test func everySubscriptionSeesTheSameOrder() async {
        let sut = EventBus()
        let logs = (0..<3).map { _ in LockBox<[Int]>([]) }
        let tokens = logs.map { log in
            sut.states(for: Reading.self).subscribe { reading in log.mutate { $0.append(reading.value) } }
        }

        await onDedicatedThread {
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for index in 0..<300 { sut.publishState(Reading(value: thread * 1000 + index)) }
            }
        }
        tokens.forEach { $0.cancel() }

        #expect(logs[0].value.count == 1200)
        #expect(logs[1].value == logs[0].value)
        #expect(logs[2].value == logs[0].value)
    }
}
