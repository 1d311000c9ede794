import TerminalUI

/// One thing the cart pane heard, and what it did to the pane: the history a wide cart pane
/// lists beside the cart, newest first, so the cart's state reads as the events that made it.
public struct CartHeard: Equatable, Sendable {
    /// What was heard: the event's type, or `SubscriberFailure` for a handler error its tap got.
    public var typeName: String
    /// What it did, for example `+ Milk frother → 3 items, €62.40`.
    public var effect: String
    /// How it reads: a plain change, a success or a refusal.
    public var tone: Tone
    /// The order it is about, if any (an order placed, its points or its error).
    public var orderNumber: Int?

    /// How a line reads.
    public enum Tone: Equatable, Sendable {
        /// A change to the cart.
        case plain
        /// An order placed, points awarded.
        case good
        /// A refusal or a handler error.
        case warning
    }

    /// Creates a line.
    public init(_ typeName: String, _ effect: String, _ tone: Tone = .plain, orderNumber: Int? = nil) {
        self.typeName = typeName
        self.effect = effect
        self.tone = tone
        self.orderNumber = orderNumber
    }

    /// What a new cart state did to `old`: lines added or removed and the new count and total.
    /// A state equal to the old one can only be the store's current value replayed when the
    /// pane subscribed (state subscriptions skip repeats).
    static func cartChange(from old: [CartItem], to new: CartDidUpdateEvent) -> CartHeard {
        var changes: [String] = []
        for item in new.items {
            let before = old.first { $0.name == item.name }?.quantity ?? 0
            if item.quantity > before {
                changes.append(
                    "+\(item.quantity - before == 1 ? "" : "\(item.quantity - before)") \(item.name)")
            }
        }
        for item in old {
            let after = new.items.first { $0.name == item.name }?.quantity ?? 0
            if after < item.quantity {
                changes.append(
                    "-\(item.quantity - after == 1 ? "" : "\(item.quantity - after)") \(item.name)")
            }
        }
        let type = String(describing: CartDidUpdateEvent.self)
        if changes.isEmpty { return CartHeard(type, "replayed on subscribe: \(new.summary)") }
        if new.items.isEmpty, old.count > 1 {
            return CartHeard(type, "- all \(old.count) lines → \(new.summary)")
        }
        return CartHeard(type, changes.joined(separator: ", ") + " → \(new.summary)")
    }
}

extension CartPane {
    /// The most history lines kept.
    public static let keptHistory = 30

    /// The history column: what the pane's subscriptions heard, newest first.
    nonisolated static func renderHistory(
        _ history: [CartHeard], into buffer: inout ScreenBuffer, in rect: Rect
    ) {
        buffer.write(
            "WHAT CARTPANE HEARD, NEWEST FIRST", column: rect.x, row: rect.y, style: Theme.header, clip: rect)
        guard !history.isEmpty else {
            buffer.write(
                "Nothing yet: each event its subscriptions get is listed here", column: rect.x,
                row: rect.y + 1,
                style: Theme.hint, clip: rect)
            return
        }
        let typeWidth = min(27, history.map(\.typeName.count).max()! + 1)
        for (offset, heard) in history.prefix(rect.height - 1).enumerated() {
            let y = rect.y + 1 + offset
            buffer.write(
                heard.typeName.truncated(to: typeWidth - 1), column: rect.x, row: y, style: Theme.eventType,
                clip: rect)
            let style = heard.tone == .good ? Theme.good : heard.tone == .warning ? Theme.warning : .plain
            buffer.write(
                heard.effect.truncatedAtWord(to: rect.width - typeWidth), column: rect.x + typeWidth, row: y,
                style: style,
                clip: rect)
        }
    }
}
