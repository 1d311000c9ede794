import EventBus
import EventBusTracing
import EventDemo
import Foundation
import TerminalUI
import Testing

/// The demo's own flow map in docs/, drawn from a scripted session through every service: log
/// in, fill the cart, a vetoed and a placed checkout, clear, log out. `make docs` renders the
/// DOT file to SVG with Graphviz.
///
/// The map carries no counts (the ticker's publishes depend on timing) and no line numbers, so
/// it changes only when a publisher, an event type or a subscription appears or goes: then
/// this test fails; run it with `RECORD_GOLDEN=1` to rewrite the files and look at the diff.
@Suite("Demo flow map")
struct FlowMapDocTests {
    private static let docs = URL(filePath: "\(#filePath)").deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: "docs")

    @Test func theDemosFlowMapInDocsMatchesAScriptedSession() throws {
        // Given a recorder on the bus of a session through every service
        let services = Fixtures.services()
        let sut = FlowRecorder(bus: services.bus)
        let keys = "l a a a a a a c x a c t l l x".split(separator: " ").compactMap {
            Key(scriptWord: String($0))
        }

        // When the session runs
        _ = HeadlessRun.run(keys: keys, size: Size(width: 100, height: 30), services: services)
        sut.cancel()

        // Then the map in docs/ is the one it draws
        let map = sut.map
        Self.expectFile("flow-map.dot", holds: map.dot(callSites: .function, counts: false))
        Self.expectFile("flow-map.md", holds: Self.page(for: map))
        #expect(map.eventTypes[EventType(CheckoutVetoedEvent.self)] != nil)
    }

    private static func page(for map: FlowMap) -> String {
        """
        # The demo's event flow

        Who publishes what to whom in `eventdemo`, drawn by `FlowMapDocTests` from a scripted session
        (log in, fill the cart, a vetoed and a placed checkout, clear, log out) with `FlowRecorder`:
        call sites (file and function) → event types → subscriptions (owner type, delivery kind,
        executor, priority). `make docs` renders [flow-map.dot](flow-map.dot) to
        [flow-map.svg](flow-map.svg) with Graphviz.

        ![The demo's flow map](flow-map.svg)

        ```
        \(map.text(callSites: .function, counts: false))```

        """
    }

    private static func expectFile(
        _ name: String, holds expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let file = docs.appending(path: name)
        let record = ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1"
        guard !record, let actual = try? String(contentsOf: file, encoding: .utf8) else {
            try? expected.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("wrote docs/\(name); check it and run again", sourceLocation: sourceLocation)
            return
        }
        #expect(
            actual == expected, "docs/\(name) differs from the session's map", sourceLocation: sourceLocation)
    }
}
