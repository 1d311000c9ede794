import EventBusTracing
import EventDemo
import Foundation
import Testing

@Suite("Recording and replay: bad files")
struct BadRecordingTests {
    private static let header = TraceFormat.header

    /// A trace line for a publish of `type` with `payload` (nil: no payload field).
    private static func line(
        _ type: String = "LoginDidStartEvent", payload: String? = #"{"session":1,"username":"alice"}"#,
        time: String = "0.5", seq: Int = 1, parent: Int? = nil
    ) -> String {
        let parentField = parent.map { #","parent":\#($0)"# } ?? ""
        let payloadField = payload.map { #","payload":\#($0)"# } ?? ""
        return
            #"{"seq":\#(seq)\#(parentField),"time":\#(time),"type":"\#(type)","site":{"file":"EventDemo/AuthService.swift","line":57,"function":"login(username:)"},"reached":1,"recipients":[]\#(payloadField)}"#
    }

    private static let good = line()

    /// File contents and the one line of error they must give (after `bad.jsonl:`).
    static let table: [(name: String, contents: String, error: String)] = [
        ("empty file", "", "1: empty, not a trace"),
        (
            "not a trace", #"{"hello":"world"}"# + "\n",
            "1: not a trace (the first line should be \(header))"
        ),
        ("plain text", "hello\n", "1: not a trace (the first line should be \(header))"),
        (
            "newer version", #"{"format":"eventbus-trace","version":2}"# + "\n",
            "1: trace format version 2, this build reads version 1"
        ),
        (
            // The demo wrote its own format before recordings became library traces (issue 22).
            "the demo's old format", #"{"format":"eventdemo-recording","version":2}"# + "\n",
            "1: a recording in eventdemo's old format (before traces), which this version cannot replay; record it again"
        ),
        ("header cut off", #"{"format":"eventbus-tr"#, "1: cut off (truncated file)"),
        ("wrong JSON", "\(header)\n\(good)\n{\"time\":1,,}\n\(good)\n", "3: not valid JSON"),
        ("truncated last line", "\(header)\n\(good)\n" + good.prefix(50), "3: cut off (truncated file)"),
        ("not an object", "\(header)\n[1,2]\n", "2: not a JSON object"),
        (
            "no type",
            "\(header)\n" + good.replacingOccurrences(of: #""type":"LoginDidStartEvent","#, with: "")
                + "\n",
            "2: not a trace line (no \"type\" field)"
        ),
        (
            "time is text", "\(header)\n\(line(time: "\"soon\""))\n",
            "2: not a trace line (\"time\" has the wrong type)"
        ),
        (
            "negative time", "\(header)\n\(line(time: "-3"))\n",
            "2: \"time\" must be seconds since the start (0 or more)"
        ),
    ]

    /// Traces that are not the demo's own recordings: replayed as another app's, not refused.
    static let foreign: [(name: String, contents: String)] = [
        ("unknown event type", "\(header)\n\(line("RocketLaunchEvent"))\n"),
        ("no payload", "\(header)\n\(line(payload: nil))\n"),
        ("payload misses a field", "\(header)\n\(line(payload: #"{"session":1,"name":"alice"}"#))\n"),
        (
            "payload field of the wrong type",
            "\(header)\n"
                + line(
                    "CartDidUpdateEvent",
                    payload: #"{"items":[{"name":"Mug","quantity":"two","unitPrice":{"cents":1}}]}"#) + "\n"
        ),
        (
            "bad date",
            "\(header)\n"
                + line(
                    "UserDidLoginEvent",
                    payload: #"{"date":"yesterday","session":1,"user":{"id":"a","name":"A"}}"#) + "\n"
        ),
        (
            "a dead event without its event",
            "\(header)\n\(line("DeadEvent", payload: nil, seq: 2, parent: 1))\n"
        ),
    ]

    @Test("opens a trace whose publishes are not all the demo's as another app's", arguments: foreign)
    func opensAForeignTrace(_ row: (name: String, contents: String)) throws {
        let sut = try Recording(data: Data(row.contents.utf8), path: "other.jsonl")

        #expect(sut.isForeign, "\(row.name)")
        #expect(sut.events.count == 1, "\(row.name)")
        #expect(sut.events.allSatisfy { $0.event is TracedEvent }, "\(row.name)")
    }

    @Test("reports a bad file with one line naming the file and line", arguments: table)
    func reportsABadFile(_ row: (name: String, contents: String, error: String)) {
        let error = #expect(throws: TraceError.self) {
            try Recording(data: Data(row.contents.utf8), path: "bad.jsonl")
        }

        #expect(error?.description == "bad.jsonl:\(row.error)", "\(row.name)")
        #expect(error?.description.contains("\n") == false)
    }

    @Test func reportsAMissingFile() {
        #expect(throws: TraceError(path: "/no/such/recording.jsonl", "no such file")) {
            try Recording(contentsOf: "/no/such/recording.jsonl")
        }
    }

    @Test func reportsADirectory() {
        let path = FileManager.default.temporaryDirectory.path
        #expect(throws: TraceError(path: path, "is a directory, not a trace")) {
            try Recording(contentsOf: path)
        }
    }

    @Test func reportsBytesThatAreNotUTF8() {
        #expect(throws: TraceError(path: "bad.jsonl", line: 1, "not UTF-8 text, so not a trace")) {
            try Recording(data: Data([0xFF, 0xFE, 0x00, 0x41]), path: "bad.jsonl")
        }
    }

    @Test func refusesAFileLargerThanTheCapWithoutReadingIt() throws {
        let path = FileManager.default.temporaryDirectory.appending(
            path: "eventdemo-huge-\(UUID().uuidString).jsonl"
        ).path
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        // Sparse: no real disk use.
        try handle.truncate(atOffset: UInt64(TraceFormat.defaultMaximumBytes + 1))
        try handle.close()
        defer { try? FileManager.default.removeItem(atPath: path) }

        #expect(throws: TraceError(path: path, "is larger than 4 MB, the most a trace may hold")) {
            try Recording(contentsOf: path)
        }
    }

    @Test func acceptsBlankLinesAndAMissingFinalNewline() throws {
        let sut = try Recording(data: Data("\(Self.header)\n\n\(Self.good)".utf8), path: "ok.jsonl")

        #expect(sut.events.count == 1)
        #expect(sut.events.first?.time == .milliseconds(500))
    }
}
