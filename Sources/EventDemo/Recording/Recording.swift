import EventBus
import EventBusTracing
import Foundation
import TerminalUI

/// One publish read back from a recording, ready to publish again.
public struct RecordedEvent: Sendable {
    /// Seconds after the recording started; never earlier than the event before it.
    public var time: Duration
    /// The event, as the trace's payload decodes (a ``DeadEvent`` is rebuilt around the event
    /// nobody received, which the trace holds as its parent).
    public var event: any EventBusEvent
    /// What the trace says of the publish: its sequence number and parent, call site, who it
    /// reached, stopped or skipped. A replay shows these, not the replay bus's own.
    public var entry: Trace.Entry

    /// The bus's sequence number when it was recorded.
    public var sequenceNumber: UInt64 { entry.sequenceNumber }
    /// The line of the file it came from (1-based), for messages.
    public var line: Int { entry.lineNumber }

    /// The type name the replay bus's record of ``event`` has (`TracedEvent` for another app's
    /// event), to tell the replayed publish from the replay bus's own.
    public var publishedTypeName: String { String(describing: type(of: event)) }
}

/// A trace read and checked for `--replay`: an `EventBusTracing` trace (see ``TraceFormat``),
/// the demo's own `--record` file or any app's. Every line is checked before anything is
/// replayed, so a bad file fails at start-up with one message instead of halfway through.
///
/// When every publish decodes into a demo event (``EventCatalog``), the replay drives the
/// demo's panes as the recorded session did. Otherwise (another app's trace, or a type or
/// payload this build does not know) the trace is ``isForeign``: every publish is replayed as
/// a ``TracedEvent``, which the log, the Bus view and the Flow view show as the trace holds it.
public struct Recording: Sendable {
    /// The publishes in replay order: by sequence number (a nested publish after its cause),
    /// with times made non-decreasing.
    public let events: [RecordedEvent]
    /// When the recording started (the trace's ``Trace/start``), if the file says: a replay
    /// shows each event at this plus its `time`.
    public let start: Date?
    /// Events the recorder dropped because it fell behind (the trace's ``Trace/dropped``): they
    /// happened but are not in the file, so a replay cannot show them.
    public let dropped: Int
    /// Whether the trace is not the demo's own: every publish is then a ``TracedEvent``.
    public let isForeign: Bool

    /// Reads and checks the recording at `path`.
    /// - Throws: ``TraceError`` naming the file and line: what ``Trace/init(contentsOf:maximumBytes:)``
    ///   refuses, or a recording of the demo's old format.
    public init(contentsOf path: String) throws(TraceError) {
        try self.init(Self.explained { () throws(TraceError) in try Trace(contentsOf: path) }, path: path)
    }

    /// Parses recording text (tests; ``init(contentsOf:)`` after reading the file).
    public init(data: Data, path: String) throws(TraceError) {
        try self.init(
            Self.explained { () throws(TraceError) in try Trace(data: data, path: path) }, path: path)
    }

    /// Decodes every publish of `trace` (read from `path`) into a demo event, or, if one does
    /// not decode, keeps every publish as a ``TracedEvent`` (see ``isForeign``).
    public init(_ trace: Trace, path: String) {
        start = trace.start
        dropped = trace.dropped
        do {
            events = try Self.demoEvents(of: trace, path: path)
            isForeign = false
        } catch {
            events = Self.tracedEvents(of: trace.entries)
            isForeign = true
        }
    }

    /// `entries` as ``TracedEvent``s, with times made non-decreasing from `earliest` on.
    public static func tracedEvents(of entries: [Trace.Entry], after earliest: Duration = .zero)
        -> [RecordedEvent]
    {
        var time = earliest
        return entries.map { entry in
            time = max(entry.time, time)
            return RecordedEvent(time: time, event: TracedEvent(entry), entry: entry)
        }
    }

    /// Every publish of `trace` as the demo event it was.
    /// - Throws: ``TraceError`` naming the line of the first publish that is not one.
    private static func demoEvents(of trace: Trace, path: String) throws(TraceError) -> [RecordedEvent] {
        var events: [RecordedEvent] = []
        var decoded: [UInt64: any DemoEvent] = [:]
        for entry in trace.entries {
            func failure(_ reason: String) -> TraceError {
                TraceError(path: path, line: entry.lineNumber, reason)
            }
            let event: any EventBusEvent
            if entry.eventTypeName == "DeadEvent" {
                guard let parent = entry.parentSequenceNumber, let unheard = decoded[parent] else {
                    throw failure("a DeadEvent whose event is not in the file")
                }
                event = DeadEvent(event: unheard)
            } else {
                guard let type = EventCatalog.type(named: entry.eventTypeName) else {
                    throw failure("unknown event type '\(entry.eventTypeName.truncated(to: 40))'")
                }
                guard entry.payload != nil else { throw failure("no \"payload\" field") }
                do {
                    let demoEvent = try Self.decode(type, from: entry)
                    decoded[entry.sequenceNumber] = demoEvent
                    event = demoEvent
                } catch {
                    throw failure("payload does not fit \(entry.eventTypeName): \(Self.describe(error))")
                }
            }
            let time = max(entry.time, events.last?.time ?? .zero)
            events.append(RecordedEvent(time: time, event: event, entry: entry))
        }
        return events
    }

    /// `read()`, with a recording of the demo's own format from before traces named as such.
    private static func explained(_ read: () throws(TraceError) -> Trace) throws(TraceError) -> Trace {
        do {
            return try read()
        } catch  where error.line == 1 && error.reason.contains(#""eventdemo-recording""#) {
            throw TraceError(
                path: error.path, line: 1,
                "a recording in eventdemo's old format (before traces), which this version cannot replay; record it again"
            )
        }
    }

    private static func decode<Event: DemoEvent>(_ type: Event.Type, from entry: Trace.Entry) throws -> Event
    {
        try entry.decodePayload(as: type)
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
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
