public import EventBus
public import Foundation

/// A trace read back from a file written by ``TraceWriter``: every line is checked before the
/// trace is returned, so a bad file fails with one message naming the line.
///
/// ```swift
/// import EventBusTracing
///
/// let path = FileManager.default.temporaryDirectory.appending(path: "read-trace.jsonl").path
/// let writer = try TraceWriter(path: path)
/// let tap = writer.attach(to: bus)
/// bus.publish(UserDidLoginEvent(userID: "ada"))
/// writer.close()
/// tap.cancel()
///
/// let trace = try Trace(contentsOf: path)
/// for entry in trace.entries {
///     print(entry.sequenceNumber, entry.eventTypeName, entry.callSiteDescription)
/// }
/// ```
public struct Trace: Sendable {
    /// The publishes in the order they started: by sequence number, so a nested publish comes
    /// after the publish whose handler made it.
    public let entries: [Entry]
    /// When the writer started (the first line's `start`), if the file says: an entry was
    /// published at this plus its ``Entry/time``.
    public let start: Date?
    /// Publishes the writer dropped because it fell behind, as the file's last line says (see
    /// ``TraceFormat``); 0 when it does not say, as in traces that dropped nothing.
    public let dropped: Int

    /// One publish.
    public struct Entry: Sendable {
        /// The bus's sequence number for it (``PublishRecord/sequenceNumber``).
        public let sequenceNumber: UInt64
        /// The publish whose handler made it, if any (``PublishRecord/parentSequenceNumber``).
        public let parentSequenceNumber: UInt64?
        /// Seconds after the writer started.
        public let time: Duration
        /// The event's type name (``PublishRecord/eventTypeName``).
        public let eventTypeName: String
        /// The file it was published from, as `#fileID` spells it (`Module/File.swift`).
        public let fileID: String
        /// The line it was published from.
        public let line: UInt
        /// The function it was published from, as `#function` spells it.
        public let function: String
        /// How many subscriptions it reached.
        public let reachedCount: Int
        /// Who it reached, as the record named them (``PublishRecord/recipients``).
        public let recipients: [PublishRecord.Recipient]
        /// The interceptor that stopped it, if one did (``PublishRecord/consumedBy``).
        public let consumedBy: PublishRecord.Recipient?
        /// The state subscriptions whose chain skipped it (``PublishRecord/skips``).
        public let skips: [PublishRecord.Skip]
        /// The subscriptions whose full buffer turned it away (``PublishRecord/droppingRecipients``).
        public let droppingRecipients: [PublishRecord.Recipient]
        /// The synchronous handlers and interceptors that threw while it was delivered, in the
        /// order they threw (``SubscriberFailure/sequenceNumber``); empty in traces written
        /// before failures were, and for handlers that run later (see ``TraceFormat``).
        public let failures: [Failure]
        /// The event's JSON, byte for byte as the writer wrote it (as the event encoded itself with
        /// ``TraceFormat/payloadEncoder()``); nil if it is not `Encodable`.
        public let payload: Data?
        /// The line of the file it came from (1-based), for messages.
        public let lineNumber: Int

        /// `Module/File.swift:42`, as ``CallSite/description`` prints it.
        public var callSiteDescription: String { "\(fileID):\(line)" }

        /// The payload decoded as `type` (dates as ``TraceFormat/payloadDecoder()`` reads them).
        /// - Throws: ``TraceError`` when there is none; the decoder's `DecodingError` when it does
        ///   not fit `type`.
        public func decodePayload<Event: Decodable>(as type: Event.Type) throws -> Event {
            guard let payload else { throw TraceError(path: "", line: lineNumber, "no payload") }
            return try TraceFormat.payloadDecoder().decode(type, from: payload)
        }
    }

    /// Reads and checks the trace at `path`.
    /// - Throws: ``TraceError``: missing or unreadable file, a directory, larger than
    ///   `maximumBytes` (the file a symbolic link names, not the link), not a trace, another
    ///   version, or a line that is not UTF-8 text or not JSON, nests deeper than
    ///   ``TraceFormat/maximumNesting``, is cut off, lacks a field or has a time that is not
    ///   seconds since the start.
    public init(contentsOf path: String, maximumBytes: Int = TraceFormat.defaultMaximumBytes)
        throws(TraceError)
    {
        try self.init(data: TraceFile.read(path, maximumBytes: maximumBytes), path: path)
    }

    /// Parses trace text (`path` names it in errors).
    ///
    /// Every line is checked for UTF-8 and for its nesting depth before a JSON parser reads it,
    /// so a hostile line gets an error naming it, never a crash on a small stack.
    public init(data: Data, path: String = "trace") throws(TraceError) {
        let bytes = [UInt8](data)
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let endsWithNewline = lines.last?.isEmpty == true
        if endsWithNewline { lines.removeLast() }
        guard let first = lines.first, !first.isEmpty else {
            throw TraceError(path: path, line: 1, "empty, not a trace")
        }
        var scans: [TraceLineScan] = []
        for (index, line) in lines.enumerated() {
            scans.append(try Self.scan(line, number: index + 1, path: path))
        }
        let header = try? JSONSerialization.jsonObject(with: Data(first)) as? [String: Any]
        guard let header, header["format"] as? String == "eventbus-trace" else {
            if header == nil, lines.count == 1, !endsWithNewline, first.first == UInt8(ascii: "{") {
                throw TraceError(path: path, line: 1, "cut off (truncated file)")
            }
            let named = (header?["format"] as? String).map { "a \"\($0.prefix(40))\" file, " } ?? ""
            throw TraceError(
                path: path, line: 1, "\(named)not a trace (the first line should be \(TraceFormat.header))")
        }
        guard header["version"] as? Int == TraceFormat.version else {
            throw TraceError(
                path: path, line: 1,
                "trace format version \(header["version"].map { "\($0)" } ?? "missing"), this build reads version \(TraceFormat.version)"
            )
        }
        start = (header["start"] as? String).flatMap { try? TraceFormat.dateStyle.parse($0) }
        var entries: [Entry] = []
        let decoder = JSONDecoder()
        let last = lines.lastIndex { !$0.allSatisfy(Self.isSpace) } ?? 0
        let droppedLine = last > 0 ? Self.droppedCount(lines[last]) : nil
        dropped = droppedLine ?? 0
        for (index, line) in lines.enumerated().dropFirst() where !line.allSatisfy(Self.isSpace) {
            if index == last, droppedLine != nil { break }
            let isCutOff = index == lines.count - 1 && !endsWithNewline
            entries.append(
                try Self.entry(
                    line, scan: scans[index], number: index + 1, path: path, isCutOff: isCutOff,
                    decoder: decoder))
        }
        self.entries = entries.enumerated().sorted {
            ($0.element.sequenceNumber, $0.offset) < ($1.element.sequenceNumber, $1.offset)
        }.map(\.element)
    }

    /// Checks that `line` is UTF-8 text nested no deeper than the format allows, and scans it.
    private static func scan(_ line: ArraySlice<UInt8>, number: Int, path: String) throws(TraceError)
        -> TraceLineScan
    {
        guard String(validating: line, as: UTF8.self) != nil else {
            throw TraceError(
                path: path, line: number, number == 1 ? "not UTF-8 text, so not a trace" : "not UTF-8 text")
        }
        let scan = TraceLineScan(line)
        guard scan.depth <= TraceFormat.maximumNesting else {
            throw TraceError(
                path: path, line: number,
                "nested deeper than \(TraceFormat.maximumNesting) levels of arrays and objects, the most a trace line may"
            )
        }
        return scan
    }

    /// The count of a `{"dropped":N}` line, or nil if `line` is not one.
    private static func droppedCount(_ line: ArraySlice<UInt8>) -> Int? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
            object["seq"] == nil, let count = object["dropped"] as? Int, count >= 0
        else { return nil }
        return count
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    private static func entry(
        _ line: ArraySlice<UInt8>, scan: TraceLineScan, number: Int, path: String, isCutOff: Bool,
        decoder: JSONDecoder
    ) throws(TraceError) -> Entry {
        let data = Data(line)
        guard let json = try? JSONSerialization.jsonObject(with: data) else {
            throw TraceError(
                path: path, line: number, isCutOff ? "cut off (truncated file)" : "not valid JSON")
        }
        guard let object = json as? [String: Any] else {
            throw TraceError(path: path, line: number, "not a JSON object")
        }
        if object["seq"] == nil, object["dropped"] != nil {
            throw TraceError(path: path, line: number, "a dropped count, which only the last line may hold")
        }
        let fields: TraceFormat.Line
        do {
            fields = try decoder.decode(TraceFormat.Line.self, from: data)
        } catch {
            throw TraceError(path: path, line: number, "not a trace line (\(Self.describe(error)))")
        }
        guard fields.time.isFinite, fields.time >= 0, fields.time < 1e9 else {
            throw TraceError(path: path, line: number, "\"time\" must be seconds since the start (0 or more)")
        }
        // The bytes the event encoded itself as, not a re-encoding (which would escape `/`).
        let payload = scan.payload.map { Data(line[$0]) }
        return Entry(
            sequenceNumber: fields.seq, parentSequenceNumber: fields.parent,
            time: .milliseconds(Int64((fields.time * 1000).rounded())), eventTypeName: fields.type,
            fileID: fields.site.file, line: fields.site.line, function: fields.site.function,
            reachedCount: fields.reached, recipients: fields.recipients.map(\.record),
            consumedBy: fields.stoppedBy?.record, skips: (fields.skips ?? []).map(\.record),
            droppingRecipients: (fields.dropped ?? []).map(\.record),
            failures: (fields.failures ?? []).map(\.record), payload: payload, lineNumber: number)
    }

    private static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _): "no \"\(key.stringValue)\" field"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            "\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" has the wrong type"
        default: "\(error)"
        }
    }
}
