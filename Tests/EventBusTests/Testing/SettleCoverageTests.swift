import Dispatch
import EventBus
import EventBusTesting
import Foundation
import Testing

/// One test per kind of queued work `settle` waits for, each written so that it fails if
/// `settle` returns while that kind still has work: the work is still running, or not started,
/// when `settle` is called. The waits are generous for the same reason as in `SettleTests`.
@Suite("EventBus.settle covers every kind of queued work", .timeLimit(.minutes(3)))
struct SettleCoverageTests {
    /// A store whose reducer, for the action numbered 1, waits for `gate` on the thread that
    /// reduces it; `entered` resumes once it is waiting there.
    private static func gatedStore(
        on bus: EventBus, gate: DispatchSemaphore, entered: LockBox<CheckedContinuation<Void, Never>?>
    ) -> Store<Reading, Ping> {
        Store(bus: bus, initialState: Reading(value: 0)) { state, action in
            if action.number == 1 {
                entered.mutate { continuation in
                    defer { continuation = nil }
                    return continuation
                }?.resume()
                gate.wait()
            }
            state.value += action.number
        }
    }

    /// Dispatches `Ping(number: 1)` on a thread of its own and returns once that thread is
    /// inside the reducer, so the store is busy.
    private static func dispatchOnAnotherThread(
        to store: Store<Reading, Ping>, entered: LockBox<CheckedContinuation<Void, Never>?>
    ) async {
        await withCheckedContinuation { continuation in
            entered.value = continuation
            Thread { store.dispatch(Ping(number: 1)) }.start()
        }
    }

    @Test func waitsForAStoreBatchThatAnotherThreadIsReducing() async {
        // Given: another thread inside the reducer, an action queued behind it, and the gate
        // that holds that thread opened by a job that settle itself runs (so the batch ends
        // only after settle was called)
        let sut = EventBus()
        let gate = DispatchSemaphore(value: 0)
        let entered = LockBox<CheckedContinuation<Void, Never>?>(nil)
        let store = Self.gatedStore(on: sut, gate: gate, entered: entered)
        let executor = ManualExecutor()
        let owner = Owner()
        sut.subscribe(owner: owner, on: executor) { (_, _: Pong) in gate.signal() }
        await Self.dispatchOnAnotherThread(to: store, entered: entered)
        store.dispatch(Ping(number: 2))  // queued: returns before it is reduced
        sut.publish(Pong())

        // When
        let settled = await sut.settle(timeout: .seconds(60))

        // Then: both actions were reduced, by the other thread
        #expect(settled)
        #expect(store.state.value == 3)
    }

    @Test func failsByNameWhileAnotherThreadIsStillReducingAStoreBatch() async {
        // Given: another thread held inside the reducer until after settle gives up
        let sut = EventBus()
        let gate = DispatchSemaphore(value: 0)
        let entered = LockBox<CheckedContinuation<Void, Never>?>(nil)
        let store = Self.gatedStore(on: sut, gate: gate, entered: entered)
        await Self.dispatchOnAnotherThread(to: store, entered: entered)

        // When / Then
        await withKnownIssue {
            let settled = await sut.settle(timeout: .milliseconds(100))
            #expect(!settled)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("the store of Reading")
        }
        gate.signal()
        #expect(await sut.settle(timeout: .seconds(60)))
        #expect(store.state.value == 1)
    }

    @Test func waitsForASteppingHandlerThatAsksForTheNextEventOnAManualClock() async {
        // Given: each step ends a second later, on a clock only settle moves
        let sut = EventBus()
        let clock = ManualClock()
        let owner = Owner()
        let handled = LockBox<[Int]>([])
        let steps = LockBox<[Task<Void, any Error>]>([])
        sut.subscribeStepping(owner: owner, buffering: .unbounded) { (_, ping: Ping, promise) in
            handled.mutate { $0.append(ping.number) }
            let step = Task {
                try await clock.sleep(for: .seconds(1))
                promise.complete(.more)
            }
            steps.mutate { $0.append(step) }
        }

        // When
        for number in 1...4 { sut.publish(Ping(number: number)) }
        let settled = await sut.settle(timeout: .seconds(60), advancing: clock)

        // Then: every event was handled, one clock step after the other
        #expect(settled)
        #expect(handled.value == [1, 2, 3, 4])
        #expect(clock.now.offset >= .seconds(3))

        // Finally: the last step's sleep ends too, so the test leaves no task suspended behind it
        clock.advance(by: .seconds(1))
        for step in steps.value { _ = try? await step.value }
    }

    @Test func drainsAndAdvancesForAPacedSubscriptionOnAManualExecutor() async {
        // Given: paced deliveries that need both the clock and the executor to move
        let sut = EventBus()
        let clock = ManualClock()
        let executor = ManualExecutor()
        let owner = Owner()
        let delivered = LockBox<[Int]>([])
        sut.subscribePaced(owner: owner, every: .seconds(1), clock: clock, on: executor) { (_, ping: Ping) in
            delivered.mutate { $0.append(ping.number) }
        }

        // When
        for number in 1...3 { sut.publish(Ping(number: number)) }
        let settled = await sut.settle(timeout: .seconds(60), advancing: clock)

        // Then
        #expect(settled)
        #expect(delivered.value == [1, 2, 3])
        #expect(executor.pendingJobCount == 0)
    }

    @Test func waitsForADispatchQueueLaneWhoseHandlerIsStillRunning() async {
        // Given: a queue's handler held until a job that settle runs lets it go
        let sut = EventBus()
        let queue = DispatchQueue(label: "settle-coverage")
        let gate = DispatchSemaphore(value: 0)
        let executor = ManualExecutor()
        let owner = Owner()
        let handled = LockBox<[Int]>([])
        sut.subscribe(owner: owner, on: queue) { (_, ping: Ping) in
            if ping.number == 1 { gate.wait() }
            handled.mutate { $0.append(ping.number) }
        }
        sut.subscribe(owner: owner, on: executor) { (_, _: Pong) in gate.signal() }

        // When
        sut.publish(Ping(number: 1))
        sut.publish(Ping(number: 2))
        sut.publish(Pong())
        let settled = await sut.settle(timeout: .seconds(60))

        // Then
        #expect(settled)
        #expect(handled.value == [1, 2])
    }

    @Test func waitsForAnActorsLane() async {
        // Given: deliveries on an actor, each of which hops to the actor's executor
        let sut = EventBus()
        let counter = NumberLog()
        let owner = Owner()
        sut.subscribe(owner: owner, on: .actor(counter)) { (_, ping: Ping) in
            counter.assumeIsolated { $0.record(ping.number) }
        }

        // When
        for number in 1...50 { sut.publish(Ping(number: number)) }
        let settled = await sut.settle(timeout: .seconds(60))

        // Then
        #expect(settled)
        #expect(await counter.numbers == Array(1...50))
    }

    @Test func waitsForAValueTypeExecutorsOwnMailbox() async {
        // Given: an executor the bus cannot tell apart from another, so the subscription keeps
        // a mailbox of its own instead of joining a lane
        let sut = EventBus()
        let owner = Owner()
        let handled = LockBox<[Int]>([])
        sut.subscribe(owner: owner, on: GlobalQueueExecutor()) { (_, ping: Ping) in
            handled.mutate { $0.append(ping.number) }
        }

        // When
        for number in 1...50 { sut.publish(Ping(number: number)) }
        let settled = await sut.settle(timeout: .seconds(60))

        // Then
        #expect(settled)
        #expect(handled.value == Array(1...50))
    }
}

/// An actor that records numbers, for the actor executor's lane.
private actor NumberLog {
    var numbers: [Int] = []
    func record(_ number: Int) { numbers.append(number) }
}

/// A value-type executor: each instance runs jobs on a serial queue shared by all of them.
private struct GlobalQueueExecutor: EventBusExecutor {
    static let queue = DispatchQueue(label: "settle-coverage-value-executor")
    var label: String { "value-type" }
    func enqueue(_ work: @escaping @Sendable () -> Void) { Self.queue.async(execute: work) }
}
