import EventBusTesting
import Synchronization
import Testing

@testable import EventBus

/// State-query subscriptions on an executor share that executor's lane with the plain
/// subscriptions on it: one job per burst, publish order across kinds and event types, and the
/// state guarantees (replay first, the chain at publish time) kept.
@Suite("State queries on lanes", .timeLimit(.minutes(3)))
struct StateLaneTests {
    @Test func aStateQueryAndAPlainSubscriptionOfAnotherTypeRunInPublishOrder() {
        // Given a state query of one type and a plain subscription of another, on one executor
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        sut.states(for: Reading.self).select(\.value).subscribe(owner: owner, on: executor) { owner, value in
            owner.log.append("A\(value)")
        }
        sut.subscribe(owner: owner, on: executor) { (owner, event: Pong) in
            owner.log.append("B\(event.number)")
        }

        // When A (state), B (plain), A (state) are published
        sut.publishState(Reading(value: 1))
        sut.publish(Pong(number: 2))
        sut.publishState(Reading(value: 3))
        executor.drain()

        // Then the handlers ran interleaved, in publish order
        #expect(owner.log.all == ["A1", "B2", "A3"])
    }

    @Test func aBurstToStateQueriesAndPlainSubscriptionsCostsOneJob() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        sut.states(for: Reading.self).subscribe(owner: owner, on: executor) { owner, _ in
            owner.log.append("r")
        }
        sut.states(for: Ping.self).select(\.number).subscribe(owner: owner, on: executor) { owner, _ in
            owner.log.append("p")
        }
        sut.subscribe(owner: owner, on: executor) { (owner, _: Pong) in owner.log.append("b") }

        for number in 1...20 {
            sut.publishState(Reading(value: number))
            sut.publishState(Ping(number: number))
            sut.publish(Pong(number: number))
        }

        #expect(executor.pendingJobCount == 1)
        #expect(executor.drain() == 1)
        #expect(owner.log.count == 60)
    }

    @Test func theReplayIsQueuedAtSubscribeBehindEarlierEventsAndAheadOfLaterOnes() {
        // Given a plain event waiting on the lane and a current state value
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        sut.subscribe(owner: owner, on: executor) { (owner, event: Pong) in
            owner.log.append("B\(event.number)")
        }
        sut.publish(Pong(number: 0))
        sut.publishState(Reading(value: 1))

        // When a state query subscribes on the same executor and more is published
        sut.states(for: Reading.self).select(\.value).subscribe(owner: owner, on: executor) { owner, value in
            owner.log.append("A\(value)")
        }
        sut.publish(Pong(number: 2))
        sut.publishState(Reading(value: 3))
        executor.drain()

        // Then the replay took its place in the lane when the subscription was made
        #expect(owner.log.all == ["B0", "A1", "B2", "A3"])
    }

    @Test func theChainRunsAtPublishTimeAndOnlyWhatPassesIsQueued() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        let selections = Atomic<Int>(0)
        sut.states(for: Reading.self)
            .select { reading in
                selections.add(1, ordering: .relaxed)
                return reading.value
            }
            .skipRepeats()
            .subscribe(owner: owner, on: executor) { owner, value in owner.log.append("A\(value)") }
        sut.subscribe(owner: owner, on: executor) { (owner, event: Pong) in
            owner.log.append("B\(event.number)")
        }

        for value in [1, 1, 2] { sut.publishState(Reading(value: value)) }
        sut.publish(Pong(number: 9))
        sut.publishState(Reading(value: 2))

        // The selection ran for every value before the executor ran anything
        #expect(selections.load(ordering: .relaxed) == 4)
        #expect(owner.log.all.isEmpty)
        executor.drain()
        #expect(owner.log.all == ["A1", "A2", "B9"])
    }

    @Test func cancelReleasesTheHandlerAndTheQueuedValuesBeforeTheJobRuns() {
        // Given three values queued for a state query on a lane, whose handler captures a probe
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        let released = ReleaseCounter()
        var probe: Probe? = Probe()
        let weakProbe = WeakReference(probe!)
        let token = sut.states(for: TrackedEvent.self).subscribe(owner: owner, on: executor) { [probe] _, _ in
            probe?.touch()
            owner.log.append("ran")
        }
        for number in 0..<3 { sut.publishState(released.event(number)) }
        probe = nil
        #expect(released.count == 0)

        // When it is cancelled before the executor runs
        token.cancel()

        // Then the handler and the queued values go at once (the bus keeps the current value)
        #expect(weakProbe.object == nil)
        #expect(released.count == 2)
        executor.drain()
        #expect(owner.log.all.isEmpty)
    }

    @Test func cancelDuringADrainStopsTheStateQueryBeforeItsNextValue() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        let victim = LockedValue<SubscriptionToken?>(nil)
        sut.subscribe(owner: owner, on: executor) { (owner, event: Pong) in
            owner.log.append("B\(event.number)")
            victim.withLock { $0?.cancel() }
        }
        let token = sut.states(for: Reading.self).select(\.value).subscribe(owner: owner, on: executor) {
            owner, value in owner.log.append("A\(value)")
        }
        victim.withLock { $0 = token }

        sut.publishState(Reading(value: 1))
        sut.publish(Pong(number: 2))
        sut.publishState(Reading(value: 3))
        executor.drain()

        #expect(owner.log.all == ["A1", "B2"])
    }

    @Test func anOwnerReleasedBeforeTheJobRunsGetsNothingAndTheNextValueReleasesTheHandler() {
        // Given a state query whose owner is released while its value waits on the lane
        let sut = EventBus()
        let executor = ManualExecutor()
        let log = Log()
        var leaving: Owner? = Owner("leaving", log: log)
        let staying = Owner("staying", log: log)
        var probe: Probe? = Probe()
        let weakProbe = WeakReference(probe!)
        sut.states(for: Reading.self).subscribe(owner: leaving!, on: executor) { [probe] owner, _ in
            probe?.touch()
            owner.log.append(owner.name)
        }
        sut.subscribe(owner: staying, on: executor) { (owner, _: Pong) in owner.log.append(owner.name) }
        sut.publishState(Reading(value: 1))
        sut.publish(Pong())
        probe = nil

        // When the owner goes before the executor runs
        leaving = nil
        executor.drain()

        // Then its handler never runs, and the next value finds it gone and lets the handler go
        #expect(log.all == ["staying"])
        #expect(weakProbe.object != nil)
        sut.publishState(Reading(value: 2))
        #expect(weakProbe.object == nil)
        executor.drain()
        #expect(log.all == ["staying"])
    }
}
