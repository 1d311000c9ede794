import EventBus
import Foundation
import Testing

@testable import EventBusTracing

private func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appending(path: "eventbus-\(UUID().uuidString)-\(name)").path
}

private struct Link: EventBusEvent, Codable {
    var url: String
}

/// Nests one object per level when encoded: `{"node":{"_0":{"node":…}}}`.
private indirect enum Nest: Codable, Sendable {
    case leaf
    case node(Nest)

    init(depth: Int) {
        self = (0..<depth).reduce(Nest.leaf) { inner, _ in .node(inner) }
    }
}

private struct Nested: EventBusEvent, Codable {
    var nest: Nest
}

/// A trace line with `payload` as given.
private func line(seq: Int, payload: String) -> String {
    #"{"seq":\#(seq),"time":0.5,"type":"T","site":{"file":"A/B.swift","line":1,"function":"f()"},"reached":0,"recipients":[],"payload":\#(payload)}"#
}

/// Runs `body` on a thread with a 512 KiB stack (the default for secondary threads and tasks on
/// Apple platforms) and returns what it returned; the test waits for it, with a generous limit.
private func onSmallStack<Result: Sendable>(_ body: @escaping @Sendable () -> Result) throws -> Result {
    let result = LockBox<Result?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        result.value = body()
        done.signal()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    #expect(done.wait(timeout: .now() + 120) == .success)
    return try #require(result.value)
}

/// Trace files from elsewhere: a recording someone sent, a trace of another app.
@Suite("Trace files from elsewhere")
struct TraceHostileInputTests {
    @Test func aSymbolicLinkToAHugeFileIsRefusedByTheSizeOfTheFileItNames() throws {
        // Given a sparse 100 MB file and a link to it (the link itself is a few bytes)
        let huge = temporaryPath("huge.jsonl")
        let link = temporaryPath("link.jsonl")
        _ = FileManager.default.createFile(atPath: huge, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: huge))
        try handle.truncate(atOffset: 100 * 1024 * 1024)
        try handle.close()
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: huge)
        defer {
            try? FileManager.default.removeItem(atPath: link)
            try? FileManager.default.removeItem(atPath: huge)
        }

        // When it is read, then it is refused by size, as the file itself is (before reading it)
        #expect(throws: TraceError(path: link, "is larger than 4 MB, the most a trace may hold")) {
            try Trace(contentsOf: link)
        }
    }

    @Test func aFileThatGrowsPastTheCapIsRefusedWithoutReadingMoreThanTheCap() throws {
        // Given a device whose size says nothing and that never ends
        guard FileManager.default.fileExists(atPath: "/dev/zero") else { return }

        // Then reading stops one byte past the cap
        #expect(throws: TraceError(path: "/dev/zero", "is larger than 1 KB, the most a trace may hold")) {
            try Trace(contentsOf: "/dev/zero", maximumBytes: 1024)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aNamedPipeNobodyWritesToReadsAsEmptyInsteadOfWaiting() throws {
        // Given a named pipe with no writer
        let path = temporaryPath("pipe")
        try #require(mkfifo(path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: path) }

        // Then it is refused at once as empty, instead of waiting for a writer forever
        #expect(throws: TraceError(path: path, line: 1, "empty, not a trace")) {
            try Trace(contentsOf: path)
        }
    }

    @Test func invalidUTF8NamesItsLine() {
        // Given a trace whose seventh line holds a byte that is never UTF-8
        var text = Data((TraceFormat.header + "\n").utf8)
        for seq in 1...5 { text.append(Data((line(seq: seq, payload: "{}") + "\n").utf8)) }
        text.append(Data(#"{"seq":6,"type":""#.utf8) + Data([0xFF]) + Data("\"}\n".utf8))

        // Then the error names the file and the line
        #expect(throws: TraceError(path: "sent.jsonl", line: 7, "not UTF-8 text")) {
            try Trace(data: text, path: "sent.jsonl")
        }
    }

    @Test func aPayloadNested511DeepIsRefusedNamingItsLineOnASmallStack() throws {
        // Given a line whose payload nests 511 arrays
        let deep = String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
        let text = Data((TraceFormat.header + "\n" + line(seq: 1, payload: deep) + "\n").utf8)

        // When it is read on a 512 KiB stack
        let error = try onSmallStack { () -> String in
            do {
                _ = try Trace(data: text, path: "deep.jsonl")
                return "read"
            } catch {
                return "\(error)"
            }
        }

        // Then it is refused with the file and line, not a crash
        #expect(error.hasPrefix("deep.jsonl:2: nested deeper than 64 levels"), "\(error)")
    }

    @Test func aLineAtTheNestingLimitIsReadOnASmallStack() throws {
        // Given a line nested exactly as deep as the format allows (its own object is one level)
        let levels = TraceFormat.maximumNesting - 1
        let payload = String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
        let text = Data((TraceFormat.header + "\n" + line(seq: 1, payload: payload) + "\n").utf8)

        // When it is read on a 512 KiB stack, then it reads
        let count = try onSmallStack { (try? Trace(data: text).entries.count) ?? -1 }
        #expect(count == 1)
    }

    @Test func theWriterLeavesOutAPayloadNestedDeeperThanAReaderTakes() throws {
        // Given a writer and an event that nests past the limit, then one that does not
        let path = temporaryPath("nested.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bus = EventBus()
        let sut = try TraceWriter(path: path)
        let tap = sut.attach(to: bus)

        // When both are published
        bus.publish(Nested(nest: Nest(depth: TraceFormat.maximumNesting)))
        bus.publish(Nested(nest: Nest(depth: 3)))
        sut.close()
        tap.cancel()

        // Then the trace reads back, the deep payload left out
        let entries = try Trace(contentsOf: path).entries
        #expect(entries.map { $0.payload == nil } == [true, false])
    }

    @Test func aPayloadComesBackAsTheEventEncodedItselfSlashesUnescaped() throws {
        // Given a traced event whose text holds slashes
        let path = temporaryPath("slashes.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bus = EventBus()
        let sut = try TraceWriter(path: path)
        let tap = sut.attach(to: bus)
        let event = Link(url: "https://example.com/a/b")

        // When it is written and read back
        bus.publish(event)
        sut.close()
        tap.cancel()
        let payload = try #require(try Trace(contentsOf: path).entries.first?.payload)

        // Then the payload is byte for byte what the trace's encoder made of the event
        #expect(String(decoding: payload, as: UTF8.self) == #"{"url":"https://example.com/a/b"}"#)
        #expect(payload == (try TraceFormat.payloadEncoder().encode(event)))
    }

    @Test func aWriteWithoutRoomSaysWhyInTheSystemsWords() {
        // Given a device that is always full (where there is one)
        let type = try? FileManager.default.attributesOfItem(atPath: "/dev/full")[.type] as? FileAttributeType
        guard type == .typeCharacterSpecial else { return }

        // Then the writer says why it cannot write, not "NSCocoaErrorDomain error 512"
        #expect(
            throws: TraceError(path: "/dev/full", "cannot write the trace file (No space left on device)")
        ) {
            try TraceWriter(path: "/dev/full")
        }
    }

    @Test func aFailedWriteIsDescribedByTheSystemErrorFoundationWraps() {
        // Given the error Foundation throws when a write passes the file size limit
        let wrapped = NSError(
            domain: NSCocoaErrorDomain, code: 512,
            userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EFBIG))])

        // Then its reason is the system's
        #expect(TraceFile.reason(wrapped) == "File too large")
    }

    @Test func aCapTooSmallForTheFirstLineIsRefusedAndNothingIsWritten() {
        // Given a cap smaller than the header line
        let path = temporaryPath("tiny.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }

        // Then the writer is refused, naming the least cap, and no file is made
        #expect(
            throws: TraceError(
                path: path,
                "a cap of 16 bytes cannot hold the trace's first line and its dropped count; the least is 107 bytes"
            )
        ) {
            try TraceWriter(path: path, maximumBytes: 16)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
