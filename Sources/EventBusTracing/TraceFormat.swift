import EventBus
public import Foundation

/// The trace file format: JSON Lines. The first line says what the file is and when the writer
/// started; every other line is one publish:
///
/// ```
/// {"format":"eventbus-trace","version":1,"start":"2026-12-02T09:41:07.512Z"}
/// {"seq":4,"parent":3,"time":0.412,"type":"UserDidLoginEvent","site":{"file":"App/Auth.swift","line":42,"function":"logIn(as:)"},"reached":1,"recipients":[{"subscriber":"Session","delivery":"synchronous","executor":"publisher","priority":0}],"payload":{"userID":"ada"}}
/// {"seq":5,"time":0.415,"type":"CartState","site":{"file":"App/Cart.swift","line":17,"function":"clear()"},"reached":0,"recipients":[],"skips":[{"subscriber":"CartView","reason":"skipRepeats","delivery":"executor","executor":"main-actor","priority":0}],"payload":{"items":[]}}
/// {"seq":6,"time":0.418,"type":"CheckoutEvent","site":{"file":"App/Cart.swift","line":30,"function":"pay()"},"reached":1,"recipients":[{"subscriber":"Audit","delivery":"synchronous","executor":"publisher","priority":0}],"failures":[{"subscriber":"Audit","delivery":"synchronous","executor":"publisher","priority":0,"error":"DiskFull()"}],"payload":{"total":12}}
/// ```
///
/// `seq` is the bus's ``PublishRecord/sequenceNumber`` and `parent` the publish whose handler
/// made this one (absent for a top-level publish). Lines are in sequence order within each
/// top-level publish: the publish first, then the ones nested in it, depth-first (publishes
/// on other threads at the same time may come between them; ``Trace`` sorts every line by
/// `seq`). `time` is seconds after `start`, with millisecond precision: when the writer heard
/// of the publish (it had been delivered), or, if one nested in it was heard earlier, that
/// time, so that times never go backwards within a top-level publish.
///
/// A writer that fell behind and dropped publishes (see ``TraceWriter``) ends the file with one
/// more line saying how many: `{"dropped":12}`. It has no `seq`, comes only last, and is absent
/// when nothing was dropped, so a trace that dropped nothing reads in any version-1 reader; one
/// that did is refused by a reader older than the line (it lacks `seq`), never misread
/// (``Trace/dropped``).
///
/// `stoppedBy` (the interceptor that stopped it), `skips` (state subscriptions whose chain
/// skipped it, with the `reason`), `dropped` (subscriptions whose full buffer turned it away)
/// and `failures` (synchronous handlers and interceptors that threw while it was delivered, in
/// the order they threw, with the error as `String(describing:)` prints it; see
/// ``Failure``) appear only when there is something to say. `payload` is the event's `Encodable` form, with
/// sorted keys and dates as ISO 8601 text with milliseconds (``payloadEncoder()``); it is absent
/// for events that are not `Encodable`, failed to encode, or nest deeper than
/// ``maximumNesting`` allows. Readers ignore fields they do not
/// know, so later versions may add fields without changing `version`; a change that old readers
/// would misread bumps it.
public enum TraceFormat {
    /// The shortest valid first line (``TraceWriter`` adds `start`).
    public static let header = #"{"format":"eventbus-trace","version":1}"#
    /// The version this build writes and reads.
    public static let version = 1
    /// The deepest a line's arrays and objects may nest, the line's own object included (so a
    /// payload gets one level less). ``Trace`` refuses a deeper line before parsing it, and
    /// ``TraceWriter`` leaves out a payload that would make one: JSON parsers recurse once per
    /// level, and a trace may be read on a small stack (512 KiB for secondary threads and tasks
    /// on Apple platforms). Events nest far less.
    public static let maximumNesting = 64
    /// The smallest size cap a ``TraceWriter`` takes: its first line, with its `start`, and room
    /// for the dropped count.
    public static let minimumBytes =
        header(start: Date(timeIntervalSince1970: 0)).utf8.count + 1 + droppedLineRoom

    /// The room a writer keeps under its cap for the dropped count: the longest such line.
    static let droppedLineRoom = droppedLine(Int.max).count

    /// The last line of a trace whose writer dropped `count` publishes, with its new line.
    static func droppedLine(_ count: Int) -> Data {
        Data(#"{"dropped":\#(count)}"#.utf8 + [UInt8(ascii: "\n")])
    }
    /// The default size cap: 4 MiB.
    public static let defaultMaximumBytes = 4 * 1024 * 1024

    /// The size cap as people read it: `4 MB` for the default.
    public static func describe(bytes: Int) -> String {
        bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0
            ? "\(bytes / 1024 / 1024) MB" : bytes >= 1024 ? "\(bytes / 1024) KB" : "\(bytes) bytes"
    }

    /// The encoder payloads are written with: sorted keys, `/` unescaped, dates as ISO 8601 text
    /// with milliseconds in UTC. Use it to show an event as a trace holds it.
    public static func payloadEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(dateStyle))
        }
        return encoder
    }

    /// The decoder ``Trace/Entry/decodePayload(as:)`` reads payloads with (ISO 8601 dates).
    public static func payloadDecoder() -> JSONDecoder {
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

    /// ISO 8601 with milliseconds, UTC.
    static let dateStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// The first line of a trace that started at `start`.
    static func header(start: Date) -> String {
        String(header.dropLast()) + #","start":"\#(start.formatted(dateStyle))"}"#
    }

    /// One line's fields, as written and read.
    struct Line: Codable {
        var seq: UInt64
        var parent: UInt64?
        var time: Double
        var type: String
        var site: Site
        var reached: Int
        var recipients: [Recipient]
        var stoppedBy: Recipient?
        var skips: [Skip]?
        var dropped: [Recipient]?
        var failures: [Failure]?
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

        init(_ recipient: PublishRecord.Recipient) {
            subscriber = recipient.subscriberName
            delivery = "\(recipient.delivery)"
            executor = recipient.executorLabel
            priority = recipient.priority
        }

        init(subscriber: String, delivery: String, executor: String, priority: Int) {
            self.subscriber = subscriber
            self.delivery = delivery
            self.executor = executor
            self.priority = priority
        }

        func json(_ encoder: JSONEncoder) -> Data {
            fields(encoder).text
        }

        /// The four fields in the format's order, for a caller that adds its own after them.
        func fields(_ encoder: JSONEncoder) -> OrderedJSON {
            var object = OrderedJSON(encoder: encoder)
            object.add("subscriber", subscriber)
            object.add("delivery", delivery)
            object.add("executor", executor)
            object.add("priority", priority)
            return object
        }

        var record: PublishRecord.Recipient {
            PublishRecord.Recipient(
                subscriberName: subscriber, executorLabel: executor,
                delivery: SubscriptionInfo.Delivery(name: delivery), priority: priority)
        }
    }

    struct Skip: Codable {
        var subscriber: String
        var reason: String
        var delivery: String
        var executor: String
        var priority: Int

        init(_ skip: PublishRecord.Skip) {
            subscriber = skip.subscriberName
            reason = skip.reason
            delivery = "\(skip.delivery)"
            executor = skip.executorLabel
            priority = skip.priority
        }

        func json(_ encoder: JSONEncoder) -> Data {
            var object = OrderedJSON(encoder: encoder)
            object.add("subscriber", subscriber)
            object.add("reason", reason)
            object.add("delivery", delivery)
            object.add("executor", executor)
            object.add("priority", priority)
            return object.text
        }

        var record: PublishRecord.Skip {
            PublishRecord.Skip(
                subscriberName: subscriber, executorLabel: executor, reason: reason,
                delivery: SubscriptionInfo.Delivery(name: delivery), priority: priority)
        }
    }

    /// The fields for `record`, its time still to be set (see ``PublishOrder``).
    static func fields(for record: PublishRecord) -> Line {
        Line(
            seq: record.sequenceNumber, parent: record.parentSequenceNumber, time: 0,
            type: record.eventTypeName,
            site: Site(
                file: record.callSite.fileID, line: record.callSite.line, function: record.callSite.function),
            reached: record.recipients.count, recipients: record.recipients.map(Recipient.init),
            stoppedBy: record.consumedBy.map(Recipient.init),
            skips: record.skips.isEmpty ? nil : record.skips.map(Skip.init),
            dropped: record.droppingRecipients.isEmpty ? nil : record.droppingRecipients.map(Recipient.init))
    }

    /// The event's payload, or nil if it is not `Encodable` or fails to encode.
    static func payload(of event: any EventBusEvent, encoder: JSONEncoder) -> Data? {
        (event as? any Encodable).flatMap { try? encoder.encode($0) }
    }

    /// The line (without its newline), its fields in the order ``TraceFormat`` shows, the
    /// payload last, spliced in as the event encoded it (so numbers keep their precision).
    static func line(_ fields: Line, payload: Data?, encoder: JSONEncoder) -> Data {
        var line = OrderedJSON(encoder: encoder)
        line.add("seq", fields.seq)
        line.add("parent", fields.parent)
        line.add("time", fields.time)
        line.add("type", fields.type)
        var site = OrderedJSON(encoder: encoder)
        site.add("file", fields.site.file)
        site.add("line", fields.site.line)
        site.add("function", fields.site.function)
        line.add("site", json: site.text)
        line.add("reached", fields.reached)
        line.add("recipients", json: OrderedJSON.array(fields.recipients.map { $0.json(encoder) }))
        line.add("stoppedBy", json: fields.stoppedBy?.json(encoder))
        line.add("skips", json: fields.skips.map { OrderedJSON.array($0.map { $0.json(encoder) }) })
        line.add("dropped", json: fields.dropped.map { OrderedJSON.array($0.map { $0.json(encoder) }) })
        line.add("failures", json: fields.failures.map { OrderedJSON.array($0.map { $0.json(encoder) }) })
        line.add("payload", json: payload)
        return line.text
    }

    /// Seconds as a trace writes them: milliseconds, rounded.
    static func seconds(_ time: Duration) -> Double {
        let seconds = Double(time.components.seconds) + Double(time.components.attoseconds) / 1e18
        return (seconds * 1000).rounded() / 1000
    }
}

extension SubscriptionInfo.Delivery {
    /// The delivery a trace names (`"executor"`), or synchronous for a name this build does not know.
    init(name: String) {
        let all: [SubscriptionInfo.Delivery] = [
            .synchronous, .once, .interceptor, .executor, .stream, .async, .stepping,
        ]
        self = all.first { "\($0)" == name } ?? .synchronous
    }
}
