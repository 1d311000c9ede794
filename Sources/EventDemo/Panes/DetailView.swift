import EventBus
import Foundation
import TerminalUI

/// Enter on a log row: everything the tap knew about one publish, over the view's body. A pure
/// function of its arguments; Esc (or Enter) closes it.
///
/// It shows the full payload (the event's JSON, wrapped), who published it, from which call
/// site (file, line and function, from the tap's record), and the publish it was made inside, and every subscription it reached in delivery order with its owner,
/// executor, delivery kind and priority (as the tap's record, or a replay's recording, has them),
/// then the deliveries skipped (with the step that skipped them), turned away
/// by a full buffer, the subscriber that stopped it, and the handlers that threw.
enum DetailView {
    static func render(
        _ entry: EventLogEntry, failures: [EventLogEntry], depth: Int, timeFormat: TimeFormat,
        into buffer: inout ScreenBuffer, in body: Rect
    ) {
        let box = body.centered(width: min(96, body.width - 2), height: body.height)
        buffer.fill(box, with: Cell(" "))
        buffer.drawBox(
            box, title: "#\(entry.sequenceNumber) \(entry.typeName)", lines: .heavy,
            border: Theme.focusedBorder,
            titleStyle: Theme.focusedTitle)
        let inside = box.inset(by: 1)
        let width = inside.width - 2
        var lines: [(String, Style)] = []
        func add(_ label: String, _ text: String, _ style: Style = .plain) {
            let wrapped = Chrome.wrap(text.split(separator: " ").map(String.init), width: width - 14)
            for (index, line) in (wrapped.isEmpty ? [""] : wrapped).enumerated() {
                lines.append(
                    (
                        (index == 0 ? label : "").padding(toLength: 14, withPad: " ", startingAt: 0) + line,
                        style
                    ))
            }
        }
        add("Published", "\(timeFormat.preciseTime(entry.time)) by \(entry.publisher)")
        if !entry.callSite.isEmpty { add("Call site", entry.callSite, Theme.executor) }
        if let cause = entry.cause {
            add("Inside", "publish #\(cause) (a handler of it published this, depth \(depth))")
        }
        add("Summary", entry.summary.isEmpty ? "—" : entry.summary)
        for (index, chunk) in chunks(entry.payload.isEmpty ? "—" : entry.payload, width: width - 14)
            .enumerated()
        {
            lines.append(
                (
                    (index == 0 ? "Payload" : "").padding(toLength: 14, withPad: " ", startingAt: 0) + chunk,
                    .plain
                ))
        }
        lines.append(("", .plain))
        let reached =
            entry.reachedCount == 0
            ? "nobody" : "\(entry.reachedCount) subscription\(entry.reachedCount == 1 ? "" : "s")"
        lines.append(("Reached       \(reached), in delivery order:", Theme.title))
        for recipient in entry.recipients {
            // As the record (or the recording) has it: the subscription may have ended since.
            let kind = String(describing: recipient.delivery)
            let priority = "priority \(recipient.priority)"
            let threw = failures.contains { $0.publisher == recipient.subscriberName }
            let line =
                (threw ? "  ✗ " : "  ✓ ")
                + recipient.subscriberName.padding(toLength: 18, withPad: " ", startingAt: 0)
                + recipient.executorLabel.executorPhrase.padding(toLength: 15, withPad: " ", startingAt: 0)
                + kind.padding(toLength: 12, withPad: " ", startingAt: 0) + priority
            lines.append((line, threw ? Theme.warning : .plain))
        }
        for skip in entry.skips {
            lines.append(
                (
                    "  ⤼ \(skip.subscriberName) \(skip.executorLabel.executorPhrase): skipped (\(skip.reason))",
                    Theme.busy
                ))
        }
        for dropped in entry.droppedBy {
            // Keep-newest: it took this event and dropped its oldest waiting one; keep-oldest:
            // it dropped this one.
            let tookIt = entry.recipients.contains { $0.subscriberName == dropped.subscriberName }
            let what = tookIt ? "dropped its oldest waiting event for this one" : "dropped this event"
            lines.append(
                (
                    "  ⊘ \(dropped.subscriberName) \(dropped.executorLabel.executorPhrase): \(what) (buffer full)",
                    Theme.warning
                ))
        }
        if let consumer = entry.consumedBy {
            lines.append(("  ■ stopped by \(consumer): later subscriptions did not get it", Theme.warning))
        }
        for failure in failures {
            lines.append(("    \(failure.publisher) threw: \(failure.failure ?? "")", Theme.warning))
        }
        for (offset, line) in lines.prefix(inside.height - 2).enumerated() {
            buffer.write(
                line.0, column: inside.x + 1, row: inside.y + 1 + offset, style: line.1, clip: inside)
        }
        if lines.count > inside.height - 2 {
            buffer.write("…", column: inside.x + 1, row: inside.maxY - 1, style: Theme.hint, clip: inside)
        }
        let hint = " Esc closes "
        buffer.write(
            hint, column: box.maxX - 2 - hint.count, row: box.maxY - 1, style: Theme.focusedTitle, clip: box)
    }

    /// JSON `text` in lines of at most `width` characters, broken after commas (a field is cut
    /// only when it is longer than a line by itself).
    static func chunks(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var pieces: [String] = []
        var piece = ""
        for character in text {
            piece.append(character)
            if character == "," {
                pieces.append(piece)
                piece = ""
            }
        }
        if !piece.isEmpty { pieces.append(piece) }
        var lines: [String] = []
        var line = ""
        for var piece in pieces {
            if line.count + piece.count > width, !line.isEmpty {
                lines.append(line)
                line = ""
            }
            while piece.count > width {
                lines.append(String(piece.prefix(width)))
                piece = String(piece.dropFirst(width))
            }
            line += piece
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
