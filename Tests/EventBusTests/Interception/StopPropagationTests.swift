import Dispatch
import EventBusTesting
import Testing

@testable import EventBus

@Suite("Stop propagation")
struct StopPropagationTests {
    @Test func stopSkipsEverySubscriptionAfterTheInterceptor() {
        let sut = EventBus()
        let owner = Owner()
        let executor = ManualExecutor()
        sut.subscribe(owner: owner, priority: 10) { (owner, _: Ping) in owner.log.append("before") }
        sut.intercept(owner: owner, priority: 5) { (owner, _: Ping) in
            owner.log.append("veto")
            return .stop
        }
        sut.subscribe(owner: owner, priority: 5) { (owner, _: Ping) in
            owner.log.append("same priority, later")
        }
        sut.subscribe(owner: owner, on: executor) { (owner, _: Ping) in owner.log.append("executor") }

        sut.publish(Ping())
        executor.drain()

        #expect(owner.log.all == ["before", "veto"])
    }

    @Test func stopAffectsOnlyThePublishThatReturnedIt() {
        let sut = EventBus()
        let owner = Owner()
        sut.intercept(owner: owner, priority: 1) { (_, event: Ping) in event.number == 1 ? .stop : .proceed }
        sut.subscribe(owner: owner) { (owner, event: Ping) in owner.log.append("got \(event.number)") }

        sut.publish(Ping(number: 1))
        sut.publish(Ping(number: 2))

        #expect(owner.log.all == ["got 2"])
    }

    @Test func aNestedPublishIsNotStoppedByItsParentsInterceptor() {
        let sut = EventBus()
        let owner = Owner()
        // Weak: a handler holding its own bus strongly is a cycle (bus → list → handler → bus),
        // which `make asan` reports as a leak.
        sut.intercept(owner: owner, priority: 1) { [weak sut] (_, event: Ping) in
            if event.number == 0 { sut?.publish(Ping(number: 1)) }
            return event.number == 0 ? .stop : .proceed
        }
        sut.subscribe(owner: owner) { (owner, event: Ping) in owner.log.append("got \(event.number)") }

        sut.publish(Ping(number: 0))

        #expect(owner.log.all == ["got 1"])
    }

    @Test func tapsSeeWhoConsumedTheEvent() {
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner, priority: 2) { (_, _: Ping) in }
        sut.intercept(owner: owner, priority: 1) { (_, _: Ping) in .stop }
        sut.subscribe(owner: owner) { (_, _: Ping) in }
        let record = LockBox<PublishRecord?>(nil)
        let tap = sut.observeAll { record.value = $0 }

        sut.publish(Ping())

        #expect(
            record.value?.consumedBy
                == .init(
                    subscriberName: "Owner", executorLabel: "publisher", delivery: .interceptor, priority: 1))
        #expect(record.value?.recipients.count == 2)
        #expect(record.value?.recipients.count == 2)
        tap.cancel()
    }

    @Test func aPublishNobodyStoppedHasNoConsumer() {
        let sut = EventBus()
        let token = sut.intercept(for: Ping.self) { _ in .proceed }
        let record = LockBox<PublishRecord?>(nil)
        let tap = sut.observeAll { record.value = $0 }

        sut.publish(Ping())

        #expect(record.value?.consumedBy == nil)
        #expect(record.value?.recipients.count == 1)
        withExtendedLifetime((token, tap)) {}
    }

    @Test func stoppingOnOneThreadNeverStopsAnotherThreadsPublish() async {
        // Given an interceptor that stops odd events only, and a counter behind it
        let sut = EventBus()
        let passed = LockBox(0)
        let interceptor = sut.intercept(for: Ping.self, priority: 1) { $0.number % 2 == 1 ? .stop : .proceed }
        let counter = sut.subscribe(for: Ping.self) { _ in passed.mutate { $0 += 1 } }

        // When four threads publish odd and even events at the same time
        await onDedicatedThread {
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for index in 0..<500 { sut.publish(Ping(number: index * 4 + thread)) }
            }
        }

        // Then exactly the even ones got through
        #expect(passed.value == 1_000)
        withExtendedLifetime((interceptor, counter)) {}
    }
}
