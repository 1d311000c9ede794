import Foundation
import TerminalUI

extension EventLogPane {
    /// Draws the log into `rect`: a header row, then one entry per row, newest first, starting
    /// `scrollOffset` entries down. A pure function of its arguments.
    ///
    /// Columns share the row by the content of the rows on screen (see `Columns`): time, the
    /// publisher (in its flash colour; without the column, the event type takes that colour),
    /// the event type (nested publishes indented under their cause with `↳`, as `depth` says),
    /// the payload (the slack: in a column of at least 50, the payload with its field names,
    /// cut after a field with `…` if it must be; else the summary), the subscriptions reached, where they ran and, on wide
    /// terminals, who they were. `selection` is highlighted. The bottom border
    /// maps publishers to colours. With `stepBacklog` (step mode), the title counts what is shown
    /// of what was published and what waits; with `filter`, what the search matches.
    public nonisolated static func render(
        _ entries: [EventLogEntry], scrollOffset: Int = 0, totalCount: Int,
        stepBacklog: (waiting: Int, dropped: Int)? = nil, selection: Int? = nil, filter: String = "",
        depth: (EventLogEntry) -> Int = { _ in 0 },
        focused: Bool, timeFormat: TimeFormat, into buffer: inout ScreenBuffer, in rect: Rect
    ) {
        // In step mode the title says so, and how many events wait for a press of space.
        var title =
            stepBacklog.map { backlog in
                let published = totalCount + backlog.waiting + backlog.dropped
                return
                    "Event log (\(totalCount) of \(published) published) · STEP: \(backlog.waiting) waiting, ␣ next"
            } ?? "Event log (\(totalCount) published)"
        if !filter.isEmpty {
            title += " · /\(filter): \(entries.count) match" + (entries.count == 1 ? "" : "es")
        }
        Theme.frame(rect, title: title, focused: focused, into: &buffer)
        renderLegend(into: &buffer, in: rect)
        let inside = rect.inset(by: 1)
        guard inside.height > 0 else { return }
        let visible = Array(entries.dropFirst(scrollOffset).prefix(inside.height - 1))
        let rows = visible.map { Row($0, depth: depth($0)) }
        let columns = Columns(width: inside.width - 2, rows: rows)
        let left = inside.x + 1
        buffer.write(columns.header, column: left, row: inside.y, style: Theme.header, clip: inside)
        if entries.isEmpty {
            let hint =
                filter.isEmpty
                ? "Nothing published yet: press l, a or c" : "Nothing matches /\(filter) (Esc clears)"
            buffer.write(hint, column: left, row: inside.y + 1, style: Theme.hint, clip: inside)
            return
        }
        for (offset, row) in rows.enumerated() {
            let y = inside.y + 1 + offset
            let entry = row.entry
            let time = columns.time(entry.time, timeFormat)
            if entry.failure != nil {
                renderFailure(entry, time: time, columns, left, y, &buffer, inside)
            } else {
                let publisherStyle = Style(foreground: Theme.color(ofPublisher: entry.publisher))
                var x = cell(time, columns.timeWidth, left, y, Theme.time, &buffer, inside)
                if columns.publisher > 0 {
                    x = cell(entry.publisher, columns.publisher, x, y, publisherStyle, &buffer, inside)
                }
                let typeStyle = columns.publisher > 0 ? Theme.eventType : publisherStyle
                x = cell(columns.type(of: row), columns.type, x, y, typeStyle, &buffer, inside)
                // Cut at a word: the summary's last words tell least (`add Paper filters…`,
                // not `add Paper filters ×…`, which reads as a quantity cut off).
                let payload = columns.payload(of: entry).truncatedAtWord(to: columns.payload - 1)
                x = cell(payload, columns.payload, x, y, .plain, &buffer, inside)
                let reached = String(entry.reachedCount).leftPadded(to: columns.subscribers - 1)
                let isDead = entry.reachedCount == 0 && entry.skips.isEmpty
                x = cell(
                    reached, columns.subscribers, x, y, isDead ? Theme.warning : Theme.title, &buffer, inside)
                x = cell(row.ranOn.text, columns.ranOn, x, y, row.ranOn.style, &buffer, inside)
                if columns.receivers > 0 {
                    _ = cell(row.receivers, columns.receivers, x, y, Theme.title, &buffer, inside)
                }
            }
            if offset + scrollOffset == selection {
                for column in inside.x..<inside.maxX { buffer[column, y].style.attributes.insert(.reverse) }
            }
        }
    }

    /// The publishers' flash colours, in the log's bottom border, so a frame's flash can be read.
    private nonisolated static func renderLegend(into buffer: inout ScreenBuffer, in rect: Rect) {
        let names = ["AuthService", "ProfileService", "CartService", "AuditService", "LoyaltyService"]
        let short = rect.width < 100
        let width = names.reduce(2) { $0 + ($1.count - (short ? 7 : 0)) + 3 }
        guard rect.height >= 2, rect.width >= width + 6 else { return }
        var x = rect.maxX - 2 - width
        let y = rect.maxY - 1
        x = buffer.write(" ", column: x, row: y)
        for name in names {
            let color = Theme.color(ofPublisher: name)
            x = buffer.write("■", column: x, row: y, style: Style(foreground: color, attributes: .bold))
            let label = short ? String(name.dropLast(7)) : name
            x = buffer.write(label + " ", column: x, row: y, style: Style(foreground: color))
        }
    }

    /// A subscriber's error, under the publish it happened in, across the whole row in the
    /// failure colour so it cannot be mistaken for an event.
    private nonisolated static func renderFailure(
        _ entry: EventLogEntry, time: String, _ columns: Columns, _ left: Int, _ y: Int,
        _ buffer: inout ScreenBuffer, _ clip: Rect
    ) {
        buffer.restyle(Rect(x: left, y: y, width: clip.maxX - 1 - left, height: 1), style: Theme.failure)
        var x = left
        x = cell(time, columns.timeWidth, x, y, Theme.failure, &buffer, clip)
        let rest = clip.maxX - 1 - x
        _ = cell(
            "✗ \(entry.publisher) threw: \(entry.failure ?? "")", rest, x, y, Theme.failure, &buffer, clip)
    }

    private nonisolated static func cell(
        _ text: String, _ width: Int, _ x: Int, _ y: Int, _ style: Style, _ buffer: inout ScreenBuffer,
        _ clip: Rect
    ) -> Int {
        buffer.write(text.truncated(to: width - 1), column: x, row: y, style: style, clip: clip)
        return x + width
    }
}

extension String {
    /// The string in a column `width` wide: cut to it, or padded with spaces.
    func columnPadded(_ width: Int) -> String {
        truncated(to: width).padding(toLength: width, withPad: " ", startingAt: 0)
    }
}
