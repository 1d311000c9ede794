import Dispatch
import EventBus
import EventBusTesting
import Testing

/// Many threads at once; these exist mainly for the ThreadSanitizer run in CI.
@Suite("Concurrent use", .timeLimit(.minutes(3)))
struct ConcurrencyTests {
    @Test func concurrentPublishersReachEverySubscriber() async {
        let sut = EventBus()
        let owner = Owner()
        let count = LockBox(0)
        for _ in 0..<4 {
            sut.subscribe(owner: owner) { (_, _: Ping) in count.mutate { $0 += 1 } }
        }

        await onDedicatedThread {
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                for _ in 0..<250 { sut.publish(Ping()) }
            }
        }

        #expect(count.value == 8 * 250 * 4)
    }

    @Test func subscribingAndCancellingWhilePublishingIsSafe() async {
        let sut = EventBus()
        let stable = Owner()
        let count = LockBox(0)
        sut.subscribe(owner: stable) { (_, _: Ping) in count.mutate { $0 += 1 } }

        await onDedicatedThread {
            DispatchQueue.concurrentPerform(iterations: 6) { index in
                for round in 0..<300 {
                    switch index % 3 {
                    case 0:
                        sut.publish(Ping(number: round))
                    case 1:
                        let churn = Owner()
                        sut.subscribe(owner: churn) { (_, _: Ping) in }.cancel()
                    default:
                        let token = sut.subscribe { (_: Pong) in }
                        sut.publish(Pong())
                        token.cancel()
                    }
                }
            }
        }

        #expect(count.value == 2 * 300)
    }

    @Test func ownersDyingWhilePublishingAreNeverCalledAfterDeinit() async {
        let sut = EventBus()
        let deadCalls = LockBox(0)

        await onDedicatedThread {
            DispatchQueue.concurrentPerform(iterations: 4) { index in
                for _ in 0..<300 {
                    if index.isMultiple(of: 2) {
                        sut.publish(Ping())
                    } else {
                        let owner = Owner()
                        sut.subscribe(owner: owner) { (owner, _: Ping) in
                            if owner.name != "owner" { deadCalls.mutate { $0 += 1 } }
                        }
                    }
                }
            }
        }
        sut.publish(Ping())

        #expect(deadCalls.value == 0)
    }

    @Test func executorDeliveryFromManyThreadsKeepsEachPublishersOrder() async {
        let sut = EventBus()
        let queue = DispatchQueue(label: "test.ordered")
        let owner = Owner()
        let received = LockBox<[Int: [Int]]>([:])
        sut.subscribe(owner: owner, on: queue) { (_, event: Ping) in
            received.mutate { $0[event.number / 1_000, default: []].append(event.number % 1_000) }
        }

        await onDedicatedThread {
            DispatchQueue.concurrentPerform(iterations: 4) { publisher in
                for number in 0..<200 { sut.publish(Ping(number: publisher * 1_000 + number)) }
            }
        }

        await sut.settle(timeout: .seconds(60))
        #expect(received.value.values.map(\.count).reduce(0, +) == 800)
        for publisher in 0..<4 {
            #expect(received.value[publisher] == Array(0..<200))
        }
    }
}
