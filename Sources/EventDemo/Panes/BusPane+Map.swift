import EventBus
import Foundation
import TerminalUI

extension BusPane {
    /// One row of the subscription map. A type's rows list, down the type column, the type and
    /// then its call sites (`← CartService.swift:57 add() ×3`), beside its subscriptions: a
    /// type takes as many rows as the longer of the two lists.
    struct Row: Equatable {
        /// The type name on a type's first row; empty on the others.
        var eventType: String
        /// The type's call site on this row, if it has one here.
        var publisher: BusPaneState.Publisher?
        /// The subscription on this row, if it has one here.
        var info: SubscriptionInfo?
        /// The type this row belongs to (for a row scrolled to the top).
        var typeName: String
    }

    /// The key of a subscription in `render`'s `dropped`: its event type and subscriber.
    public nonisolated static func droppedKey(_ info: SubscriptionInfo) -> String {
        "\(info.eventTypeName) \(info.subscriberName)"
    }

    /// The map's rows: event types by name, each type's subscriptions in delivery order.
    nonisolated static func rows(
        _ snapshot: [String: [SubscriptionInfo]], publishers: [String: [BusPaneState.Publisher]]
    ) -> [Row] {
        snapshot.keys.sorted().flatMap { type in
            let infos = snapshot[type, default: []]
            let sites = publishers[type, default: []]
            return (0..<max(infos.count, sites.count + 1)).map { index in
                Row(
                    eventType: index == 0 ? type : "",
                    publisher: index > 0 && index <= sites.count ? sites[index - 1] : nil,
                    info: index < infos.count ? infos[index] : nil, typeName: type)
            }
        }
    }

    /// How many rows the map has for `snapshot` and the call sites seen, for scrolling.
    public nonisolated static func rowCount(
        _ snapshot: [String: [SubscriptionInfo]], publishers: [String: [BusPaneState.Publisher]] = [:]
    ) -> Int {
        snapshot.reduce(0) { $0 + max($1.value.count, publishers[$1.key, default: []].count + 1) }
    }

    /// The map: `state`'s call sites and last payloads beside `snapshot`'s subscriptions, then,
    /// when every row fits with room to spare, a key to the delivery kinds on screen.
    nonisolated static func renderMap(
        _ snapshot: [String: [SubscriptionInfo]], state: BusPaneState, dropped: [String: Int], focused: Bool,
        into buffer: inout ScreenBuffer, in rect: Rect
    ) {
        let publishers = state.publishers
        let replay = state.replay
        let rows = rows(snapshot, publishers: publishers)
        let count = snapshot.values.reduce(0) { $0 + $1.count }
        let sites = Set(snapshot.keys.flatMap { type in publishers[type, default: []].map(\.site) }).count
        let counts = "\(count) on \(snapshot.count) event types, published from \(sites) places"
        let title =
            replay.map { "Recorded subscriptions (\($0.replayed)/\($0.total) replayed): \(counts)" }
            ?? "Subscriptions: \(count) live on \(snapshot.count) event types, published from \(sites) places"
        Theme.frame(rect, title: title, focused: focused, into: &buffer)
        let inside = rect.inset(by: 1)
        guard inside.height > 0 else { return }
        if replay != nil, rows.count + 2 < inside.height {
            // Said in words too where there is room: the replay's own bus has only the panes.
            let note =
                rows.isEmpty
                ? "Nothing replayed yet: each replayed event adds who received it when it was recorded"
                : "From the recording: who received each replayed event, and where it was published"
            buffer.write(
                note.truncatedAtWord(to: inside.width - 2), column: inside.x + 1,
                row: rows.isEmpty ? inside.y : inside.y + 2 + rows.count,
                style: Theme.hint, clip: inside)
        }
        let visible = inside.height - 1
        let first = max(0, min(state.scrollOffset, rows.count - visible))
        let shown = Array(rows.dropFirst(first).prefix(visible))
        let columns = MapColumns(width: inside.width - 2, rows: shown, dropped: dropped)
        let left = inside.x + 1
        if !rows.isEmpty {
            buffer.write(columns.header, column: left, row: inside.y, style: Theme.header, clip: inside)
        }
        for (offset, row) in shown.enumerated() {
            let y = inside.y + 1 + offset
            var x = left
            if let site = row.publisher {
                _ = write(columns.text(of: site), columns.type, x, y, Theme.hint, &buffer, inside)
            } else {
                // Continuation rows of a type scrolled to the top still say which type they are.
                let type = offset == 0 && row.eventType.isEmpty ? "↑ " + row.typeName : row.eventType
                _ = write(type, columns.type, x, y, Theme.eventType, &buffer, inside)
            }
            if columns.last > 0, !row.eventType.isEmpty {
                // What flows on this type: its last event, field by field.
                let payload = state.lastPayloads[row.eventType]
                let text =
                    payload.map { PayloadFields.fitted($0, to: columns.last - 1) ?? $0 } ?? "never published"
                _ = write(
                    text, columns.last, left + columns.lastOffset, y, payload == nil ? Theme.hint : .plain,
                    &buffer, inside)
            }
            x += columns.type
            guard let info = row.info else { continue }
            let drops = dropped[droppedKey(info)] ?? 0
            x = write(
                info.subscriberName + (info.isOwnerBound ? "" : " (token)"), columns.subscriber, x, y,
                Theme.title, &buffer, inside)
            x = write(String(describing: info.delivery), columns.kind, x, y, .plain, &buffer, inside)
            x = write(
                info.executorLabel.shownAsExecutor, columns.ranOn, x, y, Theme.executor, &buffer, inside)
            x = write(
                String(info.priority).leftPadded(to: columns.priority - 1), columns.priority, x, y, .plain,
                &buffer, inside)
            x = write(
                String(max(0, info.deliveredEventCount - drops)).leftPadded(to: columns.received - 1),
                columns.received, x, y, Theme.money, &buffer, inside)
            guard columns.dropped > 0 else { continue }
            _ = write(
                (drops > 0 ? String(drops) : "·").leftPadded(to: columns.dropped - 1), columns.dropped, x, y,
                drops > 0 ? Theme.warning : Theme.hint, &buffer, inside)
        }
        if shown.count == rows.count {
            var y = inside.y + 2 + rows.count + (replay != nil ? 2 : 0)  // under the note, if any
            let keyTop = y
            renderDeliveryKey(
                Set(shown.compactMap(\.info?.delivery)), at: &y, left: left, into: &buffer, in: inside)
            // Rows still to spare after the key (a tall terminal): the last publishes.
            if y > keyTop { renderRecent(state.recent, at: &y, left: left, into: &buffer, in: inside) }
        }
        if rows.count > visible {
            let more = " \(first + 1)–\(min(rows.count, first + visible)) of \(rows.count) ↑↓ "
            buffer.write(
                more, column: rect.maxX - more.count - 2, row: rect.maxY - 1, style: Theme.hint, clip: rect)
        }
    }

    private nonisolated static func write(
        _ text: String, _ width: Int, _ x: Int, _ y: Int, _ style: Style, _ buffer: inout ScreenBuffer,
        _ clip: Rect
    ) -> Int {
        buffer.write(text.truncated(to: width - 1), column: x, row: y, style: style, clip: clip)
        return x + width
    }

    /// Column widths from the rows on screen: the fixed columns as wide as their content (or
    /// header) needs, the type column (types and their call sites) and the subscriber share
    /// the rest, the subscriber up to what its widest entry needs; what is left over goes to the
    /// type column, whose call sites can always use it. Under 100 columns the counts get short
    /// headers, and DROPPED shows only while a row on screen has drops.
    private struct MapColumns {
        static let typeHeader = "EVENT TYPE · FROM"
        let priority = 5, received: Int, dropped: Int
        let kind: Int, ranOn: Int, type: Int, subscriber: Int
        /// The last payload's column (0: no room) and where it starts.
        let last: Int, lastOffset: Int
        private let isNarrow: Bool

        init(width: Int, rows: [Row], dropped drops: [String: Int]) {
            let infos = rows.compactMap(\.info)
            func natural(_ texts: [String], _ header: String) -> Int {
                max(header.count, texts.map(\.count).max() ?? 0) + 1
            }
            isNarrow = width < 96
            received = isNarrow ? 6 : 9
            let anyDrops = infos.contains { (drops[BusPane.droppedKey($0)] ?? 0) > 0 }
            dropped = isNarrow ? (anyDrops ? 6 : 0) : 8
            kind = natural(infos.map { String(describing: $0.delivery) }, "DELIVERY")
            ranOn = natural(infos.map(\.executorLabel.shownAsExecutor), "RUNS ON")
            let rest = max(24, width - kind - ranOn - priority - received - dropped)
            let subscriberNeed = natural(
                infos.map { $0.subscriberName + ($0.isOwnerBound ? "" : " (token)") }, "SUBSCRIBER")
            // The subscriber keeps what it needs unless the type column would get under 22.
            subscriber = max(11, min(subscriberNeed, rest - 22))
            let forms = rows.compactMap(\.publisher).map(Self.forms(of:))
            // The type column takes the rest up to what its longest type or call site needs;
            // beyond that the slack stays at the right, so the table reads as one block.
            let typeNeed =
                ([Self.typeHeader] + rows.map(\.eventType) + forms.map(\.[0])).map(\.count).max()! + 1
            let type = min(rest - subscriber, typeNeed)
            self.type = type
            // Slack of 30 or more at the right: each type's last payload.
            lastOffset = type + subscriber + kind + ranOn + priority + received + dropped + 1
            let slack = width - lastOffset
            last = slack >= 30 ? slack : 0
            siteForm = (0..<2).first { index in forms.allSatisfy { $0[index].count < type } } ?? 2
        }

        /// How call sites are spelled on this screen, one way for all of them: the first of
        /// ``forms(of:)`` (index) in which every visible one fits the type column.
        let siteForm: Int

        /// A call site as the type column fits it (see ``siteForm``).
        func text(of publisher: BusPaneState.Publisher) -> String { Self.forms(of: publisher)[siteForm] }

        /// A call site with its function and count, without the function, without `.swift`.
        static func forms(of publisher: BusPaneState.Publisher) -> [String] {
            let count = publisher.count > 1 ? " ×\(publisher.count)" : ""
            let site = publisher.site
            return [
                "← \(site) \(publisher.function)\(count)", "← \(site)\(count)",
                "← \(site.replacingOccurrences(of: ".swift:", with: ":"))\(count)",
            ]
        }

        var header: String {
            let table = tableHeader
            return last > 0
                ? table.padding(toLength: lastOffset, withPad: " ", startingAt: 0) + "LAST PAYLOAD" : table
        }

        private var tableHeader: String {
            Self.typeHeader.padded(type) + "SUBSCRIBER".padded(subscriber) + "DELIVERY".padded(kind)
                + "RUNS ON".padded(ranOn) + "PRIO".leftPadded(to: priority - 1) + " "
                + (isNarrow ? "RECV" : "RECEIVED").leftPadded(to: received - 1)
                + (dropped > 0 ? " " + (isNarrow ? "DROP" : "DROPPED").leftPadded(to: dropped - 1) : "")
        }
    }
}

extension String {
    fileprivate func padded(_ width: Int) -> String {
        truncated(to: width - 1).padding(toLength: width, withPad: " ", startingAt: 0)
    }
}
