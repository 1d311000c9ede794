import Dispatch
import EventBusTesting
import Testing

@testable import EventBus

/// A protocol subscription comes in every delivery kind the exact-type ones have; each gets the
/// events that conform, in publish order.
@Suite("Protocol subscriptions: on an executor, on the main actor, throwing, async", .timeLimit(.minutes(3)))
struct ProtocolDeliveryKindTests {
    @Test func anExecutorProtocolSubscriptionQueuesEveryMatchAndRunsThemInOrder() {
        let sut = EventBus()
        let owner = Owner()
        let executor = ManualExecutor(label: "ui")
        sut.subscribe(owner: owner, conformingTo: (any ShopEvent).self, on: executor) { owner, event in
            owner.log.append(event.label)
        }
        let labels = LockBox<[String]>([])
        let tap = sut.observeAll { record in labels.mutate { $0.append(contentsOf: record.executorLabels) } }

        sut.publish(ItemAdded())
        sut.publish(Ping())
        sut.publish(ItemRemoved())
        #expect(owner.log.all.isEmpty)
        executor.drain()

        #expect(owner.log.all == ["added", "removed"])
        #expect(labels.value == ["ui", "ui"])
        tap.cancel()
    }

    @Test @MainActor func aMainActorProtocolSubscriptionRunsOnTheMainActor() async {
        let sut = EventBus()
        let owner = MainActorOwner()
        sut.subscribe(owner: owner, conformingTo: (any ShopEvent).self, on: .mainActor) { owner, event in
            owner.receive(event is ItemAdded ? 1 : 2)
        }

        await Task.detached {
            sut.publish(ItemAdded())
            sut.publish(ItemRemoved())
        }.value

        await sut.settle(timeout: .seconds(60))
        #expect(owner.received == [1, 2])
    }

    @Test func aThrowingProtocolSubscriptionReportsTheConcreteEventAndKeepsGoing() {
        struct Refused: Error {}
        let sut = EventBus()
        let owner = Owner()
        let failures = LockBox<[String]>([])
        sut.setFailureHandler { failure in failures.mutate { $0.append(failure.eventTypeName) } }
        sut.subscribe(owner: owner, conformingTo: (any ShopEvent).self) {
            (owner: Owner, event: any ShopEvent) throws in
            owner.log.append(event.label)
            throw Refused()
        }

        sut.publish(ItemAdded())
        sut.publish(ItemRemoved())
        sut.publish(ItemAdded())

        #expect(owner.log.all == ["added", "removed", "added"])
        #expect(failures.value == ["ItemAdded", "ItemRemoved", "ItemAdded"])
    }

    @Test func anAsyncProtocolSubscriptionHandlesMatchesOneAtATimeInOrder() async {
        let sut = EventBus()
        let owner = Owner()
        sut.subscribeAsync(owner: owner, conformingTo: (any ShopEvent).self) {
            (owner: Owner, event: any ShopEvent) async in
            owner.log.append("start \(event.label)")
            await Task.yield()
            owner.log.append("end \(event.label)")
        }

        sut.publish(ItemAdded())
        sut.publish(Ping())
        sut.publish(ItemRemoved())

        await sut.settle(timeout: .seconds(60))
        #expect(owner.log.count == 4)
        #expect(owner.log.all == ["start added", "end added", "start removed", "end removed"])
    }
}
