import EventDemo
import Foundation
import Testing

@Suite("Recording and replay: bad files")
struct BadRecordingTests {
    private static let header = RecordingFormat.header
    private static let good =
        #"{"time":0.5,"seq":1,"type":"LoginDidStartEvent","publisher":"AuthService","payload":{"session":1,"username":"alice"}}"#

    /// File contents and the one line of error they must give (after `bad.jsonl:`).
    static let table: [(name: String, contents: String, error: String)] = [
        ("empty file", "", "1: empty file, not a recording"),
        (
            "not a recording", #"{"hello":"world"}"# + "\n",
            "1: not an eventdemo recording (the first line should be \(header))"
        ),
        ("plain text", "hello\n", "1: not an eventdemo recording (the first line should be \(header))"),
        (
            "newer version", #"{"format":"eventdemo-recording","version":3}"# + "\n",
            "1: recording format version 3, this eventdemo reads version 2"
        ),
        (
            // Version 1 events had no session numbers, which the panes now go by.
            "older version", #"{"format":"eventdemo-recording","version":1}"# + "\n",
            "1: recording format version 1, this eventdemo reads version 2"
        ),
        ("header cut off", #"{"format":"eventdemo-rec"#, "1: cut off (truncated file)"),
        ("wrong JSON", "\(header)\n\(good)\n{\"time\":1,,}\n\(good)\n", "3: not valid JSON"),
        (
            "truncated last line", "\(header)\n\(good)\n{\"time\":1.5,\"seq\":2,\"type\":\"Log",
            "3: cut off (truncated file)"
        ),
        ("not an object", "\(header)\n[1,2]\n", "2: not a JSON object"),
        (
            "unknown event type",
            "\(header)\n" + good.replacingOccurrences(of: "LoginDidStartEvent", with: "RocketLaunchEvent")
                + "\n",
            "2: unknown event type 'RocketLaunchEvent'"
        ),
        ("no type", "\(header)\n{\"time\":1,\"payload\":{}}\n", "2: no \"type\" field"),
        (
            "no payload", "\(header)\n{\"time\":1,\"type\":\"LoginDidStartEvent\"}\n",
            "2: no \"payload\" field"
        ),
        (
            "time is text", "\(header)\n" + good.replacingOccurrences(of: "0.5", with: "\"soon\"") + "\n",
            "2: \"time\" must be a number, \"seq\" a whole number and \"type\" a string"
        ),
        (
            "negative time", "\(header)\n" + good.replacingOccurrences(of: "0.5", with: "-3") + "\n",
            "2: \"time\" must be seconds since the start (0 or more)"
        ),
        (
            "payload misses a field",
            "\(header)\n" + good.replacingOccurrences(of: #""username":"alice""#, with: #""name":"alice""#)
                + "\n",
            "2: payload does not fit LoginDidStartEvent: missing 'username'"
        ),
        (
            "payload field of the wrong type",
            "\(header)\n{\"time\":1,\"type\":\"CartDidUpdateEvent\",\"payload\":{\"items\":[{\"name\":\"Mug\",\"quantity\":\"two\",\"unitPrice\":{\"cents\":1}}]}}\n",
            "2: payload does not fit CartDidUpdateEvent: 'items.[0].quantity' has the wrong type"
        ),
        (
            "bad date",
            "\(header)\n{\"time\":1,\"type\":\"UserDidLoginEvent\",\"payload\":{\"date\":\"yesterday\",\"user\":{\"id\":\"a\",\"name\":\"A\"}}}\n",
            "2: payload does not fit UserDidLoginEvent: 'date': 'yesterday' is not an ISO 8601 date"
        ),
    ]

    @Test("reports a bad file with one line naming the file and line", arguments: table)
    func reportsABadFile(_ row: (name: String, contents: String, error: String)) {
        let error = #expect(throws: RecordingError.self) {
            try Recording(data: Data(row.contents.utf8), path: "bad.jsonl")
        }

        #expect(error?.description == "bad.jsonl:\(row.error)", "\(row.name)")
        #expect(error?.description.contains("\n") == false)
    }

    @Test func reportsAMissingFile() {
        #expect(throws: RecordingError(path: "/no/such/recording.jsonl", "no such file")) {
            try Recording(contentsOf: "/no/such/recording.jsonl")
        }
    }

    @Test func reportsADirectory() {
        let path = FileManager.default.temporaryDirectory.path
        #expect(throws: RecordingError(path: path, "is a directory, not a recording")) {
            try Recording(contentsOf: path)
        }
    }

    @Test func reportsBytesThatAreNotUTF8() {
        #expect(throws: RecordingError(path: "bad.jsonl", "is not UTF-8 text, so not a recording")) {
            try Recording(data: Data([0xFF, 0xFE, 0x00, 0x41]), path: "bad.jsonl")
        }
    }

    @Test func refusesAFileLargerThanTheCapWithoutReadingIt() throws {
        let path = FileManager.default.temporaryDirectory.appending(
            path: "eventdemo-huge-\(UUID().uuidString).jsonl"
        ).path
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(RecordingFormat.maximumBytes + 1))  // Sparse: no real disk use.
        try handle.close()
        defer { try? FileManager.default.removeItem(atPath: path) }

        #expect(throws: RecordingError(path: path, "is larger than 4 MB, the most a recording holds")) {
            try Recording(contentsOf: path)
        }
    }

    @Test func acceptsBlankLinesAndAMissingFinalNewline() throws {
        let sut = try Recording(data: Data("\(Self.header)\n\n\(Self.good)".utf8), path: "ok.jsonl")

        #expect(sut.events.count == 1)
        #expect(sut.events.first?.time == .milliseconds(500))
    }
}
