import TerminalUI

/// The Flow view's guide: what a burst does to each kind of subscriber, with their queues live
/// (the paced ticker pane's backlog and drops, the event log's step backlog).
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

    /// Draws the guide into `rect`: a pure function of its arguments.
    static func render(_ queues: Queues, into buffer: inout ScreenBuffer, in rect: Rect) {
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
        line([("t", Theme.label), (": a burst of 8 ticks at once", Theme.hint)])
        let queued = queues.archiveReceived - queues.archiveDone
        line([("Archive: ", Theme.title), ("async, one at a time", .plain)])
        line(
            [
                ("queued \(queued)", queued > 0 ? Theme.busy : Theme.hint),
                (" · done \(queues.archiveDone) · no drops", Theme.hint),
            ], indent: 2)
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
    }
}
