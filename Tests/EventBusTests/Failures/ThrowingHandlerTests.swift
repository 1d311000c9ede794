import Dispatch
import EventBus
import EventBusTesting
import Testing

@Suite("Throwing handlers")
struct ThrowingHandlerTests {
    struct UnknownUser: Error, Equatable {
        let id: Int
    }

    @Test func aThrowDoesNotStopTheOtherSubscriptionsNorEndItsOwn() {
        // Given a throwing subscription between two plain ones
        let sut = EventBus()
        let owner = Owner()
        let failures = LockBox<[SubscriberFailure]>([])
        sut.setFailureHandler { failure in failures.mutate { $0.append(failure) } }
        sut.subscribe(owner: owner, priority: 1) { (owner, _: Ping) in owner.log.append("first") }
        let throwing = sut.subscribe(owner: owner) { (owner: Owner, event: Ping) throws in
            owner.log.append("throws \(event.number)")
            throw UnknownUser(id: event.number)
        }
        sut.subscribe(owner: owner, priority: -1) { (owner, _: Ping) in owner.log.append("last") }

        // When two events are published
        sut.publish(Ping(number: 1))
        sut.publish(Ping(number: 2))

        // Then everyone ran both times and both errors were reported once each
        #expect(owner.log.all == ["first", "throws 1", "last", "first", "throws 2", "last"])
        #expect(!throwing.isFinished)
        #expect(failures.value.map { $0.error as? UnknownUser } == [UnknownUser(id: 1), UnknownUser(id: 2)])
        #expect(failures.value.map { ($0.event as? Ping)?.number } == [1, 2])
        #expect(failures.value.first?.subscription.subscriberName == "Owner")
        #expect(failures.value.first?.eventTypeName == "Ping")
    }

    @Test func ownerlessAndExecutorHandlersReportTheirErrorsToo() {
        let sut = EventBus()
        let owner = Owner()
        let executor = ManualExecutor(label: "worker")
        let failures = LockBox<[String]>([])
        sut.setFailureHandler { failure in
            failures.mutate {
                $0.append("\(failure.subscription.delivery) on \(failure.subscription.executorLabel)")
            }
        }
        let ownerless = sut.subscribe(for: Ping.self) { (_: Ping) throws in throw UnknownUser(id: 0) }
        sut.subscribe(owner: owner, on: executor) { (_: Owner, _: Ping) throws in throw UnknownUser(id: 1) }

        sut.publish(Ping())
        sut.publish(Ping())
        executor.drain()

        #expect(
            failures.value == [
                "synchronous on publisher", "synchronous on publisher", "executor on worker",
                "executor on worker",
            ])
        withExtendedLifetime(ownerless) {}
    }

    @Test func tapsGetEveryFailureWhateverHandlerIsSet() {
        let sut = EventBus()
        let owner = Owner()
        let order = LockBox<[String]>([])
        sut.setFailureHandler { _ in order.mutate { $0.append("handler") } }
        let tap = sut.observeAll { _ in
            order.mutate { $0.append("record") }
        } failures: { failure in
            order.mutate { $0.append("tap: \(failure.subscription.subscriberName)") }
        }
        sut.subscribe(owner: owner) { (_: Owner, _: Ping) throws in throw UnknownUser(id: 0) }

        sut.publish(Ping())

        #expect(order.value == ["handler", "tap: Owner", "record"])
        tap.cancel()
    }

    @Test func aNonThrowingClosureStillPicksThePlainSubscription() {
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner) { (owner, _: Ping) in owner.log.append("plain") }

        sut.publish(Ping())

        #expect(owner.log.all == ["plain"])
    }

    @Test func errorsThrownOnManyThreadsAreEachReportedExactlyOnce() async {
        // Given a handler that throws for every event and a failure handler counting per event
        let sut = EventBus()
        let owner = Owner()
        let seen = LockBox<[Int: Int]>([:])
        sut.setFailureHandler { failure in
            guard let number = (failure.event as? Ping)?.number else { return }
            seen.mutate { $0[number, default: 0] += 1 }
        }
        sut.subscribe(owner: owner) { (_: Owner, event: Ping) throws in throw UnknownUser(id: event.number) }

        // When four threads publish 250 distinct events each
        await onDedicatedThread {
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for index in 0..<250 { sut.publish(Ping(number: thread * 1_000 + index)) }
            }
        }

        // Then every event's error arrived exactly once
        #expect(seen.value.count == 1_000)
        #expect(seen.value.values.allSatisfy { $0 == 1 })
    }

    @Test func theDefaultReportsOncePerSubscriptionAndEventTypeWithoutCrashing() {
        // The default handler writes to standard error; what is observable here is that the
        // process survives and the taps still get every failure.
        let sut = EventBus()
        let owner = Owner()
        let tapped = LockBox(0)
        let tap = sut.observeAll { _ in
        } failures: { _ in
            tapped.mutate { $0 += 1 }
        }
        sut.subscribe(owner: owner) { (_: Owner, _: Ping) throws in throw UnknownUser(id: 0) }

        for _ in 0..<3 { sut.publish(Ping()) }

        #expect(tapped.value == 3)
        tap.cancel()
    }
}
