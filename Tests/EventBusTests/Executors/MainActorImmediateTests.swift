import EventBusTesting
import Foundation
import Testing

@testable import EventBus

/// `.mainActorImmediate`: a publish made on the main actor runs the handler inside `publish`
/// while nothing waits on the immediate lane; otherwise the event is queued as for `.mainActor`.
@Suite("Immediate main-actor delivery", .timeLimit(.minutes(3)))
@MainActor
struct MainActorImmediateTests {
    @Test func aPublishOnTheMainActorRunsAnImmediateHandlerBeforePublishReturns() {
        // Given
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner, on: .mainActorImmediate) { (owner, event: Ping) in
            MainActor.assertIsolated()
            owner.log.append("ping \(event.number)")
        }

        // When
        sut.publish(Ping(number: 1))

        // Then
        #expect(owner.log.all == ["ping 1"])
    }

    @Test func anImmediateSubscriberKeepsPublishOrderWhileAnEarlierEventWaits() async {
        // Given: an event published from another thread waits for the main actor, which this
        // test holds until both publishes are made.
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner, on: .mainActorImmediate) { (owner, event: Ping) in
            owner.log.append("ping \(event.number)")
        }
        sut.subscribe(owner: owner, on: .mainActorImmediate) { (owner, event: Pong) in
            owner.log.append("pong \(event.number)")
        }
        onAnotherThreadUntilItReturns { sut.publish(Ping(number: 1)) }

        // When
        sut.publish(Pong(number: 2))
        sut.publish(Ping(number: 3))

        // Then: queued behind it, across event types, not run ahead of it.
        #expect(owner.log.all.isEmpty)
        await sut.settle(timeout: .seconds(60))
        #expect(owner.log.all == ["ping 1", "pong 2", "ping 3"])
    }

    @Test func aPublishFromAnotherThreadIsQueuedForTheMainActor() async {
        // Given
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner, on: .mainActorImmediate) { (owner, event: Ping) in
            MainActor.assertIsolated()
            owner.log.append("ping \(event.number)")
        }

        // When
        onAnotherThreadUntilItReturns { sut.publish(Ping(number: 1)) }

        // Then: not run on the publishing thread, but later on the main actor.
        #expect(owner.log.all.isEmpty)
        await sut.settle(timeout: .seconds(60))
        #expect(owner.log.all == ["ping 1"])
    }

    @Test func publishesFromAnImmediateHandlerNestDepthFirstLikeSynchronousOnes() {
        // Given: an immediate handler that publishes, an immediate and a synchronous subscriber
        // to what it publishes, and a second immediate subscriber to the outer event.
        let sut = EventBus()
        let log = Log()
        let first = Owner("first", log: log)
        let second = Owner("second", log: log)
        sut.subscribe(owner: first, on: .mainActorImmediate, priority: 1) { [weak sut] (owner, event: Ping) in
            owner.log.append("first ping \(event.number) starts")
            sut?.publish(Pong(number: event.number))
            owner.log.append("first ping \(event.number) ends")
        }
        sut.subscribe(owner: second, on: .mainActorImmediate) { (owner, event: Ping) in
            owner.log.append("second ping \(event.number)")
        }
        sut.subscribe(owner: first, on: .mainActorImmediate) { (owner, event: Pong) in
            owner.log.append("immediate pong \(event.number)")
        }
        sut.subscribe(owner: second) { (owner, event: Pong) in owner.log.append("sync pong \(event.number)") }

        // When
        sut.publish(Ping(number: 1))

        // Then: the nested publish delivers before the handler that made it goes on.
        #expect(
            log.all == [
                "first ping 1 starts", "immediate pong 1", "sync pong 1", "first ping 1 ends",
                "second ping 1",
            ])
    }

    @Test func anImmediateHandlerThatCancelsALaterSubscriptionStopsItWithinThePublish() {
        // Given
        let sut = EventBus()
        let owner = Owner()
        let later = LockBox<SubscriptionToken?>(nil)
        sut.subscribe(owner: owner, on: .mainActorImmediate, priority: 1) { (owner, _: Ping) in
            owner.log.append("first")
            later.value?.cancel()
        }
        later.value = sut.subscribe(owner: owner, on: .mainActorImmediate) { (owner, _: Ping) in
            owner.log.append("second")
        }

        // When
        sut.publish(Ping())
        sut.publish(Ping())

        // Then: as for synchronous handlers, a cancel that returned wins.
        #expect(owner.log.all == ["first", "first"])
    }

    @Test func aReleasedOwnerGetsNothingAndItsSubscriptionEnds() {
        // Given
        let sut = EventBus()
        var owner: Owner? = Owner()
        let log = owner!.log
        let token = sut.subscribe(owner: owner!, on: .mainActorImmediate) { (owner, _: Ping) in
            owner.log.append("ping")
        }

        // When
        owner = nil
        sut.publish(Ping())

        // Then
        #expect(log.all.isEmpty)
        #expect(token.isFinished)
    }

    @Test func anEventWaitingForAQueuedMainActorSubscriberDoesNotHoldBackAnImmediateOne() async {
        // Given: the two kinds keep separate queues.
        let sut = EventBus()
        let log = Log()
        let queued = Owner("queued", log: log)
        sut.subscribe(owner: queued, on: .mainActor) { (owner, event: Ping) in
            owner.log.append("queued \(event.number)")
        }
        let immediate = Owner("immediate", log: log)
        sut.subscribe(owner: immediate, on: .mainActorImmediate) { (owner, event: Ping) in
            owner.log.append("immediate \(event.number)")
        }

        // When
        sut.publish(Ping(number: 1))

        // Then
        #expect(log.all == ["immediate 1"])
        await sut.settle(timeout: .seconds(60))
        #expect(log.all == ["immediate 1", "queued 1"])
        withExtendedLifetime((queued, immediate)) {}
    }

    @Test func aProtocolSubscriptionOnTheImmediateExecutorRunsInline() {
        // Given
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner, conformingTo: (any Numbered).self, on: .mainActorImmediate) {
            owner, event in
            owner.log.append("numbered \(event.number)")
        }

        // When
        sut.publish(NumberedPing(number: 4))

        // Then
        #expect(owner.log.all == ["numbered 4"])
    }

    @Test func theImmediateExecutorIsNamedForTapsAndKeepsItsOwnQueue() {
        #expect(MainActorExecutor.mainActorImmediate.label == "main-actor-immediate")
        #expect(MainActorExecutor.mainActor.label == "main-actor")
        #expect(
            LaneIdentity(MainActorExecutor.mainActorImmediate) != LaneIdentity(MainActorExecutor.mainActor))
    }
}

private protocol Numbered: Sendable {
    var number: Int { get }
}

private struct NumberedPing: EventBusEvent, Numbered {
    var number: Int
}

/// Runs `body` on a thread of its own and blocks the caller until it returns, so that the main
/// actor runs nothing in between (awaiting would let it run queued jobs).
private func onAnotherThreadUntilItReturns(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.start()
    done.wait()
}
