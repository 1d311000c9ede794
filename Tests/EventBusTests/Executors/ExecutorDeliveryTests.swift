import Dispatch
import EventBus
import EventBusTesting
import Testing

@Suite("Delivery on an executor", .timeLimit(.minutes(3)))
struct ExecutorDeliveryTests {
    @Test func queuesEventsUntilTheExecutorRunsThem() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        sut.subscribe(owner: owner, on: executor) { (owner, event: Ping) in
            owner.log.append("\(event.number)")
        }

        sut.publish(Ping(number: 1))
        sut.publish(Ping(number: 2))
        #expect(owner.log.all.isEmpty)

        executor.drain()

        #expect(owner.log.all == ["1", "2"])
    }

    @Test func aBurstOfEventsCostsOneJob() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        sut.subscribe(owner: owner, on: executor) { (_, _: Ping) in }

        for number in 0..<100 { sut.publish(Ping(number: number)) }

        #expect(executor.pendingJobCount == 1)
    }

    @Test func cancelBeforeTheJobRunsDropsQueuedEvents() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        let token = sut.subscribe(owner: owner, on: executor) { (owner, _: Ping) in owner.log.append("ping") }
        sut.publish(Ping())

        token.cancel()
        executor.drain()

        #expect(owner.log.all.isEmpty)
    }

    @Test func cancelFromAHandlerStopsTheRestOfTheBatch() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        let token = LockBox<SubscriptionToken?>(nil)
        token.value = sut.subscribe(owner: owner, on: executor) { (owner, event: Ping) in
            owner.log.append("\(event.number)")
            token.value?.cancel()
        }
        sut.publish(Ping(number: 1))
        sut.publish(Ping(number: 2))

        executor.drain()

        #expect(owner.log.all == ["1"])
    }

    @Test func ownerReleasedBeforeTheJobRunsGetsNothing() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let log = Log()
        var owner: Owner? = Owner(log: log)
        sut.subscribe(owner: owner!, on: executor) { (owner, _: Ping) in owner.log.append("ping") }
        sut.publish(Ping())

        owner = nil
        executor.drain()

        #expect(log.all.isEmpty)
    }

    @Test func eventsPublishedWhileDrainingRunInTheSameDrain() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        sut.subscribe(owner: owner, on: executor) { [weak sut] (owner, event: Ping) in
            owner.log.append("\(event.number)")
            if event.number < 3 { sut?.publish(Ping(number: event.number + 1)) }
        }
        sut.publish(Ping(number: 1))

        executor.drain()

        #expect(owner.log.all == ["1", "2", "3"])
    }

    @Test func dispatchQueueKeepsPublishOrderAcrossThreads() async {
        let sut = EventBus()
        let queue = DispatchQueue(label: "test.serial")
        let owner = Owner()
        sut.subscribe(owner: owner, on: queue) { (owner, event: Ping) in owner.log.append("\(event.number)") }

        for number in 0..<500 { sut.publish(Ping(number: number)) }

        await sut.settle(timeout: .seconds(60))
        #expect(owner.log.count == 500)
        #expect(owner.log.all == (0..<500).map(String.init))
    }

    @Test func actorExecutorRunsHandlersIsolatedToTheActor() async {
        let sut = EventBus()
        let counter = Counter()
        let owner = Owner()
        sut.subscribe(owner: owner, on: .actor(counter)) { (_, event: Ping) in
            counter.assumeIsolated { $0.record(event.number) }
        }

        for number in 0..<100 { sut.publish(Ping(number: number)) }

        await sut.settle(timeout: .seconds(60))
        #expect(await counter.numbers == Array(0..<100))
    }
}

actor Counter {
    private(set) var numbers: [Int] = []

    func record(_ number: Int) { numbers.append(number) }
}
