import EventBus
import Foundation

/// One publish read back from a recording.
public struct RecordedEvent: Sendable {
    /// Seconds after the recording started that it was published.
    public var time: Duration
    /// The bus's sequence number when it was recorded; orders nested publishes.
    public var sequenceNumber: UInt64
    /// The event, ready to publish again.
    public var event: any DemoEvent
    /// The line of the file it came from (1-based), for messages.
    public var line: Int
}

/// A recording read and checked from a file: every line is valid before anything is replayed,
/// so a bad file fails at start-up with one message instead of halfway through a replay.
public struct Recording: Sendable {
    /// The publishes in replay order: by sequence number (a nested publish after its cause),
    /// with times made non-decreasing.
    public let events: [RecordedEvent]
    /// When the recording started (the header's `"start"`), if the file says: a replay shows
    /// each event at this plus its `time`.
    public let start: Date?

    /// Reads and checks the recording at `path`.
    /// - Throws: ``RecordingError`` naming the file and line: missing or unreadable file, too
    ///   large, not text, not a recording, another format version, a line that is not JSON or is cut
    ///   off, an unknown event type, or a payload that does not fit its type.
    public init(contentsOf path: String) throws(RecordingError) {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard let attributes else { throw RecordingError(path: path, "no such file") }
        if attributes[.type] as? FileAttributeType == .typeDirectory {
            throw RecordingError(path: path, "is a directory, not a recording")
        }
        if let size = attributes[.size] as? Int, size > RecordingFormat.maximumBytes {
            throw RecordingError(
                path: path, "is larger than \(RecordingFormat.maximumDescription), the most a recording holds"
            )
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RecordingError(path: path, "cannot be read (permission denied?)")
        }
        try self.init(data: data, path: path)
    }

    /// Parses recording text (tests; ``init(contentsOf:)`` after reading the file).
    public init(data: Data, path: String) throws(RecordingError) {
        guard let text = String(data: data, encoding: .utf8) else {
            throw RecordingError(path: path, "is not UTF-8 text, so not a recording")
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let endsWithNewline = lines.last == ""
        if endsWithNewline { lines.removeLast() }
        guard let first = lines.first, !(lines.count == 1 && first.isEmpty) else {
            throw RecordingError(path: path, line: 1, "empty file, not a recording")
        }
        start = try Self.checkHeader(first, path: path, isCutOff: lines.count == 1 && !endsWithNewline)
        var events: [RecordedEvent] = []
        let decoder = RecordingFormat.decoder()
        for (index, line) in lines.enumerated().dropFirst() where !line.allSatisfy(\.isWhitespace) {
            let isLast = index == lines.count - 1
            events.append(
                try RecordingLine.parse(
                    Data(line.utf8), number: index + 1, path: path, isCutOff: isLast && !endsWithNewline,
                    decoder: decoder))
        }
        self.events = Self.replayOrder(events)
    }

    /// Checks the header line and returns its start time, if it has one.
    private static func checkHeader(_ line: Substring, path: String, isCutOff: Bool) throws(RecordingError)
        -> Date?
    {
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        guard let object, object["format"] as? String == "eventdemo-recording" else {
            if isCutOff, line.first == "{" {
                throw RecordingError(path: path, line: 1, "cut off (truncated file)")
            }
            throw RecordingError(
                path: path, line: 1,
                "not an eventdemo recording (the first line should be \(RecordingFormat.header))")
        }
        guard let version = object["version"] as? Int, version == RecordingFormat.version else {
            throw RecordingError(
                path: path, line: 1,
                "recording format version \(object["version"].map { "\($0)" } ?? "missing"), this eventdemo reads version \(RecordingFormat.version)"
            )
        }
        return RecordingFormat.start(inHeader: object)
    }

    /// Sorted by sequence number (stable), times clamped so they never go backwards.
    private static func replayOrder(_ events: [RecordedEvent]) -> [RecordedEvent] {
        var sorted = events.enumerated().sorted {
            ($0.element.sequenceNumber, $0.offset) < ($1.element.sequenceNumber, $1.offset)
        }.map(\.element)
        for index in sorted.indices.dropFirst() where sorted[index].time < sorted[index - 1].time {
            sorted[index].time = sorted[index - 1].time
        }
        return sorted
    }
}
