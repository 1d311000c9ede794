import EventBus
import TerminalUI

extension BusPane {
    /// One row of the subscription map.
    struct Row: Equatable {
        var eventType: String  // Empty after the first row of a type.
        var info: SubscriptionInfo
    }

    /// The snapshot as rows: event types by name, each type's subscriptions in delivery order.
    nonisolated static func rows(_ snapshot: [String: [SubscriptionInfo]]) -> [Row] {
        snapshot.keys.sorted().flatMap { type in
            snapshot[type, default: []].enumerated().map { index, info in
                Row(eventType: index == 0 ? type : "", info: info)
            }
        }
    }

    /// How many rows the map has for `snapshot` (one per subscription), for scrolling.
    public nonisolated static func rowCount(_ snapshot: [String: [SubscriptionInfo]]) -> Int {
        snapshot.values.reduce(0) { $0 + $1.count }
    }

    /// How many subscription rows the map shows when the view's body is `body`.
    public nonisolated static func visibleMapRows(in body: Rect) -> Int {
        let bottomHeight = min(7, max(5, body.height / 4))
        return max(1, body.height - bottomHeight - 3)
    }

    /// Draws the bus: every event type with its subscriptions (subscriber, delivery kind, where
    /// it runs, priority, events received), and under it the dead events and handler errors.
    /// A pure function of its arguments.
    public nonisolated static func render(
        snapshot: [String: [SubscriptionInfo]], state: BusPaneState, focused: Bool,
        into buffer: inout ScreenBuffer, in rect: Rect
    ) {
        let bottomHeight = min(7, max(5, rect.height / 4))
        let (top, bottom) = rect.splitTop(rect.height - bottomHeight)
        let (deadRect, failuresRect) = bottom.splitLeft(bottom.width / 2)
        renderMap(snapshot, scrollOffset: state.scrollOffset, focused: focused, into: &buffer, in: top)
        renderDeadEvents(state.deadEvents, into: &buffer, in: deadRect)
        renderFailures(state, into: &buffer, in: failuresRect)
    }

    private nonisolated static func renderMap(
        _ snapshot: [String: [SubscriptionInfo]], scrollOffset: Int, focused: Bool,
        into buffer: inout ScreenBuffer, in rect: Rect
    ) {
        let rows = rows(snapshot)
        let title = "Subscriptions: \(rows.count) live on \(snapshot.count) event types"
        Theme.frame(rect, title: title, focused: focused, into: &buffer)
        let inside = rect.inset(by: 1)
        guard inside.height > 0 else { return }
        let columns = Columns(width: inside.width - 2)
        let left = inside.x + 1
        buffer.write(columns.header, column: left, row: inside.y, style: Theme.header, clip: inside)
        let visible = inside.height - 1
        let first = max(0, min(scrollOffset, rows.count - visible))
        for (offset, row) in rows.dropFirst(first).prefix(visible).enumerated() {
            let y = inside.y + 1 + offset
            let info = row.info
            // Continuation rows of a type scrolled to the top still say which type they are.
            let type = offset == 0 && row.eventType.isEmpty ? "↑ " + info.eventTypeName : row.eventType
            var x = left
            x = write(type, columns.type, x, y, Theme.eventType, &buffer, inside)
            x = write(
                info.subscriberName + (info.isOwnerBound ? "" : " (token)"), columns.subscriber, x, y,
                Theme.title, &buffer, inside)
            x = write(String(describing: info.delivery), columns.kind, x, y, .plain, &buffer, inside)
            x = write(info.executorLabel, columns.ranOn, x, y, Theme.executor, &buffer, inside)
            x = write(
                String(info.priority).leftPadded(to: columns.priority - 1), columns.priority, x, y, .plain,
                &buffer, inside)
            _ = write(
                String(info.eventsReceived).leftPadded(to: columns.received - 1), columns.received, x, y,
                Theme.money, &buffer, inside)
        }
        if rows.count > visible {
            let more = " \(first + 1)–\(min(rows.count, first + visible)) of \(rows.count) ↑↓ "
            buffer.write(
                more, column: rect.maxX - more.count - 2, row: rect.maxY - 1, style: Theme.hint, clip: rect)
        }
    }

    private nonisolated static func renderDeadEvents(
        _ deadEvents: [BusPaneState.DeadEventCount], into buffer: inout ScreenBuffer, in rect: Rect
    ) {
        let total = deadEvents.reduce(0) { $0 + $1.count }
        Theme.frame(rect, title: "Dead events (\(total))", focused: false, into: &buffer)
        let inside = rect.inset(by: 1)
        let left = inside.x + 1
        guard !deadEvents.isEmpty else {
            buffer.write(
                "None: every publish reached", column: left, row: inside.y, style: Theme.hint, clip: inside)
            buffer.write(
                "someone (DeadEvent)", column: left, row: inside.y + 1, style: Theme.hint, clip: inside)
            return
        }
        for (offset, dead) in deadEvents.prefix(inside.height).enumerated() {
            let count = "×\(dead.count)"
            buffer.write(
                dead.typeName.truncated(to: inside.width - count.count - 3), column: left,
                row: inside.y + offset,
                style: Theme.warning, clip: inside)
            buffer.write(count, column: inside.maxX - 1 - count.count, row: inside.y + offset, clip: inside)
        }
    }

    private nonisolated static func renderFailures(
        _ state: BusPaneState, into buffer: inout ScreenBuffer, in rect: Rect
    ) {
        Theme.frame(rect, title: "Handler errors (\(state.failureCount))", focused: false, into: &buffer)
        let inside = rect.inset(by: 1)
        let left = inside.x + 1
        guard !state.failures.isEmpty else {
            buffer.write(
                "None: no handler has thrown", column: left, row: inside.y, style: Theme.hint, clip: inside)
            return
        }
        for (offset, failure) in state.failures.prefix(inside.height).enumerated() {
            buffer.write(
                failure.truncated(to: inside.width - 2), column: left, row: inside.y + offset,
                style: Theme.warning,
                clip: inside)
        }
    }

    private nonisolated static func write(
        _ text: String, _ width: Int, _ x: Int, _ y: Int, _ style: Style, _ buffer: inout ScreenBuffer,
        _ clip: Rect
    ) -> Int {
        buffer.write(text.truncated(to: width - 1), column: x, row: y, style: style, clip: clip)
        return x + width
    }

    /// Column widths for a row width; the event type and subscriber share what is left.
    private struct Columns {
        let kind = 12, priority = 5, received = 9
        let type: Int, subscriber: Int, ranOn: Int

        init(width: Int) {
            ranOn = width >= 100 ? 18 : 11
            let rest = max(20, width - kind - priority - received - ranOn)
            type = rest * 11 / 20
            subscriber = rest - type
        }

        var header: String {
            "EVENT TYPE".padded(type) + "SUBSCRIBER".padded(subscriber) + "DELIVERY".padded(kind)
                + "RUNS ON".padded(ranOn) + "PRIO".leftPadded(to: priority - 1) + " "
                + "RECEIVED".leftPadded(to: received - 1)
        }
    }
}

extension String {
    fileprivate func padded(_ width: Int) -> String {
        truncated(to: width - 1).padding(toLength: width, withPad: " ", startingAt: 0)
    }
}
