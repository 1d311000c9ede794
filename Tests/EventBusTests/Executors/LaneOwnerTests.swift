import EventBusTesting
import Testing

@testable import EventBus

/// How a lane's drain and its publishes check the owners of its subscriptions: the drain holds
/// an owner for one pass (a run of one type's queued events) and checks before every call that
/// someone else still holds it; a publish checks the owner only when nothing of that
/// subscription waits on the lane (issue 12, target 3, second round).
@Suite("Lane owners", .timeLimit(.minutes(3)))
struct LaneOwnerTests {
    @Test func anOwnerReleasedMidBurstGetsNoneOfTheBurst() {
        // Given two owners on one executor, and the first half of a burst queued for both
        let sut = EventBus()
        let executor = ManualExecutor()
        let log = Log()
        var leaving: Owner? = Owner("leaving", log: log)
        let staying = Owner("staying", log: log)
        sut.subscribe(owner: leaving!, on: executor) { (owner, event: Ping) in
            owner.log.append("L\(event.number)")
        }
        sut.subscribe(owner: staying, on: executor) { (owner, event: Ping) in
            owner.log.append("S\(event.number)")
        }
        for number in 1...3 { sut.publish(Ping(number: number)) }

        // When one owner is released and the burst goes on before the executor runs
        leaving = nil
        for number in 4...6 { sut.publish(Ping(number: number)) }
        executor.drain()

        // Then the released owner gets nothing, the other everything
        #expect(log.all == (1...6).map { "S\($0)" })
    }

    @Test func anOwnerReleasedBetweenBurstsGetsNothingFromTheNextBurst() {
        let sut = EventBus()
        let executor = ManualExecutor()
        var owner: Owner? = Owner()
        let log = owner!.log
        let token = sut.subscribe(owner: owner!, on: executor) { (owner, event: Ping) in
            owner.log.append("\(event.number)")
        }
        sut.publish(Ping(number: 1))
        executor.drain()

        owner = nil
        sut.publish(Ping(number: 2))
        executor.drain()

        #expect(log.all == ["1"])
        // Nothing waited when the owner died, so that publish found it gone and ended it.
        #expect(token.isFinished)
    }

    @Test func theLaneHoldsNoOwnerOnceTheDrainReturns() {
        // Given an owner that got a burst of events
        let sut = EventBus()
        let executor = ManualExecutor()
        var owner: Owner? = Owner()
        let watched = WeakReference(owner!)
        sut.subscribe(owner: owner!, on: executor) { (owner, event: Ping) in
            owner.log.append("\(event.number)")
        }
        for number in 1...3 { sut.publish(Ping(number: number)) }
        executor.drain()
        #expect(owner?.log.all == ["1", "2", "3"])

        // When its last outside reference goes after the drain
        owner = nil

        // Then it is released at once: the drain held it for its pass only
        #expect(watched.object == nil)
    }

    @Test func anOwnerReleasedByAHandlerDuringThePassGetsNoLaterEventAndIsReleasedAtOnce() {
        // Given two owners on one executor; the first one's handler lets the second go at event 2
        let sut = EventBus()
        let executor = ManualExecutor()
        let log = Log()
        let first = Owner("first", log: log)
        let second = LockBox<Owner?>(Owner("second", log: log))
        let watched = WeakReference(second.value!)
        let releasedBeforeEvent3 = LockBox<Bool?>(nil)
        sut.subscribe(owner: first, on: executor, priority: 1) { (owner, event: Ping) in
            owner.log.append("first\(event.number)")
            if event.number == 2 { second.value = nil }
            if event.number == 3 { releasedBeforeEvent3.value = watched.object == nil }
        }
        sut.subscribe(owner: second.value!, on: executor) { (owner, event: Ping) in
            owner.log.append("second\(event.number)")
        }
        for number in 1...3 { sut.publish(Ping(number: number)) }

        // When the burst runs in one pass
        executor.drain()

        // Then the second owner's handler stopped the moment nobody else held it, and the
        // pass let go of it right then, not at its end
        #expect(log.all == ["first1", "second1", "first2", "first3"])
        #expect(releasedBeforeEvent3.value == true)
        #expect(watched.object == nil)
    }

    @Test func cancelDuringAPassStopsTheHandlerAndLetsTheOwnerGo() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let log = Log()
        let first = Owner("first", log: log)
        var second: Owner? = Owner("second", log: log)
        let watched = WeakReference(second!)
        let victim = LockBox<SubscriptionToken?>(nil)
        sut.subscribe(owner: first, on: executor, priority: 1) { (owner, event: Ping) in
            owner.log.append("first\(event.number)")
            if event.number == 2 { victim.value?.cancel() }
        }
        victim.value = sut.subscribe(owner: second!, on: executor) { (owner, event: Ping) in
            owner.log.append("second\(event.number)")
        }
        for number in 1...3 { sut.publish(Ping(number: number)) }

        executor.drain()
        second = nil

        #expect(log.all == ["first1", "second1", "first2", "first3"])
        #expect(watched.object == nil)
    }

    @Test func aPublishAfterTheOwnerDiedWhileItsEventsWaitIsQueuedAndDroppedAndTheNextOnePrunes() {
        // Given an event waiting for an owner that then dies
        let sut = EventBus()
        let executor = ManualExecutor()
        let deadEvents = Log()
        let watcher = Owner()
        sut.subscribe(owner: watcher) { (_, dead: DeadEvent) in deadEvents.append("\(dead.event)") }
        var owner: Owner? = Owner()
        let log = owner!.log
        let (token, probe) = capturingAProbe { probe in
            sut.subscribe(owner: owner!, on: executor) { (owner, event: Ping) in
                probe.touch()
                owner.log.append("\(event.number)")
            }
        }
        sut.publish(Ping(number: 1))
        owner = nil

        // When it is published to before the executor runs
        sut.publish(Ping(number: 2))

        // Then that publish counts as reached (no dead event) and its event waits...
        #expect(deadEvents.all.isEmpty)
        #expect(token.waitingEventCount == 2)

        // ...the drain runs neither...
        executor.drain()
        #expect(log.all.isEmpty)

        // ...and the next publish finds the owner gone, ends the subscription and releases it
        sut.publish(Ping(number: 3))
        #expect(token.isFinished)
        #expect(probe.isReleased)
        #expect(deadEvents.count == 1)
    }

    @Test func aDeadOwnersEventsStopPilingUpEvenIfTheExecutorNeverRuns() {
        let sut = EventBus()
        let executor = ManualExecutor()
        var owner: Owner? = Owner()
        let (token, probe) = capturingAProbe { probe in
            sut.subscribe(owner: owner!, on: executor) { (_, _: Carrier) in probe.touch() }
        }
        sut.publish(Carrier(payload: Probe()))
        owner = nil

        for _ in 0..<ownerCheckInterval { sut.publish(Carrier(payload: Probe())) }

        #expect(token.isFinished)
        #expect(token.waitingEventCount == 0)
        #expect(probe.isReleased)
    }
}
