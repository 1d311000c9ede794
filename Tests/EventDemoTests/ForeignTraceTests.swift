import EventBus
import EventBusTracing
import EventDemo
import Foundation
import TerminalUI
import Testing

/// `--replay` opens a trace any app's `TraceWriter` wrote, with event types the demo has never
/// seen: the log (search, detail), the Bus view's map and the Flow view show what it holds.
@Suite("Another app's trace, replayed", .timeLimit(.minutes(3)))
struct ForeignTraceTests {
    /// A trace of the foreign app, its start and times made fixed so that screens are golden.
    static func heatingTrace() throws -> String {
        let path = try ForeignApp.trace(named: "heating.jsonl") { app, _ in
            app.setTemperature(21.5)
            app.setTemperature(31, in: "attic")
            app.failBoiler(code: 7)
            app.openWindow(in: "hall")
        }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let fixed = lines.enumerated().map { index, line in
            index == 0
                ? ForeignApp.replacing("start", in: String(line), with: #""2026-03-14T09:26:53.500Z""#)
                : ForeignApp.replacing("time", in: String(line), with: "\(Double(index) * 0.25)")
        }
        try (fixed.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private static func screen(_ keys: [Key], size: Size) throws -> String {
        let recording = try Recording(contentsOf: heatingTrace())
        return HeadlessRun.run(
            keys: keys, size: size, services: Fixtures.services(),
            replay: (recording, "heating.jsonl", .paced),
            timeFormat: Fixtures.utc
        ).text
    }

    @Test func opensATraceOfEventTypesItHasNeverSeen() throws {
        // Given a trace another app wrote with the library's TraceWriter
        let sut = try Recording(contentsOf: Self.heatingTrace())

        // Then every publish is kept as the trace holds it, the one nobody heard marked dead
        #expect(sut.isForeign)
        let types = sut.events.map { $0.entry.eventTypeName }
        #expect(types == ["ThermostatDidChange", "ThermostatDidChange", "BoilerFailed", "WindowOpened"])
        #expect(sut.events.allSatisfy { $0.event is TracedEvent })
        #expect((sut.events.last?.event as? TracedEvent)?.isDead == true)
    }

    @Test func theLogShowsItsTypesPayloadsAndTheHandlerThatThrew() throws {
        // When the trace is replayed to its end
        let screen = try Self.screen([], size: Size(width: 100, height: 30))

        // Then the log names the types, who published them (the call site's file) and their fields,
        // and the recorded failure under its publish
        #expect(screen.contains("ThermostatDidChange"), "\(screen)")
        #expect(screen.contains("room: \"attic\""), "\(screen)")
        #expect(screen.contains("✗ HeatingController threw: Overheated(limit: 30)"), "\(screen)")
        #expect(!screen.contains("TracedEvent"), "\(screen)")
        assertGolden(screen, named: "foreign-trace-shop-100x30")
    }

    @Test func searchAndDetailWorkOnItsEvents() throws {
        // When the log is searched for a payload and the match opened
        let keys: [Key] = [.character("/")] + "attic".map { .character($0) } + [.enter, .down, .enter]
        let screen = try Self.screen(keys, size: Size(width: 100, height: 30))

        // Then the detail shows the publish's payload JSON and whom it reached
        #expect(screen.contains("\"room\": \"attic\"") || screen.contains("\"room\":\"attic\""), "\(screen)")
        #expect(screen.contains("HeatingController"), "\(screen)")
        assertGolden(screen, named: "foreign-trace-detail-100x30")
    }

    @Test(arguments: [Size(width: 80, height: 24), Size(width: 200, height: 60)])
    func theBusViewMapsItsSubscriptionsAndCallSites(size: Size) throws {
        // When the Bus view is shown
        let screen = try Self.screen([.character("3")], size: size)

        // Then the map lists the app's subscribers by type, its call sites and the dead event
        #expect(screen.contains("HeatingController"), "\(screen)")
        #expect(screen.contains("ForeignApp.swift:"), "\(screen)")
        #expect(screen.contains("WindowOpened"), "\(screen)")
        assertGolden(screen, named: "foreign-trace-bus-\(size)")
    }

    @Test(arguments: [Size(width: 80, height: 24), Size(width: 200, height: 60)])
    func theFlowViewShowsItsTiming(size: Size) throws {
        let screen = try Self.screen([.character("2")], size: size)

        #expect(screen.contains("BoilerFailed"), "\(screen)")
        assertGolden(screen, named: "foreign-trace-flow-\(size)")
    }
}
