import EventBus
import Testing

private final class Listener: Sendable {}

@Suite("One count, one name: the deprecated spellings")
struct CountNamesDeprecatedTests {
    @Test func theOldCountNamesReadTheSameValuesAsTheNewOnes() throws {
        // Given a subscription that received two events, and a tap that saw the second publish
        let sut = EventBus()
        let listener = Listener()
        sut.subscribe(owner: listener) { (_, _: Ping) in }
        sut.subscribe(owner: listener, priority: 1) { (_, _: Ping) in }
        sut.publish(Ping())
        let records = LockBox<[PublishRecord]>([])
        let tap = sut.observeAll { record in records.mutate { $0.append(record) } }
        sut.publish(Ping())
        tap.cancel()

        // When the old names are read
        let info = try #require(sut.subscriptionSnapshot()[EventType(Ping.self)]?.first)
        let record = try #require(records.value.first)
        let old: any OldCountNames = DeprecatedCountNames()

        // Then they read what the new ones do
        #expect(old.eventsReceived(of: info) == info.deliveredEventCount)
        #expect(info.deliveredEventCount == 2)
        #expect(old.reachedCount(of: record) == record.recipients.count)
        #expect(record.recipients.count == 2)
        withExtendedLifetime(listener) {}
    }

    @Test func theOldInitializersFillTheRenamedCount() {
        // Given the old initializers' label
        let old: any OldCountNames = DeprecatedCountNames()

        // When descriptions are made with it
        let (withDrops, withoutDrops) = old.infos(eventsReceived: 7)

        // Then the count lands in the new property, and the dropped count where it was given
        #expect(withDrops.deliveredEventCount == 7 && withDrops.droppedEventCount == 3)
        #expect(withoutDrops.deliveredEventCount == 7 && withoutDrops.droppedEventCount == 0)
    }
}

/// Calls the deprecated spellings through a protocol, so this file compiles without
/// deprecation warnings (warnings are errors here) and still proves they work.
private protocol OldCountNames {
    func eventsReceived(of info: SubscriptionInfo) -> Int
    func reachedCount(of record: PublishRecord) -> Int
    func infos(eventsReceived: Int) -> (SubscriptionInfo, SubscriptionInfo)
}

private struct DeprecatedCountNames: OldCountNames {
    @available(*, deprecated, message: "calls the deprecated spellings on purpose")
    func eventsReceived(of info: SubscriptionInfo) -> Int { info.eventsReceived }

    @available(*, deprecated, message: "calls the deprecated spellings on purpose")
    func reachedCount(of record: PublishRecord) -> Int { record.reachedCount }

    @available(*, deprecated, message: "calls the deprecated spellings on purpose")
    func infos(eventsReceived: Int) -> (SubscriptionInfo, SubscriptionInfo) {
        (
            SubscriptionInfo(
                eventTypeName: "Ping", subscriberName: "Listener", isOwnerBound: true, delivery: .synchronous,
                executorLabel: "publisher", priority: 0, eventsReceived: eventsReceived, droppedEventCount: 3),
            SubscriptionInfo(
                eventTypeName: "Ping", subscriberName: "Listener", isOwnerBound: true, delivery: .synchronous,
                executorLabel: "publisher", priority: 0, eventsReceived: eventsReceived)
        )
    }
}
