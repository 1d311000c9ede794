import EventBus
import EventBusTesting
import EventBusTracing
import Foundation
import Testing

private struct Refused: Error {}

/// Subscribers and publishers of a small shop, so the map has a name on every node.
private final class CartModel: Sendable {}
private final class Audit: Sendable {}
private final class Logger: Sendable {}
private final class Badge: Sendable {}

private func addItems(_ count: Int, on bus: EventBus) {
    for number in 0..<count { bus.publish(Ping(number: number)) }
}

private func checkOut(on bus: EventBus) {
    bus.publish(Pong(number: 1))
    bus.publish(Pong(number: -1))  // the audit stops this one
}

private func saveBasket(on bus: EventBus) {
    bus.publishState(Basket(items: ["tea"]))
    bus.publishState(Basket(items: ["tea"]))  // equal: the badge's chain skips it
}

private func forget(on bus: EventBus) {
    bus.publish(PingLookalike())
}

@Suite("Flow map")
struct FlowMapTests {
    /// Every kind of edge: deliveries, an executor, priorities, a stop, a skip, drops, an
    /// error and a publish nobody heard.
    private func recordShop() -> FlowMap {
        let bus = EventBus()
        let cart = CartModel()
        let audit = Audit()
        let logger = Logger()
        let badge = Badge()
        let executor = ManualExecutor(label: "background")
        let sut = FlowRecorder(bus: bus)
        bus.subscribe(owner: cart) { (_, _: Ping) in }
        bus.subscribe(owner: logger, on: executor) { (_, _: Ping) in }
        let stream = bus.stream(for: Ping.self, buffering: .keepOldest(1))
        bus.intercept(owner: audit, priority: 10) { (_, pong: Pong) in pong.number < 0 ? .stop : .proceed }
        bus.subscribe(owner: cart) { (_, _: Pong) throws in throw Refused() }
        bus.states(for: Basket.self).select(\.itemCount).subscribe(owner: badge) { _, _ in }

        addItems(3, on: bus)
        checkOut(on: bus)
        saveBasket(on: bus)
        forget(on: bus)
        _ = executor.drain()
        withExtendedLifetime((cart, audit, logger, badge, stream)) {}
        sut.cancel()
        return sut.map
    }

    @Test func theShopsFlowMatchesTheGoldenTree() {
        assertGolden(recordShop().text(callSites: .function), named: "shop-flow.txt")
    }

    @Test func theShopsFlowMatchesTheGoldenMermaidAndDot() {
        let map = recordShop()
        assertGolden(map.mermaid(callSites: .function), named: "shop-flow.mmd")
        assertGolden(map.dot(callSites: .function), named: "shop-flow.dot")
    }

    @Test func countsEveryKindOfEdge() {
        let map = recordShop()

        let ping = map.eventTypes[EventType(Ping.self)]
        #expect(ping?.publishCount == 3)
        let stream = ping?.subscribers.first { $0.key.delivery == .stream }?.value
        #expect(stream == FlowMap.Counts(delivered: 1, dropped: 2))
        let pong = map.eventTypes[EventType(Pong.self)]?.sortedSubscribers
        #expect(pong?.first?.subscriber.name == "Audit")
        #expect(pong?.first?.counts == FlowMap.Counts(delivered: 2, stopped: 1))
        #expect(pong?.last?.counts == FlowMap.Counts(delivered: 1, errors: 1))
        let basket = map.eventTypes[EventType(Basket.self)]?.sortedSubscribers.first?.counts
        #expect(basket == FlowMap.Counts(delivered: 1, skipped: 1))
        #expect(map.eventTypes[EventType(PingLookalike.self)]?.deadCount == 1)
    }

    @Test func linesOfOneFunctionMergeAtFunctionDetailAndStaySeparateAtLineDetail() {
        let bus = EventBus()
        let sut = FlowRecorder(bus: bus)

        bus.publish(Ping())
        bus.publish(Ping())

        #expect(sut.map.text(callSites: .line).components(separatedBy: "from ").count == 3)
        #expect(sut.map.text(callSites: .function).components(separatedBy: "from ").count == 2)
    }

    @Test func aRecorderStopsWhenCancelledAndKeepsWhatItSaw() {
        let bus = EventBus()
        let sut = FlowRecorder(bus: bus)
        bus.publish(Ping())

        sut.cancel()
        bus.publish(Ping())

        #expect(sut.map.eventTypes[EventType(Ping.self)]?.publishCount == 1)
    }

    @Test func anEmptyMapRendersAnEmptyGraph() {
        let sut = FlowMap()

        #expect(sut.mermaid() == "flowchart LR\n")
        #expect(sut.dot().hasSuffix("}\n"))
        #expect(sut.text().isEmpty)
    }
}
