import EventBus
import EventBusTracing
import Testing

/// Two scopes with an event type of the same name, as two modules would have.
enum Shop {
    struct Clash: EventBusEvent {}
}
enum Billing {
    struct Clash: EventBusEvent {}
}
private final class Listener: Sendable {}

@Suite("Flow map: event types by identity")
struct FlowMapTypeIdentityTests {
    private func recordTwoClashes() -> FlowMap {
        let bus = EventBus()
        let listener = Listener()
        let sut = FlowRecorder(bus: bus)
        bus.subscribe(owner: listener) { (_, _: Shop.Clash) in }
        bus.publish(Shop.Clash())
        bus.publish(Billing.Clash())
        bus.publish(Billing.Clash())
        withExtendedLifetime(listener) {}
        sut.cancel()
        return sut.map
    }

    @Test func twoTypesOfOneNameAreTwoRowsWithTheirOwnCounts() {
        // Given two types named Clash, from two scopes, published on one bus
        // When a recorder maps the traffic
        let sut = recordTwoClashes()

        // Then each is a row of its own: one published once and heard, one published twice, unheard
        let rows = sut.sortedEventTypes
        #expect(rows.count == 2)
        #expect(rows.map(\.publishCount).sorted() == [1, 2])
        #expect(rows.map(\.deadCount).sorted() == [0, 2])
    }

    @Test func everyRenderingLabelsClashingTypesByTheirQualifiedNames() {
        // Given two types named Clash
        let sut = recordTwoClashes()
        let shop = String(reflecting: Shop.Clash.self)
        let billing = String(reflecting: Billing.Clash.self)

        // When the map is rendered
        let text = sut.text()
        let renderings = [text, sut.mermaid(), sut.dot()]

        // Then each rendering names both, by their module-qualified names
        for rendering in renderings {
            #expect(rendering.contains(shop), "\(rendering)")
            #expect(rendering.contains(billing), "\(rendering)")
        }
        #expect(text.contains("\(shop)  1 published"))
        #expect(text.contains("\(billing)  2 published, 2 reached nobody"))
    }

    @Test func aTypeWhoseNameNoOtherSharesKeepsItsShortName() {
        // Given one type named Clash and one named Ping
        let bus = EventBus()
        let sut = FlowRecorder(bus: bus)
        bus.publish(Shop.Clash())
        bus.publish(Ping())
        sut.cancel()

        // When the map is rendered as text
        let text = sut.map.text(counts: false)

        // Then both show their short names
        #expect(text.hasPrefix("Clash\n"))
        #expect(text.contains("\nPing\n"))
    }
}
