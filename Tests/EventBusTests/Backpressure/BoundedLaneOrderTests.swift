import EventBus
import EventBusTesting
import Testing

/// A bound on an executor subscription limits its backlog only: the subscription keeps its
/// place in the executor's shared queue, so handlers still run in publish order across
/// subscriptions and event types.
@Suite("Bounded subscriptions keep the executor's order", .timeLimit(.minutes(3)))
struct BoundedLaneOrderTests {
    @Test func aBoundedAndAnUnboundedSubscriptionOnOneExecutorRunInPublishOrder() {
        // Given two subscriptions on one executor, one of them bounded
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        sut.subscribe(owner: owner, on: executor, buffering: .unbounded) { (owner, event: Ping) in
            owner.log.append("A\(event.number)")
        }
        sut.subscribe(owner: owner, on: executor) { (owner, event: Pong) in
            owner.log.append("B\(event.number)")
        }

        // When two types are published interleaved
        for number in 1...6 {
            if number.isMultiple(of: 2) {
                sut.publish(Pong(number: number))
            } else {
                sut.publish(Ping(number: number))
            }
        }
        executor.drain()

        // Then the handlers ran in publish order
        #expect(owner.log.all == ["A1", "B2", "A3", "B4", "A5", "B6"])
    }

    @Test func aBoundThatDropsKeepsTheOrderOfWhatItKeeps() {
        // Given a subscription keeping the newest two beside an unbounded one, on one executor
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        let bounded = sut.subscribe(owner: owner, on: executor, buffering: .keepNewest(2)) {
            (owner, event: Ping) in
            owner.log.append("A\(event.number)")
        }
        sut.subscribe(owner: owner, on: executor) { (owner, event: Pong) in
            owner.log.append("B\(event.number)")
        }

        // When A1 B2 A3 B4 A5 B6 A7 wait for the executor
        for number in 1...7 {
            if number.isMultiple(of: 2) {
                sut.publish(Pong(number: number))
            } else {
                sut.publish(Ping(number: number))
            }
        }
        #expect(bounded.waitingEventCount == 2)
        executor.drain()

        // Then the two oldest A events were dropped and the rest ran in publish order
        #expect(owner.log.all == ["B2", "B4", "A5", "B6", "A7"])
        #expect(bounded.droppedEventCount == 2)
    }

    @Test func keepOldestRejectsTheNewEventsAndKeepsTheOrder() {
        // Given a subscription keeping the oldest one beside an unbounded one, on one executor
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        let bounded = sut.subscribe(owner: owner, on: executor, buffering: .keepOldest(1)) {
            (owner, event: Ping) in
            owner.log.append("A\(event.number)")
        }
        sut.subscribe(owner: owner, on: executor) { (owner, event: Pong) in
            owner.log.append("B\(event.number)")
        }

        // When B1 A2 B3 A4 wait for the executor
        sut.publish(Pong(number: 1))
        sut.publish(Ping(number: 2))
        sut.publish(Pong(number: 3))
        sut.publish(Ping(number: 4))
        executor.drain()

        // Then A4 was dropped and the rest ran in publish order
        #expect(owner.log.all == ["B1", "A2", "B3"])
        #expect(bounded.droppedEventCount == 1)
    }

    @Test func anEventTheRunningDrainHoldsIsNeverDropped() {
        // Given a bounded subscription to A beside a subscription to B whose handler publishes
        // two A events while the drain already holds the queued A
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        let bounded = sut.subscribe(owner: owner, on: executor, buffering: .keepNewest(1)) {
            (owner, event: Ping) in
            owner.log.append("A\(event.number)")
        }
        sut.subscribe(owner: owner, on: executor) { [weak sut] (owner, event: Pong) in
            owner.log.append("B\(event.number)")
            if event.number == 1 {
                // Weak: the bus lists this handler until it is pruned, so a strong capture
                // would keep the bus alive after the test.
                sut?.publish(Ping(number: 10))
                sut?.publish(Ping(number: 11))
            }
        }

        // When B1 A2 B3 wait, and B1's handler publishes A10 and A11 during the drain
        sut.publish(Pong(number: 1))
        sut.publish(Ping(number: 2))
        sut.publish(Pong(number: 3))
        executor.drain()

        // Then A2 (held by the drain) ran in its place, A10 gave way to A11, and the order held
        #expect(owner.log.all == ["B1", "A2", "B3", "A11"])
        #expect(bounded.droppedEventCount == 1)
        #expect(bounded.waitingEventCount == 0)
    }
}
