import Dispatch
import EventBus
import EventBusTesting
import Synchronization
import Testing

@Suite("Stepping on executors and threads", .timeLimit(.minutes(3)))
struct SteppingOnExecutorTests {
    @Test func publishingOnlyQueuesAndTheExecutorRunsOneStep() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        let promises = PromiseBox()
        let token = sut.subscribeStepping(owner: owner, on: executor, buffering: .unbounded) {
            (owner, event: Ping, promise) in
            owner.log.append("\(event.number)")
            promises.append(promise)
        }

        for number in 1...3 { sut.publish(Ping(number: number)) }
        #expect(owner.log.all.isEmpty)
        executor.drain()

        #expect(owner.log.all == ["1"])
        #expect(token.waitingEventCount == 2)
    }

    @Test func moreCompletedLaterQueuesOneJobForTheNextEvent() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        let promises = PromiseBox()
        sut.subscribeStepping(owner: owner, on: executor, buffering: .unbounded) {
            (owner, event: Ping, promise) in
            owner.log.append("\(event.number)")
            promises.append(promise)
        }
        for number in 1...3 { sut.publish(Ping(number: number)) }
        executor.drain()

        promises.last?.complete(.more)

        #expect(owner.log.all == ["1"])  // Not inline: the next step is a job on the executor.
        #expect(executor.pendingJobCount == 1)
        executor.drain()
        #expect(owner.log.all == ["1", "2"])
    }

    @Test func moreCompletedInsideTheHandlerContinuesInTheSameJob() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        sut.subscribeStepping(owner: owner, on: executor, buffering: .unbounded) {
            (owner, event: Ping, promise) in
            owner.log.append("\(event.number)")
            promise.complete(.more)
        }
        for number in 1...3 { sut.publish(Ping(number: number)) }

        let jobs = executor.drain()

        #expect(owner.log.all == ["1", "2", "3"])
        #expect(jobs == 1)
    }

    @Test func theEventOnItsWayToTheExecutorIsNeitherCountedNorDropped() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        let promises = PromiseBox()
        let token = sut.subscribeStepping(owner: owner, on: executor, buffering: .keepNewest(2)) {
            (owner, event: Ping, promise) in
            owner.log.append("\(event.number)")
            promises.append(promise)
        }

        for number in 1...5 { sut.publish(Ping(number: number)) }  // 1 is scheduled; 2…5 compete for 2 slots.
        #expect(token.waitingEventCount == 2)
        #expect(token.droppedEventCount == 2)
        executor.drain()
        promises.last?.complete(.more)
        executor.drain()
        promises.last?.complete(.more)
        executor.drain()

        #expect(owner.log.all == ["1", "4", "5"])
    }

    @Test func cancelBeforeTheJobRunsDeliversNothing() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        let token = sut.subscribeStepping(owner: owner, on: executor, buffering: .unbounded) {
            (owner, _: Ping, _) in owner.log.append("ran")
        }
        sut.publish(Ping())

        token.cancel()
        executor.drain()

        #expect(owner.log.all.isEmpty)
    }

    @Test func handlerCallsNeverOverlapWhenManyThreadsPublishAndComplete() async {
        let sut = EventBus()
        let owner = Owner()
        let running = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let delivered = Atomic<Int>(0)
        let queue = DispatchQueue(label: "completer", attributes: .concurrent)
        sut.subscribeStepping(owner: owner, buffering: .unbounded) { (_, _: Ping, promise) in
            if running.add(1, ordering: .acquiringAndReleasing).newValue > 1 {
                overlaps.add(1, ordering: .relaxed)
            }
            running.subtract(1, ordering: .acquiringAndReleasing)
            delivered.add(1, ordering: .relaxed)
            // Half the steps are answered later, from another thread, twice (the second is a
            // duplicate and must be ignored).
            if Bool.random() {
                promise.complete(.more)
            } else {
                queue.async {
                    promise.complete(.more)
                    promise.complete(.more)
                }
            }
        }

        await onDedicatedThread {
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for number in 0..<250 { sut.publish(Ping(number: thread * 1000 + number)) }
            }
        }

        await sut.settle(timeout: .seconds(60))
        #expect(delivered.load(ordering: .relaxed) == 1000)
        #expect(overlaps.load(ordering: .relaxed) == 0)
    }

    /// The common cycle runs without the lock (issue 20): a publisher that finds the handler
    /// busy queues its event at the same moment the handler's thread goes idle. Every event
    /// must be delivered or counted as dropped, none may be left waiting once the publishers
    /// are done, and the next publish must get through at once.
    @Test func concurrentPublishersWithMoreInsideTheHandlerStrandNoEvent() async {
        let sut = EventBus()
        let owner = Owner()
        let running = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let delivered = Atomic<Int>(0)
        let token = sut.subscribeStepping(owner: owner, buffering: .keepNewest(4)) {
            (_, _: Ping, promise) in
            if running.add(1, ordering: .acquiringAndReleasing).newValue > 1 {
                overlaps.add(1, ordering: .relaxed)
            }
            delivered.add(1, ordering: .relaxed)
            promise.complete(.more)
            running.subtract(1, ordering: .acquiringAndReleasing)
        }

        await onDedicatedThread {
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for number in 0..<2_000 { sut.publish(Ping(number: thread * 10_000 + number)) }
            }
        }

        #expect(overlaps.load(ordering: .relaxed) == 0)
        #expect(token.waitingEventCount == 0)
        #expect(delivered.load(ordering: .relaxed) + token.droppedEventCount == 8_000)
        let before = delivered.load(ordering: .relaxed)
        sut.publish(Ping(number: -1))
        #expect(delivered.load(ordering: .relaxed) == before + 1)
    }

    @Test func aSerialQueueSubscriptionDeliversEveryEventInOrder() async {
        let sut = EventBus()
        let owner = Owner()
        let queue = DispatchQueue(label: "stepper")
        sut.subscribeStepping(owner: owner, on: queue, buffering: .unbounded) {
            (owner, event: Ping, promise) in
            owner.log.append("\(event.number)")
            DispatchQueue.global().async { promise.complete(.more) }
        }

        for number in 1...200 { sut.publish(Ping(number: number)) }

        await sut.settle(timeout: .seconds(60))
        #expect(owner.log.count == 200)
        #expect(owner.log.all == (1...200).map(String.init))
    }
}
