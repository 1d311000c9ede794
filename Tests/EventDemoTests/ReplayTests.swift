import EventBus
import EventBusTracing
import EventDemo
import Foundation
import TerminalUI
import Testing

@Suite("Recording and replay: playing back", .timeLimit(.minutes(3)))
struct ReplayTests {
    /// The sample recording committed with the docs (the e2e test replays it too).
    static let samplePath = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "../../docs/sample-recording.jsonl").standardized.path

    private static func recording(times: [Int]) throws -> Recording {
        let lines = times.enumerated().map { index, milliseconds in
            #"{"time":\#(Double(milliseconds) / 1000),"seq":\#(index + 1),"type":"LoginDidStartEvent","site":{"file":"EventDemo/AuthService.swift","line":57,"function":"login(username:)"},"reached":1,"recipients":[],"payload":{"session":1,"username":"u\#(index)"}}"#
        }
        return try Recording(
            data: Data(([TraceFormat.header] + lines).joined(separator: "\n").utf8), path: "t")
    }

    @Test func publishesEachEventWhenItIsDueAndSaysWhenTheNextOneIs() throws {
        try onLoop {
            // Given a paced replay of events at 0, 250 and 1000 ms
            let bus = EventBus()
            let received = LockedValue<[String]>([])
            let token = bus.subscribe(for: LoginDidStartEvent.self) { event in
                received.withLock { $0.append(event.username) }
            }
            let sut = Replayer(
                recording: try Self.recording(times: [0, 250, 1000]), name: "t", mode: .paced, bus: bus)
            let start = ContinuousClock.now

            // When the loop wakes at its start, just before the second event, and at each deadline
            let atStart = sut.publishDue(at: start)
            let firstDeadline = sut.nextDeadline
            let early = sut.publishDue(at: start + .milliseconds(249))
            let onTime = sut.publishDue(at: start + .milliseconds(250))
            let late = sut.publishDue(at: start + .seconds(5))

            // Then each event went out once, in order, and nothing is scheduled after the last
            #expect([atStart, early, onTime, late] as [Int] == [1, 0, 1, 1])
            #expect(firstDeadline == start + .milliseconds(250))
            #expect(sut.nextDeadline == nil)
            #expect(sut.isFinished)
            #expect(received.withLock { $0 } == ["u0", "u1", "u2"])
            _ = token
        }
    }

    @Test func stepModePublishesOneEventPerSpaceAndNothingOnItsOwn() throws {
        try onLoop {
            let harness = LoopHarness(size: Size(width: 100, height: 30))
            harness.sut.replay(
                try Recording(contentsOf: Self.samplePath), name: "sample.jsonl", mode: .stepped)

            harness.sut.advance(to: .now + .seconds(60))
            harness.drain()
            let untouched = harness.screen
            let deadline = harness.sut.nextDeadline()
            harness.press(.character(" "), .character(" "))
            harness.drain()

            #expect(deadline == nil)  // Step mode schedules nothing.
            #expect(untouched.contains("⏯ step 0/28"))
            #expect(untouched.contains("press space to publish the next event"))
            #expect(harness.screen.contains("⏯ step 2/28"))
            #expect(harness.screen.contains("UserDidLoginEvent"))
            #expect(harness.screen.contains("Signed in as Alice"))
        }
    }

    @Test func keysThatWouldPublishAreOffDuringAReplay() throws {
        try onLoop {
            let harness = LoopHarness(size: Size(width: 100, height: 30))
            harness.sut.replay(
                try Recording(contentsOf: Self.samplePath), name: "sample.jsonl", mode: .stepped)

            harness.press(.character("a"))
            harness.drain()

            #expect(harness.sut.cart.state.items.isEmpty)
            #expect(harness.screen.contains("Replaying sample.jsonl: keys that publish are off"))
        }
    }

    @Test func replayingTheSampleRecordingEndsOnItsFinalScreen() throws {
        let screen = HeadlessRun.run(
            keys: [], size: Size(width: 100, height: 30), services: Fixtures.services(),
            replay: (try Recording(contentsOf: Self.samplePath), "sample-recording.jsonl", .paced),
            timeFormat: Fixtures.utc)

        // The log shows the recorded times (the file's start plus each offset), so nothing is masked.
        assertGolden(screen.text, named: "replay-sample-final")
    }
}
