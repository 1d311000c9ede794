import EventBus
import Foundation
import TerminalUI

extension BusPane {
    /// What each delivery kind means, in the order the library lists them: the words a
    /// newcomer needs to read the DELIVERY and RUNS ON columns.
    nonisolated static let deliveryMeanings: [(SubscriptionInfo.Delivery, String)] = [
        (.synchronous, "runs inside publish, on the publisher's thread (RUNS ON inline), higher PRIO first"),
        (.once, "like synchronous, for the first event only"),
        (.interceptor, "runs inside publish before lower PRIO, and may stop the event for everyone after it"),
        (.executor, "publish queues it; it runs later on that executor (main-loop: the app's loop)"),
        (.stream, "yielded to an AsyncStream that a task reads"),
        (.async, "an async handler: one event at a time, in a task of its own; the rest wait in its queue"),
        (.stepping, "one event at a time; the handler's promise asks for the next (paced: one per interval)"),
    ]

    /// Draws, from row `y` on, a key to the delivery kinds in `kinds` and the counts, if it fits
    /// in `inside`; moves `y` past it.
    nonisolated static func renderDeliveryKey(
        _ kinds: Set<SubscriptionInfo.Delivery>, at y: inout Int, left: Int, into buffer: inout ScreenBuffer,
        in inside: Rect
    ) {
        let meanings = deliveryMeanings.filter { kinds.contains($0.0) }
        let lines =
            meanings.map {
                ("  " + String(describing: $0.0).padding(toLength: 13, withPad: " ", startingAt: 0), $0.1)
            }
            + [
                (
                    "  RECEIVED".padding(toLength: 15, withPad: " ", startingAt: 0),
                    "events run or queued for it; DROPPED: turned away by its full buffer"
                )
            ]
        guard !meanings.isEmpty, y + lines.count < inside.maxY else { return }
        buffer.write("HOW EACH DELIVERY RUNS", column: left, row: y, style: Theme.header, clip: inside)
        y += 1
        for (label, meaning) in lines {
            let x = buffer.write(label, column: left, row: y, style: Theme.title, clip: inside)
            buffer.write(
                meaning.truncatedAtWord(to: inside.maxX - 1 - x), column: x, row: y, style: Theme.hint,
                clip: inside)
            y += 1
        }
    }
}
