import EventBus
import EventBusTesting
import Testing

/// Every delivery kind with a state query: replay, chain, weak owner and cancellation.
@Suite("State: every delivery kind", .timeLimit(.minutes(3)))
struct StateDeliveryKindTests {
    // MARK: - Synchronous

    @Test func synchronousSubscriptionEndsWithItsOwner() {
        let sut = EventBus()
        let log = Log()
        var owner: Owner? = Owner(log: log)
        sut.states(for: Reading.self).subscribe(owner: owner!) { owner, reading in
            owner.log.append("\(reading.value)")
        }
        sut.publishState(Reading(value: 1))

        owner = nil
        sut.publishState(Reading(value: 2))

        #expect(log.all == ["1"])
        #expect(owner == nil)
    }

    @Test func cancelledSynchronousSubscriptionGetsNothingMore() {
        let sut = EventBus()
        let owner = Owner()
        let token = sut.states(for: Reading.self).subscribe(owner: owner) { owner, reading in
            owner.log.append("\(reading.value)")
        }
        sut.publishState(Reading(value: 1))

        token.cancel()
        sut.publishState(Reading(value: 2))

        #expect(owner.log.all == ["1"])
        #expect(token.isFinished)
    }

    @Test func unsubscribeAllEndsStateSubscriptionsToo() {
        let sut = EventBus()
        let owner = Owner()
        sut.states(for: Reading.self).subscribe(owner: owner) { owner, _ in owner.log.append("state") }

        sut.unsubscribeAll(owner: owner)
        sut.publishState(Reading(value: 1))

        #expect(owner.log.all.isEmpty)
    }

    // MARK: - Once

    @Test func onceGetsTheReplayedValueOnly() {
        let sut = EventBus()
        let owner = Owner()
        sut.publishState(Reading(value: 1))

        let token = sut.states(for: Reading.self).subscribeOnce(owner: owner) { owner, reading in
            owner.log.append("\(reading.value)")
        }
        sut.publishState(Reading(value: 2))

        #expect(owner.log.all == ["1"])
        #expect(token.isFinished)
    }

    @Test func onceWaitsForTheFirstValueThatPassesTheChain() {
        let sut = EventBus()
        let owner = Owner()
        sut.publishState(Reading(value: 1))

        sut.states(for: Reading.self).select(\.value).filter { $0 > 2 }.subscribeOnce(owner: owner) {
            owner, value in
            owner.log.append("\(value)")
        }
        for value in 2...5 { sut.publishState(Reading(value: value)) }

        #expect(owner.log.all == ["3"])
    }

    @Test func cancelledOnceNeverFires() {
        let sut = EventBus()
        let owner = Owner()
        let token = sut.states(for: Reading.self).subscribeOnce(owner: owner) { owner, _ in
            owner.log.append("once")
        }

        token.cancel()
        sut.publishState(Reading(value: 1))

        #expect(owner.log.all.isEmpty)
    }

    // MARK: - Executor

    @Test func executorSubscriptionQueuesTheReplayAndLaterValuesInOrder() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        sut.publishState(Reading(value: 1))

        sut.states(for: Reading.self).select(\.value).subscribe(owner: owner, on: executor) { owner, value in
            owner.log.append("\(value)")
        }
        sut.publishState(Reading(value: 2))
        #expect(owner.log.all.isEmpty)

        executor.drain()

        #expect(owner.log.all == ["1", "2"])
    }

    @Test func executorSubscriptionQueuesOnlyValuesThatPassTheChain() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        sut.states(for: Reading.self).select(\.value).skipRepeats().subscribe(owner: owner, on: executor) {
            owner, value in owner.log.append("\(value)")
        }

        for value in [1, 1, 1] { sut.publishState(Reading(value: value)) }
        executor.drain()

        #expect(owner.log.all == ["1"])
    }

    @Test func cancelBeforeTheExecutorRunsDropsQueuedValues() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        sut.publishState(Reading(value: 1))
        let token = sut.states(for: Reading.self).subscribe(owner: owner, on: executor) { owner, _ in
            owner.log.append("ran")
        }

        token.cancel()
        executor.drain()

        #expect(owner.log.all.isEmpty)
    }

    @Test func ownerReleasedBeforeTheExecutorRunsGetsNothing() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let log = Log()
        var owner: Owner? = Owner(log: log)
        sut.publishState(Reading(value: 1))
        sut.states(for: Reading.self).subscribe(owner: owner!, on: executor) { owner, _ in
            owner.log.append("ran")
        }

        owner = nil
        executor.drain()

        #expect(log.all.isEmpty)
    }

    // MARK: - Owner-less and streams

    @Test func releasingAnOwnerlessTokenCancels() {
        let sut = EventBus()
        let log = Log()
        var token: SubscriptionToken? = sut.states(for: Reading.self).subscribe { log.append("\($0.value)") }
        sut.publishState(Reading(value: 1))

        token = nil
        sut.publishState(Reading(value: 2))

        #expect(token == nil)
        #expect(log.all == ["1"])
    }

    @Test func streamStartsWithTheReplayedValue() async {
        let sut = EventBus()
        sut.publishState(Reading(value: 1))

        let stream = sut.states(for: Reading.self).select(\.value).stream()
        sut.publishState(Reading(value: 2))

        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == 1)
        #expect(await iterator.next() == 2)
    }

    @Test func cancellingTheStreamsConsumerEndsTheSubscription() async {
        let sut = EventBus()
        let reached = LockBox<[Int]>([])
        let tap = sut.observeAll { record in reached.mutate { $0.append(record.recipients.count) } }
        let consumer = Task {
            for await _ in sut.states(for: Reading.self).stream() {}
        }
        await waitUntil {
            sut.publishState(Reading(value: 1))
            return reached.value.last == 1
        }

        consumer.cancel()
        await consumer.value
        sut.publishState(Reading(value: 2))

        #expect(reached.value.last == 0)
        tap.cancel()
    }
}

@Suite("State: main-actor delivery", .timeLimit(.minutes(3)))
@MainActor
struct StateMainActorDeliveryTests {
    @Test func deliversTheReplayAndLaterValuesOnTheMainActorInOrder() async {
        let sut = EventBus()
        let owner = MainActorOwner()
        sut.publishState(Reading(value: 0))

        sut.states(for: Reading.self).select(\.value).subscribe(owner: owner, on: .mainActor) {
            owner, value in
            owner.receive(value)
        }
        await Task.detached {
            for value in 1..<100 { sut.publishState(Reading(value: value)) }
        }.value

        await sut.settle(timeout: .seconds(60))
        #expect(owner.received.count == 100)
        #expect(owner.received == Array(0..<100))
    }

    @Test func cancelledMainActorSubscriptionRunsNothingQueued() async {
        let sut = EventBus()
        let owner = MainActorOwner()
        sut.publishState(Reading(value: 1))
        let token = sut.states(for: Reading.self).subscribe(owner: owner, on: .mainActor) { owner, reading in
            owner.receive(reading.value)
        }

        token.cancel()
        let probe = MainActorOwner()
        sut.states(for: Reading.self).subscribe(owner: probe, on: .mainActor) { probe, reading in
            probe.receive(reading.value)
        }
        await sut.settle(timeout: .seconds(60))  // jobs queued after the cancelled one have run
        #expect(probe.received == [1])

        #expect(owner.received.isEmpty)
    }
}
