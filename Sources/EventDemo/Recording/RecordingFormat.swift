import Foundation

/// The `--record` file format: JSON Lines. The first line says what the file is, then one line
/// per publish:
///
/// ```
/// {"format":"eventdemo-recording","version":2}
/// {"time":0.412,"seq":3,"type":"UserDidLoginEvent","publisher":"AuthService","payload":{...}}
/// ```
///
/// `time` is seconds since the recording started; `seq` is the bus's publish sequence number,
/// which orders a nested publish after the publish that caused it (the bus reports nested
/// publishes first, so lines are written in that order and replay sorts them back); `payload`
/// is the event's `Codable` form.
public enum RecordingFormat {
    /// The first line of every recording.
    public static let header = #"{"format":"eventdemo-recording","version":2}"#
    /// The format version this build writes and reads.
    public static let version = 2

    /// The header a new recording starts with: ``header`` plus when it started (`"start"`, ISO
    /// 8601), so a replay can show the recorded clock times. Files without it still replay.
    static func header(start: Date) -> String {
        String(header.dropLast()) + #","start":"\#(start.formatted(dateStyle))"}"#
    }

    /// The `"start"` of a header line, if it has one.
    static func start(inHeader object: [String: Any]) -> Date? {
        (object["start"] as? String).flatMap { try? dateStyle.parse($0) }
    }
    /// The most a recording holds: the writer stops before a line would pass it (and says so),
    /// and the reader refuses larger files, so neither side's memory or disk use is unbounded.
    public static let maximumBytes = 4 * 1024 * 1024

    /// `4 MB`, for messages.
    public static var maximumDescription: String { "\(maximumBytes / 1024 / 1024) MB" }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(dateStyle))
        }
        return encoder
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = try? dateStyle.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(text)' is not an ISO 8601 date")
            }
            return date
        }
        return decoder
    }

    /// ISO 8601 with milliseconds, UTC: readable, and exact enough for the demo's timestamps.
    private static let dateStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// One publish line (without its newline), or `nil` if `event` cannot be encoded.
    static func line(
        for event: any DemoEvent, time: Duration, sequenceNumber: UInt64, encoder: JSONEncoder
    ) -> String? {
        guard let payload = try? encoder.encode(event) else { return nil }
        let typeName = String(describing: type(of: event))
        let publisher = type(of: event).publisherName
        let seconds = Double(time.components.seconds) + Double(time.components.attoseconds) / 1e18
        let milliseconds = Int((seconds * 1000).rounded())
        let timeText = "\(milliseconds / 1000).\(String(milliseconds % 1000).leftPadded(to: 3, with: "0"))"
        return
            #"{"time":\#(timeText),"seq":\#(sequenceNumber),"type":"\#(typeName)","publisher":"\#(publisher)","payload":"#
            + String(decoding: payload, as: UTF8.self) + "}"
    }
}

extension String {
    fileprivate func leftPadded(to width: Int, with pad: Character) -> String {
        String(repeating: pad, count: max(0, width - count)) + self
    }
}
