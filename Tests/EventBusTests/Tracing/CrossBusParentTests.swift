import EventBus
import Testing

/// Parents are per bus: a publish names the publish whose handler made it, and a publish made by
/// a handler of another bus is top-level on its own bus, whether that other bus is traced or not.
@Suite("Parents across buses")
struct CrossBusParentTests {
    @Test(arguments: [false, true])
    func aPublishMadeByAnotherBussHandlerIsTopLevelWhetherThatBusIsTracedOrNot(otherBusTraced: Bool) {
        // Given bus A whose Ping handler publishes on bus B, whose handler publishes Pong on A
        let sut = EventBus()
        let other = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner) { (_, _: Ping) in other.publish(Ping()) }
        other.subscribe(owner: owner) { [unowned sut] (_, _: Ping) in sut.publish(Pong()) }
        let records = LockBox<[PublishRecord]>([])
        let tap = sut.observeAll { record in records.mutate { $0.append(record) } }
        let otherTap = otherBusTraced ? other.observeAll { _ in } : nil

        // When A publishes its Ping
        sut.publish(Ping())

        // Then A's tap hears the Pong as a top-level publish
        let pong = records.value.first { $0.event is Pong }
        #expect(pong != nil)
        #expect(pong?.parentSequenceNumber == nil)
        tap.cancel()
        otherTap?.cancel()
    }

    @Test func aPublishMadeByAnotherBussHandlerOnItsOwnBusStillNamesItsParent() {
        // Given bus A whose Ping handler publishes on untraced bus B, then publishes Pong on A
        let sut = EventBus()
        let other = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner) { [unowned sut] (_, _: Ping) in
            other.publish(Pong())
            sut.publish(Pong())
        }
        other.subscribe(owner: owner) { (_, _: Pong) in }
        let records = LockBox<[PublishRecord]>([])
        let tap = sut.observeAll { record in records.mutate { $0.append(record) } }

        // When A publishes its Ping
        sut.publish(Ping())

        // Then the Pong A's handler made after B's publish returned names the Ping
        let ping = records.value.first { $0.event is Ping }
        let pong = records.value.first { $0.event is Pong }
        #expect(pong?.parentSequenceNumber == ping?.sequenceNumber)
        tap.cancel()
    }
}
