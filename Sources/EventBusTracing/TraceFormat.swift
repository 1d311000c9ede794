import EventBus
import Foundation

/// The trace file format: JSON Lines. The first line says what the file is; every other line is
/// one publish, written when the bus's taps hear of it:
///
/// ```
/// {"format":"eventbus-trace","version":1}
/// {"seq":4,"parent":3,"time":0.412,"type":"UserDidLoginEvent","site":{"file":"App/Auth.swift","line":42,"function":"logIn(as:)"},"reached":1,"recipients":[{"subscriber":"Session","delivery":"synchronous","executor":"publisher","priority":0}],"payload":{"userID":"ada"}}
/// ```
///
/// `seq` is the bus's ``PublishRecord/sequenceNumber`` and `parent` the publish whose handler
/// made this one (absent for a top-level publish). Taps hear nested publishes first, so lines
/// are in the order publishes *finished*; ``Trace`` sorts them back by `seq`. `time` is seconds
/// since the writer started, with millisecond precision. `payload` is the event's `Encodable`
/// form, absent for events that are not `Encodable` or failed to encode. Readers ignore fields
/// they do not know, so later versions may add fields without changing `version`; a change
/// that old readers would misread bumps it.
public enum TraceFormat {
    /// The first line of every trace.
    public static let header = #"{"format":"eventbus-trace","version":1}"#
    /// The version this build writes and reads.
    public static let version = 1
    /// The default size cap: 4 MiB.
    public static let defaultMaximumBytes = 4 * 1024 * 1024

    /// One line's fields, as written and read.
    struct Line: Codable {
        var seq: UInt64
        var parent: UInt64?
        var time: Double
        var type: String
        var site: Site
        var reached: Int
        var recipients: [Recipient]
    }

    struct Site: Codable {
        var file: String
        var line: UInt
        var function: String
    }

    struct Recipient: Codable {
        var subscriber: String
        var delivery: String
        var executor: String
        var priority: Int
    }

    /// The line for `record` (without its newline): the fields, then the payload spliced in as
    /// the event encoded it (so numbers keep their precision).
    static func line(for record: PublishRecord, time: Duration, encoder: JSONEncoder) -> Data? {
        let seconds = Double(time.components.seconds) + Double(time.components.attoseconds) / 1e18
        let fields = Line(
            seq: record.sequenceNumber, parent: record.parentSequenceNumber,
            time: (seconds * 1000).rounded() / 1000, type: record.eventTypeName,
            site: Site(
                file: record.callSite.fileID, line: record.callSite.line, function: record.callSite.function),
            reached: record.reachedCount,
            recipients: record.recipients.map {
                Recipient(
                    subscriber: $0.subscriberName, delivery: "\($0.delivery)", executor: $0.executorLabel,
                    priority: $0.priority)
            })
        guard var line = try? encoder.encode(fields) else { return nil }
        if let event = record.event as? any Encodable, let payload = try? encoder.encode(event) {
            line.removeLast()  // the closing brace
            line.append(contentsOf: Data(#","payload":"#.utf8))
            line.append(payload)
            line.append(contentsOf: Data("}".utf8))
        }
        return line
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
