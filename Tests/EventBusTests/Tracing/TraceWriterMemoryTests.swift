import EventBus
import Foundation
import Testing

@testable import EventBusTracing

private func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appending(path: "eventbus-\(UUID().uuidString)-\(name)").path
}

private struct Tick: EventBusEvent, Codable {
    var number: Int
    var symbol = "ACME"
}

/// A trace writer's memory is bounded whatever the publish rate, asserted by counts.
@Suite("Trace writer memory")
struct TraceWriterMemoryTests {
    @Test func aMillionPublishesNeverQueueMoreThanTheBacklogsBound() throws {
        // Given a writer with a 1 MB cap, tracing a bus
        let path = temporaryPath("million.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bus = EventBus()
        let sut = try TraceWriter(path: path, maximumBytes: 1 << 20)
        let tap = sut.attach(to: bus)

        // When a million events are published as fast as a thread can
        for number in 0..<1_000_000 { bus.publish(Tick(number: number)) }
        let status = sut.close()
        tap.cancel()

        // Then the backlog never held more than its bound, in lines or payload bytes
        let backlog = sut.state.withLock(\.backlog)
        #expect(backlog.mostUsed <= TraceBacklog.lineLimit)
        #expect(backlog.mostBytes <= TraceBacklog.byteLimit)
        // and once the file was full nothing more was encoded: every publish let through to
        // encode was written, dropped by the cap, or within one backlog of it
        guard case .full(let lines) = status else {
            Issue.record("expected a full trace, got \(status)")
            return
        }
        #expect(backlog.reservations <= lines + sut.dropped + 2 * TraceBacklog.lineLimit)
        #expect(backlog.reservations < 100_000)
        #expect(sut.file.withLock(\.encodedLines) <= lines + 1)
    }

    @Test func aWriterThatFallsBehindDropsAndCountsInStatusAndLastLine() throws {
        // Given a writer whose queue is held up (the disk is slow)
        let path = temporaryPath("behind.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bus = EventBus()
        let sut = try TraceWriter(path: path)
        let tap = sut.attach(to: bus)
        let release = DispatchSemaphore(value: 0)
        sut.queue.async { release.wait() }

        // When more events are published than the backlog holds
        let published = TraceBacklog.lineLimit + 500
        for number in 0..<published { bus.publish(Tick(number: number)) }

        // Then the rest are dropped at once, counted, never queued (publishers did not wait)
        #expect(sut.dropped == 500)
        #expect(sut.state.withLock(\.backlog.mostUsed) == TraceBacklog.lineLimit)
        release.signal()
        let status = sut.close()
        tap.cancel()
        #expect(status == .writing(lines: TraceBacklog.lineLimit))
        // and the file's last line says how many, which Trace reads
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix("\n{\"dropped\":500}\n"))
        let trace = try Trace(contentsOf: path)
        #expect(trace.dropped == 500)
        #expect(trace.entries.count == TraceBacklog.lineLimit)
    }

    @Test func afterTheCapNothingIsEncodedAndCloseHasNothingToDo() throws {
        // Given a writer whose small cap fills after a few lines
        let path = temporaryPath("capped.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bus = EventBus()
        let sut = try TraceWriter(path: path, maximumBytes: 2_000)
        let tap = sut.attach(to: bus)
        for number in 0..<20 { bus.publish(Tick(number: number)) }
        sut.queue.sync {}
        let reservations = sut.state.withLock(\.backlog.reservations)
        let encoded = sut.file.withLock(\.encodedLines)
        guard case .full = sut.status else {
            Issue.record("expected a full trace, got \(sut.status)")
            return
        }

        // When a hundred thousand more are published and the writer closes
        for number in 0..<100_000 { bus.publish(Tick(number: number)) }
        let status = sut.close()
        tap.cancel()

        // Then none of them was encoded, queued or counted as dropped
        #expect(sut.state.withLock(\.backlog.reservations) == reservations)
        #expect(sut.file.withLock(\.encodedLines) == encoded)
        #expect(sut.dropped == 0)
        #expect(try Trace(contentsOf: path).entries.count == status.lines)
        #expect(try Data(contentsOf: URL(filePath: path)).count <= 2_000)
    }

    @Test func aDroppedCountOnAnyButTheLastLineIsRefused() {
        let text = TraceFormat.header + "\n{\"dropped\":3}\n" + TraceFormat.header + "\n"
        #expect(throws: TraceError.self) { try Trace(data: Data(text.utf8), path: "t.jsonl") }
    }

    @Test func aTraceWithoutADroppedLineDroppedNothing() throws {
        let trace = try Trace(data: Data((TraceFormat.header + "\n").utf8))
        #expect(trace.dropped == 0)
    }
}
