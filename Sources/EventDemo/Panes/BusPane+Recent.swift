import EventBus
import EventBusTracing
import TerminalUI

/// One publish as the Bus view lists it under the map on a tall terminal: which event, from
/// which call site, and whom it reached. Room a 200x60 map would leave blank shows how the
/// rows above are used, one publish at a time.
public struct RecentPublish: Equatable, Sendable {
    /// The bus's sequence number (in a replay, the recorded one).
    public var sequenceNumber: UInt64
    /// Whether a handler of another publish made this one.
    public var isNested: Bool
    /// The event's type name.
    public var typeName: String
    /// The call site and function, for example `CartService.swift:42 add()`.
    public var site: String
    /// Who received it, in delivery order.
    public var receivers: [String]
    /// How many state subscriptions skipped it, and how many full buffers dropped it.
    public var skipped: Int, dropped: Int
    /// The receivers whose handler threw on it (a recording keeps no handler errors).
    public var throwers: Set<String> = []

    /// The publish a tap's `record` describes.
    public init(_ record: PublishRecord) {
        sequenceNumber = record.sequenceNumber
        isNested = record.parentSequenceNumber != nil
        typeName = record.eventTypeName
        site = "\(record.callSite.fileName):\(record.callSite.line) \(record.callSite.function)"
        receivers = record.recipients.map(\.subscriberName)
        skipped = record.skips.count
        dropped = record.droppingRecipients.count
    }

    /// The publish a recording's `entry` describes.
    public init(_ entry: Trace.Entry) {
        sequenceNumber = entry.sequenceNumber
        isNested = entry.parentSequenceNumber != nil
        typeName = entry.eventTypeName
        site = "\(entry.fileID.split(separator: "/").last ?? ""):\(entry.line) \(entry.function)"
        receivers = entry.recipients.map(\.subscriberName)
        skipped = entry.skips.count
        dropped = entry.droppingRecipients.count
    }
}

extension BusPane {
    /// The most recent publishes kept for the list under the map.
    public nonisolated static let keptRecent = 40

    /// Draws, from row `y` on, the most recent publishes (`recent`, newest first) in the rows
    /// left in `inside`, if at least three fit after a blank row and a header; moves `y` past
    /// them.
    nonisolated static func renderRecent(
        _ recent: [RecentPublish], at y: inout Int, left: Int, into buffer: inout ScreenBuffer,
        in inside: Rect
    ) {
        let room = inside.maxY - y - 2
        guard room >= 3, !recent.isEmpty else { return }
        y += 1
        buffer.write(
            "LAST PUBLISHES, NEWEST FIRST: WHERE FROM, WHOM IT REACHED", column: left, row: y,
            style: Theme.header, clip: inside)
        y += 1
        let shown = recent.prefix(room)
        let number = shown.map { "#\($0.sequenceNumber)".count }.max() ?? 0
        let type = (shown.map(\.typeName.count).max() ?? 0) + 3
        let site = (shown.map(\.site.count).max() ?? 0) + 4
        for publish in shown {
            var x = left + 2
            x = buffer.write(
                "#\(publish.sequenceNumber)".leftPadded(to: number), column: x, row: y, style: Theme.hint,
                clip: inside)
            x = buffer.write(
                publish.isNested ? " ↳ " : "   ", column: x, row: y, style: Theme.hint, clip: inside)
            buffer.write(publish.typeName, column: x, row: y, style: Theme.eventType, clip: inside)
            x += type
            buffer.write("← " + publish.site, column: x, row: y, style: Theme.hint, clip: inside)
            x += site
            renderReceivers(of: publish, column: x, row: y, into: &buffer, in: inside)
            y += 1
        }
    }
}

extension BusPane {
    /// Writes whom `publish` reached from `column` on, as the map names them (a subscription
    /// without an owner is its token's), each receiver whose handler threw marked `✗` in the
    /// warning colour, as the detail view marks it; cut with `…` at the edge of `inside`.
    private nonisolated static func renderReceivers(
        of publish: RecentPublish, column: Int, row: Int, into buffer: inout ScreenBuffer, in inside: Rect
    ) {
        let plain = publish.receivers.isEmpty || publish.dropped > 0 ? Theme.warning : Theme.title
        var parts: [(String, Style)] = [("→ ", plain)]
        if publish.receivers.isEmpty { parts.append(("nobody", plain)) }
        for (index, name) in publish.receivers.enumerated() {
            if index > 0 { parts.append((", ", plain)) }
            let shown = RecordedBus.isOwnerless(name) ? name + " (token)" : name
            parts.append(publish.throwers.contains(name) ? ("✗ " + shown, Theme.warning) : (shown, plain))
        }
        var notes: [String] = []
        if publish.skipped > 0 { notes.append("\(publish.skipped) skipped") }
        if publish.dropped > 0 { notes.append("\(publish.dropped) dropped") }
        if !notes.isEmpty { parts.append((" (\(notes.joined(separator: ", ")))", plain)) }
        var x = column
        var room = max(0, inside.maxX - 1 - column)
        for (index, (text, style)) in parts.enumerated() where room > 0 {
            let cut = text.count > room || (text.count == room && index < parts.count - 1)
            let fitted = cut ? text.truncated(to: room) : text
            x = buffer.write(fitted, column: x, row: row, style: style, clip: inside)
            room -= fitted.count
        }
    }
}

extension Array where Element == RecentPublish {
    /// Inserts `publish` by sequence number, dropping the oldest beyond `limit`. A tap hears a
    /// nested publish before the one whose handler made it, so it is not always the newest.
    mutating func keepingLast(_ limit: Int, appending publish: RecentPublish) {
        let index = lastIndex { $0.sequenceNumber < publish.sequenceNumber }.map { $0 + 1 } ?? startIndex
        insert(publish, at: index)
        if count > limit { removeFirst(count - limit) }
    }
}
