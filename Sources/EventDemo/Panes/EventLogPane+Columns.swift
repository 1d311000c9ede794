import EventBus
import Foundation
import TerminalUI

extension EventLogPane {
    /// One row's texts that decide column widths.
    struct Row {
        var entry: EventLogEntry
        /// The event type, indented under its cause with `↳` when nested.
        var type: String
        /// ``type`` without the `Event` every demo type name ends in, for narrow terminals.
        var shortType: String
        var ranOn: (text: String, style: Style)
        /// Who the subscriptions were, in delivery order (the wide terminal's extra column).
        var receivers: String

        init(_ entry: EventLogEntry, depth: Int) {
            self.entry = entry
            let indent = depth == 0 ? "" : String(repeating: " ", count: depth - 1) + "↳ "
            type = indent + entry.typeName
            let name = entry.typeName
            let stripsSuffix = name.hasSuffix("Event") && name.count - 5 >= 6
            shortType = indent + (stripsSuffix ? String(name.dropLast(5)) : name)
            ranOn = Self.ranOn(entry)
            receivers = Self.receivers(entry)
        }

        /// Where the subscriptions ran; skipped deliveries and a stop in their own colours.
        private static func ranOn(_ entry: EventLogEntry) -> (String, Style) {
            if entry.failure != nil { return ("", .plain) }
            let labels = entry.executorLabels.map(\.shownAsExecutor).joined(separator: ", ")
            if !entry.skips.isEmpty {
                let reason = entry.skips[0].reason.replacingOccurrences(of: "automatic ", with: "")
                let count = entry.skips.count
                if entry.reachedCount == 0 {
                    return ("skipped\(count > 1 ? " ×\(count)" : ""): \(reason)", Theme.busy)
                }
                return ("\(labels) · \(count) skipped", Theme.executor)
            }
            if let consumer = entry.consumedBy { return ("stop: \(consumer)", Theme.warning) }
            if entry.reachedCount == 0 { return ("nobody", Theme.warning) }
            return (labels, Theme.executor)
        }

        private static func receivers(_ entry: EventLogEntry) -> String {
            guard entry.failure == nil else { return "" }
            var parts = [entry.recipients.map(\.subscriberName).joined(separator: ", ")]
            if !entry.skips.isEmpty {
                parts.append("skipped: " + entry.skips.map(\.subscriberName).joined(separator: ", "))
            }
            // A full keep-newest buffer takes the event and drops an older one (the subscriber
            // is a recipient too); a full keep-oldest buffer drops the event itself.
            for dropping in entry.droppedBy {
                let name = dropping.subscriberName
                let tookIt = entry.recipients.contains { $0.subscriberName == name }
                parts.append(tookIt ? "\(name) dropped an older one" : "\(name) dropped it")
            }
            return parts.filter { !$0.isEmpty }.joined(separator: " · ")
        }
    }

    /// Column widths from the rows on screen. Every column but the payload gets what its widest
    /// visible entry needs, up to a cap; the payload gets the rest. When the payload would get
    /// less than its own entries need, the least important columns give way first, each only as
    /// far as needed: the receivers (wide terminals only: the status line and the detail view
    /// name them too), the publisher (the event type then takes its colour), the hour, the
    /// `Event` at the end of every type name, then RAN ON and the type are cut (with `…`).
    struct Columns {
        private(set) var timeWidth = 13, publisher = 0, type = 0, ranOn = 0, receivers = 0, payload = 0
        let subscribers = 5
        /// Whether the time keeps its hour; without, it reads `mm:ss.mmm`.
        private(set) var showsHour = true
        /// Whether type names drop their `Event` suffix.
        private(set) var shortTypes = false

        init(width: Int, rows: [Row]) {
            // An empty log sizes its header for typical rows, not for nothing.
            func natural(_ texts: [String], _ minimum: Int, _ cap: Int) -> Int {
                min(cap, max(minimum, (texts.map(\.count).max() ?? (minimum + 12)) + 1))
            }
            let need = natural(rows.map(\.entry.summary), 12, .max)
            publisher = natural(rows.map(\.entry.publisher), 5, 15)
            type = natural(rows.map(\.type), 6, 30)
            ranOn = natural(rows.map(\.ranOn.text), 7, 24)
            receivers = natural(rows.map(\.receivers), 10, 64)
            var rest: Int {
                width - timeWidth - publisher - type - subscribers - ranOn - receivers
            }
            if rest < need { receivers = 0 }
            if rest < min(need, 24) { publisher = 0 }
            if rest < min(need, 20) {
                showsHour = false
                timeWidth = 10
            }
            if rest < min(need, 20) {
                shortTypes = true
                type = natural(rows.map(\.shortType), 6, 22)
            }
            if rest < min(need, 16) { ranOn = min(ranOn, 13) }
            if rest < min(need, 16) { type = max(12, type - (min(need, 16) - rest)) }
            payload = max(8, rest)
        }

        /// The payload as this width shows it: in a column of at least 50, with its field names
        /// (what a subscriber gets, by name), cut after a field with `…` if it must be; else, and
        /// when not even its first field fits, the summary.
        func payload(of entry: EventLogEntry) -> String {
            guard payload >= 50, !entry.fields.isEmpty else { return entry.summary }
            return PayloadFields.fitted(entry.fields, to: payload - 1) ?? entry.summary
        }

        /// The row's type name as this width shows it.
        func type(of row: Row) -> String { shortTypes ? row.shortType : row.type }

        func time(_ date: Date, _ format: TimeFormat) -> String {
            let precise = format.preciseTime(date)
            return showsHour ? precise : String(precise.dropFirst(3))
        }

        var header: String {
            "TIME".columnPadded(timeWidth) + (publisher > 0 ? "FROM".columnPadded(publisher) : "")
                + "EVENT".columnPadded(type) + "PAYLOAD".columnPadded(payload)
                + "SUBS".columnPadded(subscribers)
                + (receivers > 0 ? "RAN ON".columnPadded(ranOn) + "RECEIVED BY" : "RAN ON")
        }
    }
}
