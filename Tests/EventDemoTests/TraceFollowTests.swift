import EventBus
import EventBusTracing
import EventDemo
import Foundation
import TerminalUI
import Testing

/// `--follow FILE` shows a trace while its app writes it: what the file gains is shown at the
/// next read, however fast it grows, with bounded memory, and a file that is replaced,
/// truncated or holds a bad line is said so and read on.
@Suite("Following a trace as it is written", .timeLimit(.minutes(3)))
struct TraceFollowTests {
    /// The lines of a finished trace of `count` publishes of the foreign app (the first is the
    /// header), for a test to append as a writer would.
    private static func lines(publishes count: Int) throws -> [String] {
        let path = try ForeignApp.trace(named: "source.jsonl") { app, writer in
            for index in 0..<count {
                app.setTemperature(Double(index % 30), in: "room \(index)")
                if index % 500 == 499 { ForeignApp.waitUntilWritten(index + 1, by: writer) }
            }
        }
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    private static func emptyFile() -> String {
        let path = FileManager.default.temporaryDirectory.appending(path: "\(UUID())-followed.jsonl").path
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return path
    }

    private static func append(_ lines: some Sequence<String>, to path: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(lines.map { $0 + "\n" }.joined().utf8))
        try handle.close()
    }

    @MainLoop private static func app(following path: String, executor: MainLoopExecutor) throws -> DemoApp {
        let app = DemoApp(
            services: Fixtures.services(), bus: EventBus(), executor: executor,
            size: Size(width: 100, height: 30),
            timeFormat: Fixtures.utc, now: Fixtures.now)
        app.follow(try TraceTail(path: path), name: "followed.jsonl")
        return app
    }

    @Test func showsWhatTheFileGainsAndKeepsOnlyTheNewestRows() throws {
        let lines = try Self.lines(publishes: 3000)
        let path = Self.emptyFile()
        let executor = MainLoopExecutor()
        try onLoop(executor) {
            // Given an app following a file its writer has only started
            let sut = try Self.app(following: path, executor: executor)
            try Self.append(lines.prefix(1), to: path)
            var mostPending = 0
            var mostRows = 0

            // When the writer appends its publishes in bursts, and the app reads after each
            for burst in stride(from: 1, to: lines.count, by: 250) {
                try Self.append(lines[burst..<min(burst + 250, lines.count)], to: path)
                sut.follower?.readAll()
                executor.drain()
                mostPending = max(mostPending, sut.follower?.tail.pendingBytes ?? 0)
                mostRows = max(mostRows, sut.eventLog.entries.count)
            }
            sut.follower?.readAll()
            executor.drain()

            // Then every publish was read and shown, and what is kept stays bounded: the log's
            // newest rows, no line held back
            #expect(sut.follower?.readCount == 3000)
            #expect(sut.eventLog.totalCount == 3000)
            #expect(mostRows == sut.eventLog.capacity)
            #expect(sut.busPane.state.recent.count <= BusPane.keptRecent)
            #expect(mostPending == 0)
            #expect(sut.render().text.contains("▶ follow 3000"))
        }
    }

    @Test func oneReadTakesABoundedChunkSoAHugeBacklogIsReadInSteps() throws {
        // Given a file that already holds far more than one read takes
        let lines = try Self.lines(publishes: 4000)
        let path = Self.emptyFile()
        try Self.append(lines, to: path)
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        let sut = try TraceTail(path: path)

        // When it is read until nothing is left
        var reads = 0
        var entries = 0
        while true {
            let update = try sut.read()
            reads += 1
            entries += update.entries.count
            if !update.hasMore { break }
        }

        // Then the reads took at most a chunk each (one more read than whole chunks) and lost nothing
        let chunk = TraceTail.chunkBytes
        #expect(reads == (size - lines[0].utf8.count - 1 + chunk - 1) / chunk)
        #expect(reads > 1)
        #expect(entries == 4000)
    }

    @Test func readsAReplacedOrTruncatedFileFromItsStartAndSaysSo() throws {
        let lines = try Self.lines(publishes: 20)
        let path = Self.emptyFile()
        try Self.append(lines.prefix(11), to: path)
        let sut = try TraceTail(path: path)
        #expect(try sut.read().entries.count == 10)

        // When the file is truncated and written again
        try Data().write(to: URL(filePath: path))
        try Self.append(lines.prefix(4), to: path)
        let truncated = try sut.read()

        // Then it is read from its start, and the read says why
        #expect(truncated.entries.count == 3)
        #expect(truncated.notices.contains { $0.contains("truncated") }, "\(truncated.notices)")

        // When another file is moved in its place
        let other = Self.emptyFile()
        try Self.append(lines.prefix(6), to: other)
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: other, toPath: path)
        let replaced = try sut.read()

        // Then the new file is read from its start
        #expect(replaced.entries.count == 5)
        #expect(replaced.notices.contains { $0.contains("replaced") }, "\(replaced.notices)")
    }

    @Test func skipsALineThatIsNotATraceLineAndCountsIt() throws {
        let lines = try Self.lines(publishes: 3)
        let path = Self.emptyFile()
        try Self.append(
            [lines[0], lines[1], #"{"seq":"not a number"}"#, "garbage", lines[2], lines[3]], to: path)
        let sut = try TraceTail(path: path)

        let update = try sut.read()

        #expect(update.entries.map(\.sequenceNumber).count == 3)
        #expect(sut.skippedLines == 2)
    }

    @Test func refusesAFileThatIsNotATrace() throws {
        let path = Self.emptyFile()
        try Self.append([#"{"hello":1}"#], to: path)

        #expect(throws: TraceError.self) { try TraceTail(path: path) }
        #expect(throws: TraceError(path: "/no/such/trace.jsonl", "no such file")) {
            try TraceTail(path: "/no/such/trace.jsonl")
        }
    }

    @Test(arguments: [Size(width: 80, height: 24), Size(width: 200, height: 60)])
    func theFollowedScreenSaysWhatItFollows(size: Size) throws {
        // Given the heating app's trace, followed
        let path = try ForeignTraceTests.heatingTrace()
        let screen = HeadlessRun.run(
            keys: [], size: size, services: Fixtures.services(),
            follow: (path, "heating.jsonl"), timeFormat: Fixtures.utc
        ).text

        #expect(screen.contains("▶ follow 4"), "\(screen)")
        assertGolden(screen, named: "follow-\(size)")
    }

    @Test func aTruncatedFileStartsTheLogAndTheMapAgain() throws {
        let lines = try Self.lines(publishes: 30)
        let path = Self.emptyFile()
        try Self.append(lines.prefix(21), to: path)
        let executor = MainLoopExecutor()
        try onLoop(executor) {
            // Given an app that has shown 20 publishes of a followed file
            let sut = try Self.app(following: path, executor: executor)
            sut.follower?.readAll()
            executor.drain()
            #expect(sut.eventLog.entries.count == 20)

            // When the file is truncated and its app writes a new trace of 3
            try Data().write(to: URL(filePath: path))
            try Self.append(lines.prefix(4), to: path)
            sut.follower?.readAll()
            executor.drain()

            // Then the log and the Bus view show the new trace only (its sequence numbers
            // start again, so they would sort under the old ones)
            #expect(sut.eventLog.entries.map(\.sequenceNumber) == [3, 2, 1])
            #expect(sut.busPane.state.replay?.replayed == 3)
        }
    }

    @Test func waitsLongerBetweenReadsWhileTheFileHasNothingNew() throws {
        // Given a follower of a file that does not grow
        let lines = try Self.lines(publishes: 2)
        let path = Self.emptyFile()
        try Self.append(lines, to: path)
        try onLoop {
            let sut = TraceFollower(tail: try TraceTail(path: path), name: "f", bus: EventBus())
            var now = ContinuousClock.now

            // When it reads at each deadline
            var waits: [Duration] = []
            for _ in 0..<6 {
                sut.readDue(at: now)
                let due = try #require(sut.nextDeadline)
                waits.append(due - now)
                now = due
            }

            // Then the waits double up to a second: an idle follower wakes once a second
            let expected: [Duration] = [
                .milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .seconds(1),
                .seconds(1),
            ]
            #expect(waits == expected)

            // When the file grows, the next wait is short again
            try Self.append(lines.suffix(1), to: path)
            sut.readDue(at: now)
            #expect(try #require(sut.nextDeadline) - now == .milliseconds(100))
        }
    }

    @Test func saysWhenItsWriterDroppedPublishes() throws {
        // Given a trace whose writer fell behind and says so in its last line
        let lines = try Self.lines(publishes: 3)
        let path = Self.emptyFile()
        try Self.append(lines + [#"{"dropped":12}"#], to: path)
        let executor = MainLoopExecutor()
        try onLoop(executor) {
            // When it is followed
            let sut = try Self.app(following: path, executor: executor)
            sut.advance(to: .now)
            executor.drain()

            // Then the title bar counts what the writer dropped, and the status line says so
            #expect(sut.follower?.droppedByWriter == 12)
            let screen = sut.render().text
            #expect(screen.contains("▶ follow 3 · 12 dropped"), "\(screen)")
            #expect(screen.contains("dropped 12 publishes"), "\(screen)")
        }
    }
}
