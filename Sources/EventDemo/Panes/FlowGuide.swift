import EventBus
import TerminalUI

/// The Flow view's guide: what a burst does to each kind of subscriber, with their queues live
/// (the paced ticker pane's backlog and drops, the event log's step backlog). With room to
/// spare, a table of the tick's subscriptions from the bus's snapshot (in a replay, the
/// recording's: ``RecordedBus``) and how long each queue takes to drain at its pace.
enum FlowGuide {
    /// The queue figures the guide shows, read from the subscriptions' tokens at render time.
    struct Queues: Equatable {
        var tickerBacklog: Int
        var tickerDropped: Int
        /// Records waiting for ␣, or `nil` when the log is live.
        var logWaiting: Int?
        var logDropped: Int
        /// Ticks the archive's async handler was given, and has archived.
        var archiveReceived: Int
        var archiveDone: Int
    }

    /// The rows whose queues the guide knows. A row is a snapshot's or a recording's
    /// `SubscriptionInfo`, which names its owner's type and holds no reference to it, so the
    /// match is by that name, taken from the types themselves: renaming one renames the match.
    private static let tickerPane = String(describing: TickerPane.self)
    private static let archive = String(describing: ArchiveService.self)

    /// Draws the guide into `rect`: a pure function of its arguments. `subscriptions` are the
    /// tick's in delivery order: the bus's snapshot, or when `replaying`, what the recording
    /// says reached it so far (the replay bus has only the panes, and no archive runs).
    static func render(
        _ queues: Queues, subscriptions: [SubscriptionInfo] = [], replaying: Bool = false,
        into buffer: inout ScreenBuffer, in rect: Rect
    ) {
        Theme.frame(rect, title: "Back-pressure", focused: false, into: &buffer)
        let inside = rect.inset(by: 1)
        let left = inside.x + 1
        var y = inside.y
        func line(_ parts: [(String, Style)], indent: Int = 0) {
            var x = left + indent
            for (text, style) in parts {
                x = buffer.write(text, column: x, row: y, style: style, clip: inside)
            }
            y += 1
        }
        if replaying {
            // `t` publishes, so a replay turns it off: the ticks are the recording's.
            line([("Replay", Theme.label), (": ticks come as recorded", Theme.hint)])
        } else {
            line([("t", Theme.label), (": a burst of 8 ticks at once", Theme.hint)])
        }
        let queued = queues.archiveReceived - queues.archiveDone
        line([("Archive: ", Theme.title), ("async, one at a time", .plain)])
        if replaying {
            let recorded =
                subscriptions.first { $0.subscriberName == archive }?.deliveredEventCount ?? 0
            // A replay runs no services: what the recording says, in the few columns of 80x24.
            line([("recorded: got \(recorded) · not replayed", Theme.hint)], indent: 2)
        } else {
            line(
                [
                    ("queued \(queued)", queued > 0 ? Theme.busy : Theme.hint),
                    (" · done \(queues.archiveDone) · no drops", Theme.hint),
                ], indent: 2)
        }
        line([("Ticker pane: ", Theme.title), ("paced 2/s, newest 16", .plain)])
        line(
            [
                ("waiting \(queues.tickerBacklog)", queues.tickerBacklog > 0 ? Theme.busy : Theme.hint),
                (" · ", Theme.hint),
                ("dropped \(queues.tickerDropped)", queues.tickerDropped > 0 ? Theme.warning : Theme.hint),
            ], indent: 2)
        if let waiting = queues.logWaiting {
            line([("Event log: ", Theme.title), ("step, ␣ lets one in", Theme.busy)])
            line(
                [
                    ("waiting \(waiting)", waiting > 0 ? Theme.busy : Theme.hint), (" · ", Theme.hint),
                    ("dropped \(queues.logDropped)", queues.logDropped > 0 ? Theme.warning : Theme.hint),
                ], indent: 2)
        } else {
            line([("Event log: ", Theme.title), ("live (s: step mode)", .plain)])
            line([("every event, as published", Theme.hint)], indent: 2)
        }
        // The table needs a header, a row per subscription and a line of timings.
        guard inside.maxY - y >= subscriptions.count + 4, inside.width >= 60 else { return }
        if subscriptions.isEmpty {
            // A replay that has not reached a tick yet; a live bus always has the panes'.
            guard replaying else { return }
            y += 1
            line([("PriceDidTickEvent: no tick replayed yet; the recording says who got each", Theme.hint)])
            return
        }
        y += 1
        renderTable(queues, subscriptions, replaying: replaying, into: &buffer, left: left, y: &y, in: inside)
    }

    /// Who gets a tick, from the snapshot, and how long each queue needs to drain at its pace.
    private static func renderTable(
        _ queues: Queues, _ subscriptions: [SubscriptionInfo], replaying: Bool,
        into buffer: inout ScreenBuffer, left: Int, y: inout Int, in inside: Rect
    ) {
        let widths = [16, 10, 11, 10, 9]
        func row(_ cells: [String], _ styles: [Style]) {
            var x = left
            for (index, text) in cells.enumerated() {
                let width = widths[index]
                let cell = index >= 3 ? text.leftPadded(to: width - 1) + " " : text.truncated(to: width - 1)
                buffer.write(cell, column: x, row: y, style: styles[index], clip: inside)
                x += width
            }
            y += 1
        }
        let title =
            replaying
            ? "PriceDidTickEvent reached, as recorded, in delivery order:"
            : "PriceDidTickEvent reaches, in delivery order:"
        buffer.write(title, column: left, row: y, style: Theme.title, clip: inside)
        y += 1
        row(
            ["SUBSCRIBER", "DELIVERY", "RUNS ON", "HANDLED", "WAITING"],
            Array(repeating: Theme.header, count: 5))
        for info in subscriptions {
            let waiting = waitingCount(of: info, queues)
            let dropped = info.subscriberName == tickerPane ? queues.tickerDropped : 0
            row(
                [
                    info.subscriberName, String(describing: info.delivery),
                    info.executorLabel.shownAsExecutor,
                    String(max(0, info.deliveredEventCount - dropped - waiting)), String(waiting),
                ],
                [Theme.title, .plain, Theme.executor, Theme.money, waiting > 0 ? Theme.busy : Theme.hint])
        }
        let tickerDrain = Double(queues.tickerBacklog) * 0.5
        let archiveDrain = Double(queues.archiveReceived - queues.archiveDone) * 0.15
        let archive = replaying ? "" : ", archive \(seconds(archiveDrain)) (150 ms each)"
        buffer.write(
            "To catch up: ticker pane \(seconds(tickerDrain)) (1 per 500 ms)\(archive)",
            column: left, row: y, style: Theme.hint, clip: inside)
        y += 1
    }

    /// Events the subscription was given that its handler has not run yet.
    private static func waitingCount(of info: SubscriptionInfo, _ queues: Queues) -> Int {
        switch info.subscriberName {
        case tickerPane: queues.tickerBacklog
        case archive: max(0, queues.archiveReceived - queues.archiveDone)
        default: 0
        }
    }

    private static func seconds(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
