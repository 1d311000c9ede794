import EventBus
import EventBusTracing
import EventDemo
import Foundation
import TerminalUI
import Testing

@Suite("Replay fidelity", .timeLimit(.minutes(3)))
struct ReplayFidelityTests {
    /// Records `keys` played against the live services, and reads the file back.
    @MainLoop private func record(_ keys: [Key]) throws -> Recording {
        let path = FileManager.default.temporaryDirectory.appending(path: "fidelity-\(UUID()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let harness = LoopHarness()
        let writer = try TraceWriter(path: path)
        let token = writer.attach(to: harness.bus)
        for key in keys {
            harness.press(key)
            harness.settle()
        }
        token.cancel()
        writer.close()
        return try Recording(contentsOf: path)
    }

    @Test func aReplayShowsWhatWasRecordedAtTheRecordedTimesWithTheKeysThatWork() throws {
        // Issue 19, item 13: `l a a c` (12 events) replayed as "16 published" with dead events
        // the run did not have, replay times in the log, and keys offered that replay turns off.
        let recording = try onLoop {
            try record([.character("l"), .character("a"), .character("a"), .character("c")])
        }
        let start = try #require(recording.start)
        let screen = HeadlessRun.run(
            keys: [], size: Size(width: 120, height: 40), services: Fixtures.services(),
            replay: (recording, "run.jsonl", .paced), timeFormat: Fixtures.utc
        ).text

        #expect(screen.contains("Event log (\(recording.events.count) published)"))
        #expect(!screen.contains("DeadEvent"))
        let newest = try #require(recording.events.last)
        #expect(
            screen.contains(Fixtures.utc.preciseTime(start.addingTimeInterval(Self.seconds(newest.time)))))
        let helpBar = try #require(screen.split(separator: "\n").last)
        for publishing in ["Login", "Logout", "Add", "Remove", "Checkout", "Clear", "Ticker"] {
            #expect(!helpBar.contains(publishing), "\(helpBar)")
        }
        #expect(helpBar.contains("q Quit"))
    }

    @Test func replayedRowsShowTheRecordedRecipientsAndCallSitesNotTheReplayBuses() throws {
        // Issue 22: SUBS and RAN ON showed the replay bus's panes (a CartAction reached
        // "0 nobody", as the store stays with the idle services) instead of who got it live.
        let recording = try onLoop { try record([.character("l"), .character("a")]) }
        let executor = MainLoopExecutor()
        let entries = onLoop(executor) {
            let app = DemoApp(
                services: Fixtures.services(), bus: EventBus(), executor: executor,
                size: Size(width: 120, height: 40), timeFormat: Fixtures.utc)
            app.replay(recording, name: "run.jsonl", mode: .paced)
            app.replayer?.publishAll()
            let deadline = ContinuousClock.now + .seconds(60)
            while app.eventLog.totalCount < recording.events.count, ContinuousClock.now < deadline {
                executor.drain()
                executor.waitForWork(timeout: .milliseconds(50))
            }
            return app.eventLog.entries
        }

        #expect(entries.count == recording.events.count)
        for recorded in recording.events {
            let entry = entries.first { $0.sequenceNumber == recorded.sequenceNumber }
            #expect(entry?.typeName == recorded.entry.eventTypeName)
            #expect(entry?.recipients == recorded.entry.recipients)
            #expect(entry?.reachedCount == recorded.entry.reachedCount)
            #expect(entry?.cause == recorded.entry.parentSequenceNumber)
            #expect(entry?.callSite == "\(recorded.entry.callSiteDescription) \(recorded.entry.function)")
        }
        let action = try #require(entries.first { $0.typeName == "CartAction" })
        #expect(action.reachedCount == 1 && action.executorLabels == ["publisher"])
        #expect(action.callSite.hasPrefix("EventDemo/CartService.swift:"))
        let login = try #require(entries.first { $0.typeName == "UserDidLoginEvent" })
        #expect(login.recipients.map(\.subscriberName).contains("ProfileService"))
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
