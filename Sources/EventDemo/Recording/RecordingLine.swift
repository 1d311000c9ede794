import Foundation
import TerminalUI

/// Parsing one publish line of a recording, with a message for each way it can be wrong.
enum RecordingLine {
    private struct Header: Decodable {
        var time: Double
        var seq: UInt64?
        var type: String
    }

    private struct Payload<Event: DemoEvent>: Decodable {
        var payload: Event
    }

    static func parse(
        _ data: Data, number: Int, path: String, isCutOff: Bool, decoder: JSONDecoder
    ) throws(RecordingError) -> RecordedEvent {
        func failure(_ reason: String) -> RecordingError { RecordingError(path: path, line: number, reason) }
        guard let object = try? JSONSerialization.jsonObject(with: data) else {
            throw failure(isCutOff ? "cut off (truncated file)" : "not valid JSON")
        }
        guard let fields = object as? [String: Any] else { throw failure("not a JSON object") }
        for key in ["time", "type", "payload"] where fields[key] == nil {
            throw failure("no \"\(key)\" field")
        }
        guard let header = try? decoder.decode(Header.self, from: data) else {
            throw failure("\"time\" must be a number, \"seq\" a whole number and \"type\" a string")
        }
        guard header.time.isFinite, header.time >= 0, header.time < 1e9 else {
            throw failure("\"time\" must be seconds since the start (0 or more)")
        }
        guard let type = EventCatalog.type(named: header.type) else {
            throw failure("unknown event type '\(header.type.truncated(to: 40))'")
        }
        let event: any DemoEvent
        do {
            event = try decodePayload(type, from: data, decoder: decoder)
        } catch {
            throw failure("payload does not fit \(header.type): \(describe(error))")
        }
        return RecordedEvent(
            time: .milliseconds(Int64((header.time * 1000).rounded())),
            sequenceNumber: header.seq ?? UInt64(number),
            event: event, line: number)
    }

    private static func decodePayload<Event: DemoEvent>(
        _ type: Event.Type, from data: Data, decoder: JSONDecoder
    ) throws -> Event {
        try decoder.decode(Payload<Event>.self, from: data).payload
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.dropFirst().map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the payload" : "'" + keys.joined(separator: ".") + "'"
        }
        switch error {
        case .keyNotFound(let key, let context):
            let inside = path(context)
            return "missing '\(key.stringValue)'" + (inside == "the payload" ? "" : " in \(inside)")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context)) has the wrong type"
        case .dataCorrupted(let context): return "\(path(context)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}
