import Foundation
import TerminalUI

extension EventLogPane {
    /// Draws the log into `rect`: a header row, then one entry per row, newest first, starting
    /// `scrollOffset` entries down. A pure function of its arguments.
    ///
    /// Columns: time, event type, payload (takes the slack), subscriptions reached, executors.
    /// With `stepBacklog` (step mode), the title counts what is shown of what was published and
    /// what waits.
    public nonisolated static func render(
        _ entries: [EventLogEntry], scrollOffset: Int = 0, totalCount: Int,
        stepBacklog: (waiting: Int, dropped: Int)? = nil,
        focused: Bool, timeFormat: TimeFormat, into buffer: inout ScreenBuffer, in rect: Rect
    ) {
        // In step mode the title says so, and how many events wait for a press of space.
        let title =
            stepBacklog.map { backlog in
                let published = totalCount + backlog.waiting + backlog.dropped
                return
                    "Event log (\(totalCount) of \(published) published) · STEP: \(backlog.waiting) waiting, ␣ next"
            } ?? "Event log (\(totalCount) published)"
        Theme.frame(rect, title: title, focused: focused, into: &buffer)
        let inside = rect.inset(by: 1)
        guard inside.height > 0 else { return }
        let columns = Columns(width: inside.width - 2)
        let left = inside.x + 1
        buffer.write(columns.header, column: left, row: inside.y, style: Theme.header, clip: inside)
        if entries.isEmpty {
            buffer.write(
                "Nothing published yet: press l, a or c", column: left, row: inside.y + 1, style: Theme.hint,
                clip: inside)
            return
        }
        for (row, entry) in entries.dropFirst(scrollOffset).prefix(inside.height - 1).enumerated() {
            let y = inside.y + 1 + row
            var x = left
            if entry.failure != nil {
                renderFailure(entry, time: timeFormat.preciseTime(entry.time), columns, x, y, &buffer, inside)
                continue
            }
            x = cell(timeFormat.preciseTime(entry.time), columns.time, x, y, Theme.time, &buffer, inside)
            x = cell(entry.typeName, columns.type, x, y, Theme.eventType, &buffer, inside)
            x = cell(entry.summary, columns.payload, x, y, .plain, &buffer, inside)
            let reached = String(entry.reachedCount).leftPadded(to: columns.subscribers - 1)
            let isDead = entry.reachedCount == 0 && entry.skips.isEmpty
            x = cell(
                reached, columns.subscribers, x, y, isDead ? Theme.warning : Theme.title, &buffer, inside)
            let ranOn = entry.reachedCount == 0 ? "nobody" : entry.executorLabels.joined(separator: ", ")
            if !entry.skips.isEmpty {
                // Skipped deliveries in their own colour: the step that skipped them when nothing
                // else ran, otherwise how many (the status line names them all, with reasons).
                let reason = entry.skips[0].reason.replacingOccurrences(of: "automatic ", with: "")
                let count = entry.skips.count
                let ran = entry.reachedCount == 0 ? "" : "\(ranOn), "
                let skipped =
                    entry.reachedCount == 0
                    ? (count == 1 ? "skip: \(reason)" : "\(count) skip: \(reason)") : "\(count) skipped"
                let end = buffer.write(ran, column: x, row: y, style: Theme.executor, clip: inside)
                _ = cell(skipped, columns.ranOn - ran.count, end, y, Theme.busy, &buffer, inside)
            } else if let consumer = entry.consumedBy {
                _ = cell("stop: \(consumer)", columns.ranOn, x, y, Theme.warning, &buffer, inside)
            } else {
                _ = cell(
                    ranOn, columns.ranOn, x, y, entry.reachedCount == 0 ? Theme.warning : Theme.executor,
                    &buffer, inside)
            }
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
        x = cell(time, columns.time, x, y, Theme.failure, &buffer, clip)
        x = cell("✗ \(entry.publisher) threw", columns.type, x, y, Theme.failure, &buffer, clip)
        _ = cell(
            entry.failure ?? "", columns.payload + columns.subscribers + columns.ranOn, x, y, Theme.failure,
            &buffer, clip)
    }

    private nonisolated static func cell(
        _ text: String, _ width: Int, _ x: Int, _ y: Int, _ style: Style, _ buffer: inout ScreenBuffer,
        _ clip: Rect
    ) -> Int {
        buffer.write(text.truncated(to: width - 1), column: x, row: y, style: style, clip: clip)
        return x + width
    }

    /// Column widths for a given row width; the payload column absorbs what is left.
    private struct Columns {
        let time = 13, type = 25, subscribers = 5
        let ranOn: Int, payload: Int

        init(width: Int) {
            ranOn = width >= 90 ? 22 : 21
            payload = max(8, width - time - type - subscribers - ranOn)
        }

        var header: String {
            "TIME".padding(time) + "EVENT".padding(type) + "PAYLOAD".padding(payload)
                + "SUBS".padding(subscribers)
                + "RAN ON"
        }
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        truncated(to: width).padding(toLength: width, withPad: " ", startingAt: 0)
    }
}
