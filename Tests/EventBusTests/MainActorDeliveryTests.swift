import EventBus
import Testing

@MainActor
final class MainActorOwner {
    private(set) var received: [Int] = []

    func receive(_ number: Int) {
        MainActor.assertIsolated()
        received.append(number)
    }
}

@Suite("Main-actor delivery", .timeLimit(.minutes(1)))
@MainActor
struct MainActorDeliveryTests {
    @Test func deliversOnTheMainActorInPublishOrder() async {
        let sut = EventBus()
        let owner = MainActorOwner()
        sut.subscribeOnMain(owner: owner) { (owner, event: Ping) in owner.receive(event.number) }

        await Task.detached {
            for number in 0..<200 { sut.publish(Ping(number: number)) }
        }.value

        await waitUntil { owner.received.count == 200 }
        #expect(owner.received == Array(0..<200))
    }

    @Test func deliversLaterEvenWhenPublishedOnTheMainActor() async {
        let sut = EventBus()
        let owner = MainActorOwner()
        sut.subscribeOnMain(owner: owner) { (owner, event: Ping) in owner.receive(event.number) }

        sut.publish(Ping(number: 1))
        #expect(owner.received.isEmpty)

        await waitUntil { owner.received == [1] }
    }

    @Test func cancelBeforeTheMainActorRunsTheJobDropsTheEvent() async {
        let sut = EventBus()
        let owner = MainActorOwner()
        let token = sut.subscribeOnMain(owner: owner) { (owner, event: Ping) in owner.receive(event.number) }
        let witness = MainActorOwner()
        sut.subscribeOnMain(owner: witness) { (owner, event: Ping) in owner.receive(event.number) }

        sut.publish(Ping(number: 1))
        token.cancel()

        // The witness's job was queued at the same time; once it ran, the other one had its turn.
        await waitUntil { witness.received == [1] }
        for _ in 0..<10 { await Task.yield() }
        #expect(owner.received.isEmpty)
    }

    @Test func ownerReleasedBeforeDeliveryGetsNothing() async {
        let sut = EventBus()
        var owner: MainActorOwner? = MainActorOwner()
        weak let weakOwner = owner
        sut.subscribeOnMain(owner: owner!) { (owner, event: Ping) in owner.receive(event.number) }
        let witness = MainActorOwner()
        sut.subscribeOnMain(owner: witness) { (owner, event: Ping) in owner.receive(event.number) }

        sut.publish(Ping(number: 1))
        owner = nil

        await waitUntil { witness.received == [1] }
        #expect(weakOwner == nil)
    }
}
