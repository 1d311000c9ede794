import EventBus
import EventBusTesting
import Testing

@Suite("Bounded executor mailboxes", .timeLimit(.minutes(3)))
struct BoundedMailboxTests {
    /// Given an executor subscription with a bounded mailbox whose executor has not run yet.
    private func givenAStalledExecutor(
        _ policy: EventBufferPolicy
    ) -> (sut: EventBus, executor: ManualExecutor, owner: Owner, token: SubscriptionToken) {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        let token = sut.subscribe(owner: owner, on: executor, buffering: policy) { (owner, event: Ping) in
            owner.log.append("\(event.number)")
        }
        return (sut, executor, owner, token)
    }

    @Test func keepNewestKeepsTheLastEventsAndCountsTheDrops() {
        let (sut, executor, owner, token) = givenAStalledExecutor(.keepNewest(3))

        for number in 1...10 { sut.publish(Ping(number: number)) }

        #expect(token.waitingEventCount == 3)
        #expect(token.droppedEventCount == 7)
        executor.drain()
        #expect(owner.log.all == ["8", "9", "10"])
        #expect(token.waitingEventCount == 0)
    }

    @Test func keepOldestKeepsTheFirstEventsAndCountsTheDrops() {
        let (sut, executor, owner, token) = givenAStalledExecutor(.keepOldest(3))

        for number in 1...10 { sut.publish(Ping(number: number)) }
        executor.drain()

        #expect(owner.log.all == ["1", "2", "3"])
        #expect(token.droppedEventCount == 7)
    }

    @Test func theBoundAppliesAgainAfterEachDrain() {
        let (sut, executor, owner, token) = givenAStalledExecutor(.keepNewest(2))
        for number in 1...3 { sut.publish(Ping(number: number)) }
        executor.drain()

        for number in 4...6 { sut.publish(Ping(number: number)) }
        executor.drain()

        #expect(owner.log.all == ["2", "3", "5", "6"])
        #expect(token.droppedEventCount == 2)
    }

    @Test func theDefaultMailboxIsUnbounded() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        let token = sut.subscribe(owner: owner, on: executor) { (owner, _: Ping) in owner.log.append("") }

        for number in 1...10_000 { sut.publish(Ping(number: number)) }

        #expect(token.waitingEventCount == 10_000)
        executor.drain()
        #expect(owner.log.count == 10_000)
        #expect(token.droppedEventCount == 0)
    }

    @Test func cancellingReleasesTheWaitingEventsAtOnce() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        let released = ReleaseCounter()
        let token = sut.subscribe(owner: owner, on: executor, buffering: .keepNewest(5)) {
            (_, _: TrackedEvent) in
        }
        for number in 1...8 { sut.publish(released.event(number)) }
        #expect(released.count == 3)  // The three the policy dropped.

        token.cancel()

        #expect(released.count == 8)
        #expect(executor.drain() == 1)  // The scheduled job runs and finds nothing.
    }

    @Test func tapsSeeWhichSubscriptionDropped() {
        let (sut, _, owner, _) = givenAStalledExecutor(.keepOldest(1))
        let records = LockBox<[PublishRecord]>([])
        let tap = sut.observeAll { record in records.mutate { $0.append(record) } }

        sut.publish(Ping(number: 1))
        sut.publish(Ping(number: 2))

        #expect(records.value.map(\.droppingRecipients.count) == [0, 1])
        #expect(records.value[1].droppingRecipients.first?.executorLabel == "manual")
        #expect(records.value[1].recipients.count == 0)
        withExtendedLifetime((tap, owner)) {}
    }

    @MainActor
    @Test func mainActorSubscriptionsTakeTheSamePolicy() async {
        let sut = EventBus()
        let owner = MainActorOwner()
        let token = sut.subscribe(owner: owner, on: .mainActor, buffering: .keepNewest(2)) {
            (owner, event: Ping) in
            owner.receive(event.number)
        }

        // Published on the main actor: nothing can run until this test suspends.
        for number in 1...5 { sut.publish(Ping(number: number)) }

        await sut.settle(timeout: .seconds(60))
        #expect(owner.received.count == 2)
        #expect(owner.received == [4, 5])
        #expect(token.droppedEventCount == 3)
    }
}
