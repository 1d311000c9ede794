import EventBus
import TerminalUI

extension BusPane {
    /// How many subscription rows the map shows when the view's body is `body`.
    public nonisolated static func visibleMapRows(in body: Rect) -> Int {
        let bottomHeight = min(7, max(5, body.height / 4))
        return max(1, body.height - bottomHeight - 3)
    }

    /// Draws the bus: every event type with its publishers (call sites) and its subscriptions
    /// (subscriber, delivery kind, where it runs, priority, events delivered and dropped), and
    /// under it the dead events and handler errors. `dropped` has the drops of buffered
    /// subscriptions, by ``droppedKey(_:)``: the library's count of events received includes
    /// the ones a full buffer dropped later, and the map counts only deliveries. A pure
    /// function of its arguments.
    public nonisolated static func render(
        snapshot: [String: [SubscriptionInfo]], state: BusPaneState, dropped: [String: Int] = [:],
        focused: Bool, into buffer: inout ScreenBuffer, in rect: Rect
    ) {
        let bottomHeight = min(7, max(5, rect.height / 4))
        let (top, bottom) = rect.splitTop(rect.height - bottomHeight)
        let (deadRect, failuresRect) = bottom.splitLeft(bottom.width / 2)
        renderMap(snapshot, state: state, dropped: dropped, focused: focused, into: &buffer, in: top)
        renderDeadEvents(state.deadEvents, into: &buffer, in: deadRect)
        renderFailures(state, into: &buffer, in: failuresRect)
    }

    private nonisolated static func renderDeadEvents(
        _ deadEvents: [BusPaneState.DeadEventCount], into buffer: inout ScreenBuffer, in rect: Rect
    ) {
        let total = deadEvents.reduce(0) { $0 + $1.count }
        Theme.frame(rect, title: "Dead events (\(total))", focused: false, into: &buffer)
        let inside = rect.inset(by: 1)
        let left = inside.x + 1
        guard !deadEvents.isEmpty else {
            // Wrapped at the pane's own width: one line when it fits, as at 200x60.
            let sentence = "None: every publish reached someone (DeadEvent)"
            let words = sentence.split(separator: " ").map(String.init)
            for (offset, text) in Chrome.wrap(words, width: inside.width - 2).enumerated() {
                buffer.write(text, column: left, row: inside.y + offset, style: Theme.hint, clip: inside)
            }
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
        let title = "Handler errors (\(state.failureCount))"
        Theme.frame(rect, title: title, focused: false, into: &buffer)
        let inside = rect.inset(by: 1)
        let left = inside.x + 1
        guard !state.failures.isEmpty else {
            // A trace keeps what synchronous handlers threw, not what later ones did.
            let none = state.replay != nil ? "None in the trace so far" : "None: no handler has thrown"
            buffer.write(none, column: left, row: inside.y, style: Theme.hint, clip: inside)
            return
        }
        for (offset, failure) in state.failures.prefix(inside.height).enumerated() {
            buffer.write(
                failure.truncated(to: inside.width - 2), column: left, row: inside.y + offset,
                style: Theme.warning,
                clip: inside)
        }
    }
}
