import Dispatch
import EventBus
import EventBusTesting
import Testing

@Suite("Async handlers", .timeLimit(.minutes(3)))
struct AsyncHandlerTests {
    struct Refused: Error {}

    /// Records what an async handler saw: order, and how many ran at the same time.
    final class Probe: Sendable {
        private let state = LockBox<(running: Int, maxRunning: Int, seen: [Int])>((0, 0, []))

        func enter(_ number: Int) {
            state.mutate {
                $0.running += 1
                $0.maxRunning = max($0.maxRunning, $0.running)
                $0.seen.append(number)
            }
        }

        func leave() { state.mutate { $0.running -= 1 } }

        var seen: [Int] { state.value.seen }
        var maxRunning: Int { state.value.maxRunning }
    }

    @Test func handlesOneEventAtATimeInPublishOrderFromManyThreads() async {
        // Given an async handler that suspends in the middle of every event
        let sut = EventBus()
        let probe = Probe()
        let token = sut.subscribeAsync(for: Ping.self) { event in
            probe.enter(event.number)
            await Task.yield()
            probe.leave()
        }

        // When four threads publish 100 numbered events each
        await Task.detached {
            await onDedicatedThread {
                DispatchQueue.concurrentPerform(iterations: 4) { thread in
                    for index in 0..<100 { sut.publish(Ping(number: thread * 1_000 + index)) }
                }
            }
        }.value

        // Then every event ran, never two at once, each thread's events in its order
        await sut.settle(timeout: .seconds(60))
        #expect(probe.seen.count == 400)
        #expect(probe.maxRunning == 1)
        for thread in 0..<4 {
            let mine = probe.seen.filter { $0 / 1_000 == thread }
            #expect(mine == (0..<100).map { thread * 1_000 + $0 })
        }
        withExtendedLifetime(token) {}
    }

    @Test func cancellingTheTokenCancelsTheRunningHandlerAndDropsTheQueue() async {
        // Given a handler stuck in a long sleep, with more events queued behind it
        let sut = EventBus()
        let owner = Owner()
        let reported = LockBox(0)
        sut.setFailureHandler { _ in reported.mutate { $0 += 1 } }
        let token = sut.subscribeAsync(owner: owner) { (owner: Owner, event: Ping) async throws in
            owner.log.append("start \(event.number)")
            do {
                try await Task.sleep(for: .seconds(120))
            } catch {
                owner.log.append("cancelled \(event.number)")
                throw error
            }
        }
        sut.publish(Ping(number: 1))
        sut.publish(Ping(number: 2))
        await waitUntil { owner.log.all == ["start 1"] }

        // When
        token.cancel()

        // Then the running handler saw the cancellation, the queued event never ran, and the
        // CancellationError was not reported as a failure
        await waitUntil { owner.log.all == ["start 1", "cancelled 1"] }
        sut.publish(Ping(number: 3))
        #expect(owner.log.all == ["start 1", "cancelled 1"])
        #expect(reported.value == 0)
    }

    @Test func errorsGoToTheFailureHandlerAndTheNextEventStillRuns() async {
        let sut = EventBus()
        let owner = Owner()
        let failures = LockBox<[SubscriberFailure]>([])
        sut.setFailureHandler { failure in failures.mutate { $0.append(failure) } }
        sut.subscribeAsync(owner: owner) { (owner: Owner, event: Ping) async throws in
            owner.log.append("\(event.number)")
            if event.number == 1 { throw Refused() }
        }

        sut.publish(Ping(number: 1))
        sut.publish(Ping(number: 2))

        await sut.settle(timeout: .seconds(60))
        #expect(owner.log.count == 2)
        #expect(failures.value.count == 1)
        #expect(failures.value.first?.error is Refused)
        #expect(failures.value.first?.subscription.delivery == .async)
        #expect((failures.value.first?.event as? Ping)?.number == 1)
    }

    @Test func aReleasedOwnerGetsNothingMore() async {
        let sut = EventBus()
        let log = Log()
        var owner: Owner? = Owner(log: log)
        sut.subscribeAsync(owner: owner!) { (owner: Owner, event: Ping) async in
            owner.log.append("\(event.number)")
        }
        sut.publish(Ping(number: 1))
        await sut.settle(timeout: .seconds(60))
        #expect(log.count == 1)

        owner = nil
        sut.publish(Ping(number: 2))
        sut.publish(Ping(number: 3))

        #expect(log.all == ["1"])
        #expect(sut.subscriptionCount(forExactType: Ping.self) == 0)
    }

    @Test @MainActor func aGlobalActorClosureRunsOnThatActor() async {
        let sut = EventBus()
        let owner = MainActorOwner()
        sut.subscribeAsync(owner: owner) { @MainActor (owner: MainActorOwner, event: Ping) async in
            owner.receive(event.number)
        }

        await Task.detached { for number in 0..<20 { sut.publish(Ping(number: number)) } }.value

        await sut.settle(timeout: .seconds(60))
        #expect(owner.received.count == 20)
        #expect(owner.received == Array(0..<20))
    }

    @Test func aTaskExecutorRunsTheHandler() async {
        let sut = EventBus()
        let executor = QueueTaskExecutor()
        let onQueue = LockBox<[Bool]>([])
        let token = sut.subscribeAsync(for: Ping.self, on: executor) { _ in
            onQueue.mutate { $0.append(DispatchQueue.getSpecific(key: QueueTaskExecutor.key) == true) }
        }

        sut.publish(Ping())
        sut.publish(Ping())

        await sut.settle(timeout: .seconds(60))
        #expect(onQueue.value.count == 2)
        #expect(onQueue.value == [true, true])
        #expect(sut.subscriptionSnapshot()[EventType(Ping.self)]?.first?.executorLabel == "QueueTaskExecutor")
        withExtendedLifetime(token) {}
    }

    @Test func aBoundedBufferKeepsTheNewestEventsAndCountsTheRestAsDropped() async {
        // Given a handler stuck on its first event, with room for two more
        let sut = EventBus()
        let gate = Gate()
        let seen = LockBox<[Int]>([])
        let token = sut.subscribeAsync(for: Ping.self, buffering: .keepNewest(2)) { event in
            seen.mutate { $0.append(event.number) }
            if event.number == 0 { await gate.wait() }
        }
        let dropping = LockBox(0)
        let tap = sut.observeAll { record in
            if !record.droppingRecipients.isEmpty { dropping.mutate { $0 += 1 } }
        }
        sut.publish(Ping(number: 0))
        await waitUntil { seen.value == [0] }

        // When nine more arrive while it is busy
        for number in 1...9 { sut.publish(Ping(number: number)) }

        // Then two wait, seven were dropped (and shown to taps), and the newest two run next
        #expect(token.waitingEventCount == 2)
        #expect(token.droppedEventCount == 7)
        #expect(dropping.value == 7)
        gate.open()
        await sut.settle(timeout: .seconds(60))
        #expect(seen.value == [0, 8, 9])
        #expect(token.waitingEventCount == 0)
        tap.cancel()
    }

    @Test func aSynchronousClosureStillPicksTheSynchronousSubscription() {
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner) { (owner, event: Ping) in owner.log.append("sync \(event.number)") }

        sut.publish(Ping(number: 1))

        #expect(owner.log.all == ["sync 1"])
        #expect(sut.subscriptionSnapshot()[EventType(Ping.self)]?.first?.delivery == .synchronous)
    }
}

/// A task executor on a dispatch queue that marks its thread, so tests can see where jobs ran.
final class QueueTaskExecutor: TaskExecutor {
    static let key = DispatchSpecificKey<Bool>()
    private let queue = DispatchQueue(label: "async-handler-tests")

    init() {
        queue.setSpecific(key: Self.key, value: true)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// Lets an async handler wait until the test opens it (no sleeping).
final class Gate: Sendable {
    private let state = LockBox<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            var resumeNow = false
            state.mutate { state in
                if state.isOpen { resumeNow = true } else { state.waiters.append(continuation) }
            }
            if resumeNow { continuation.resume() }
        }
    }

    func open() {
        var waiters: [CheckedContinuation<Void, Never>] = []
        state.mutate { state in
            state.isOpen = true
            swap(&waiters, &state.waiters)
        }
        for waiter in waiters { waiter.resume() }
    }
}
