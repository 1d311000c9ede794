import Dispatch
import EventBusTesting
import Testing

@testable import EventBus

/// Subscriptions on one executor share that executor's lane on the bus: one job per burst, and
/// the handlers see events in publish order across subscriptions and event types (issue 12,
/// target 3).
@Suite("Executor lanes", .timeLimit(.minutes(3)))
struct ExecutorLaneTests {
    @Test func handlersOfDifferentTypesOnOneExecutorRunInPublishOrder() {
        // Given two subscriptions of one owner, to two types, on one executor
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        sut.subscribe(owner: owner, on: executor) { (owner, event: Ping) in
            owner.log.append("A\(event.number)")
        }
        sut.subscribe(owner: owner, on: executor) { (owner, event: Pong) in
            owner.log.append("B\(event.number)")
        }

        // When A, B, A are published
        sut.publish(Ping(number: 1))
        sut.publish(Pong(number: 2))
        sut.publish(Ping(number: 3))
        executor.drain()

        // Then the handlers ran interleaved, in publish order
        #expect(owner.log.all == ["A1", "B2", "A3"])
    }

    @Test func stateValuesAndPlainEventsShareTheOrderToo() {
        // Found by the demo's tests: `publishState` walks its own loop and must queue on the lanes.
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        sut.subscribe(owner: owner, on: executor) { (owner, event: Ping) in
            owner.log.append("state\(event.number)")
        }
        sut.subscribe(owner: owner, on: executor) { (owner, event: Pong) in
            owner.log.append("plain\(event.number)")
        }

        sut.publishState(Ping(number: 1))
        sut.publish(Pong(number: 2))
        sut.publishState(Ping(number: 3))
        executor.drain()

        #expect(owner.log.all == ["state1", "plain2", "state3"])
    }

    @Test func aBurstToManySubscriptionsOnOneExecutorCostsOneJob() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owners = (0..<10).map { Owner("\($0)") }
        for owner in owners {
            sut.subscribe(owner: owner, on: executor) { (owner, _: Ping) in owner.log.append("ping") }
            sut.subscribe(owner: owner, on: executor) { (owner, _: Pong) in owner.log.append("pong") }
        }

        for number in 0..<50 {
            sut.publish(Ping(number: number))
            sut.publish(Pong(number: number))
        }

        #expect(executor.pendingJobCount == 1)
        #expect(executor.drain() == 1)
        #expect(owners.allSatisfy { $0.log.count == 100 })
    }

    @Test func eachEventRunsForItsSubscriptionsInPriorityOrderBeforeTheNextEvent() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let log = Log()
        let owner = Owner(log: log)
        sut.subscribe(owner: owner, on: executor, priority: 0) { (owner, event: Ping) in
            owner.log.append("low\(event.number)")
        }
        sut.subscribe(owner: owner, on: executor, priority: 5) { (owner, event: Ping) in
            owner.log.append("high\(event.number)")
        }

        sut.publish(Ping(number: 1))
        sut.publish(Ping(number: 2))
        executor.drain()

        #expect(log.all == ["high1", "low1", "high2", "low2"])
    }

    @Test func subscriptionsAfterAnInterceptorThatStoppedThePublishGetNothing() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let log = Log()
        let owner = Owner(log: log)
        sut.subscribe(owner: owner, on: executor, priority: 10) { (owner, event: Ping) in
            owner.log.append("before\(event.number)")
        }
        sut.intercept(owner: owner, priority: 5) { (_, event: Ping) in event.number == 1 ? .stop : .proceed }
        sut.subscribe(owner: owner, on: executor, priority: 0) { (owner, event: Ping) in
            owner.log.append("after\(event.number)")
        }

        sut.publish(Ping(number: 1))
        sut.publish(Ping(number: 2))
        executor.drain()

        #expect(log.all == ["before1", "before2", "after2"])
    }

    @Test func aSubscriptionMadeDuringAPublishGetsTheNextEventNotThatOne() {
        // Given a synchronous handler that subscribes on the lane, at a higher priority, while
        // the publish runs
        let sut = EventBus()
        let executor = ManualExecutor()
        let log = Log()
        let owner = Owner(log: log)
        sut.subscribe(owner: owner, on: executor) { (owner, event: Ping) in
            owner.log.append("old\(event.number)")
        }
        let subscribed = LockBox(false)
        sut.subscribe(owner: owner) { [weak sut] (owner, event: Ping) in
            guard let sut, !subscribed.value else { return }
            subscribed.value = true
            sut.subscribe(owner: owner, on: executor, priority: 9) { (owner, event: Ping) in
                owner.log.append("new\(event.number)")
            }
        }

        // When two events are published
        sut.publish(Ping(number: 1))
        sut.publish(Ping(number: 2))
        executor.drain()

        // Then the new subscription starts with the second
        #expect(log.all == ["old1", "new2", "old2"])
    }

    @Test func aNestedPublishIsQueuedBetweenTheSubscriptionsTheOuterOneReachedBeforeAndAfterIt() {
        // Given executor subscriptions to A before and after a synchronous handler of A that
        // publishes B, and one to B, all on one executor
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        sut.subscribe(owner: owner, on: executor, priority: 2) { (owner, _: Ping) in
            owner.log.append("A-early")
        }
        sut.subscribe(owner: owner, priority: 1) { [weak sut] (_, _: Ping) in sut?.publish(Pong()) }
        sut.subscribe(owner: owner, on: executor, priority: 0) { (owner, _: Ping) in
            owner.log.append("A-late")
        }
        sut.subscribe(owner: owner, on: executor) { (owner, _: Pong) in owner.log.append("B") }

        // When A is published
        sut.publish(Ping())
        executor.drain()

        // Then the executor runs them in the order the publishes reached them (depth-first)
        #expect(owner.log.all == ["A-early", "B", "A-late"])
    }

    @Test func anEventPublishedByAnExecutorHandlerRunsInTheSameDrain() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        sut.subscribe(owner: owner, on: executor) { [weak sut] (owner, event: Ping) in
            owner.log.append("A\(event.number)")
            if event.number == 1 { sut?.publish(Pong(number: 2)) }
        }
        sut.subscribe(owner: owner, on: executor) { (owner, event: Pong) in
            owner.log.append("B\(event.number)")
        }
        sut.publish(Ping(number: 1))
        sut.publish(Ping(number: 3))

        #expect(executor.drain() == 1)

        #expect(owner.log.all == ["A1", "A3", "B2"])
    }

    @Test @MainActor func mainActorSubscriptionsOfDifferentTypesRunInPublishOrder() async {
        let sut = EventBus()
        let owner = MainActorOwner()
        sut.subscribe(owner: owner, on: .mainActor) { (owner, event: Ping) in owner.receive(event.number) }
        sut.subscribe(owner: owner, on: .mainActor) { (owner, event: Pong) in owner.receive(-event.number) }

        sut.publish(Ping(number: 1))
        sut.publish(Pong(number: 2))
        sut.publish(Ping(number: 3))
        await sut.settle(timeout: .seconds(60))
        #expect(owner.received.count == 3)

        #expect(owner.received == [1, -2, 3])
        #expect(sut.lanes.count == 1)
    }

    @Test func concurrentPublishersCancelsAndSubscribesKeepEachPublishersOrder() async {
        // Given subscriptions of two types on one serial queue, some cancelled while four
        // threads publish
        let sut = EventBus()
        let queue = DispatchQueue(label: "lane-stress")
        let rounds = isRunningUnderThreadSanitizer ? 200 : 2_000
        let seen = LockBox<[Int: [Int]]>([:])
        let owner = Owner()
        let record: @Sendable (Int) -> Void = { value in
            seen.mutate { $0[value / 1_000_000, default: []].append(value % 1_000_000) }
        }
        let keeper = sut.subscribe(owner: owner, on: queue) { (_, event: Ping) in record(event.number) }
        sut.subscribe(owner: owner, on: queue) { (_, event: Pong) in record(event.number) }
        let churn = LockBox<[SubscriptionToken]>([])

        // When
        await onDedicatedThread {
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for round in 0..<rounds {
                    if thread == 3 {
                        let token = sut.subscribe(owner: owner, on: queue) { (_, _: Ping) in }
                        churn.mutate { $0.append(token) }
                        if round % 2 == 0 { churn.mutate { $0.removeFirst().cancel() } }
                    } else if round % 2 == 0 {
                        sut.publish(Ping(number: thread * 1_000_000 + round))
                    } else {
                        sut.publish(Pong(number: thread * 1_000_000 + round))
                    }
                }
            }
        }
        let expected = 3 * rounds
        await sut.settle(timeout: .seconds(60))
        #expect(seen.value.values.reduce(0) { $0 + $1.count } == expected)

        // Then every publisher's events arrived once each, in its order, across both types
        for thread in 0..<3 {
            #expect(seen.value[thread] == Array(0..<rounds))
        }
        withExtendedLifetime(keeper) {}
    }
}
