import EventBus
import TerminalUI

/// What the cart pane shows.
public struct CartState: Equatable, Sendable {
    /// The cart's lines.
    public var items: [CartItem] = []
    /// Index of the highlighted line (moved with ↑/↓ when the pane has focus).
    public var selection = 0
    /// The last order placed, shown until something is added again.
    public var lastOrder: CheckoutDidCompleteEvent?
    /// Why the last checkout was refused, shown until the cart changes.
    public var vetoReason: String?
    /// What the loyalty programme did with an order, by order number: its points, or why it
    /// awarded none (the loyalty handler threw). Shown under ``lastOrder`` when it is that order.
    public var loyalty: [Int: LoyaltyOutcome] = [:]
    /// What the pane's subscriptions heard, newest first, at most ``CartPane/keptHistory``: a
    /// wide pane lists it beside the cart.
    public var history: [CartHeard] = []

    /// The loyalty programme's answer to one order.
    public enum LoyaltyOutcome: Equatable, Sendable {
        /// Points were awarded (``LoyaltyDidAwardPointsEvent``).
        case awarded(Int)
        /// The award failed with this error: no points.
        case failed(String)
    }

    /// Creates a state.
    public init(
        items: [CartItem] = [], selection: Int = 0, lastOrder: CheckoutDidCompleteEvent? = nil,
        vetoReason: String? = nil, loyalty: [Int: LoyaltyOutcome] = [:], history: [CartHeard] = []
    ) {
        self.history = history
        self.items = items
        self.selection = selection
        self.lastOrder = lastOrder
        self.vetoReason = vetoReason
        self.loyalty = loyalty
    }

    /// Sum of the lines.
    public var total: Money { CartDidUpdateEvent(items: items).total }
    /// Units in the cart.
    public var itemCount: Int { CartDidUpdateEvent(items: items).itemCount }
}

/// The cart pane: follows the cart store's state and the checkout events.
@MainLoop
public final class CartPane {
    /// The current state.
    public private(set) var state = CartState()
    private var failureTap: SubscriptionToken?

    /// Subscribes on `executor` for as long as the pane lives.
    public init(bus: EventBus, executor: MainLoopExecutor) {
        // The cart store's state: replayed at once, then every change (an unchanged cart, say
        // after clearing an empty one, is skipped as a repeat).
        bus.states(for: CartDidUpdateEvent.self).subscribe(owner: self, on: executor) { pane, event in
            MainLoop.assumeIsolated {
                pane.heard(.cartChange(from: pane.state.items, to: event))
                pane.state.items = event.items
                pane.state.selection = min(pane.state.selection, max(0, event.items.count - 1))
                if !event.items.isEmpty { pane.state.lastOrder = nil }
                pane.state.vetoReason = nil
            }
        }
        bus.subscribe(owner: self, for: CheckoutVetoedEvent.self, on: executor) { pane, event in
            MainLoop.assumeIsolated {
                pane.heard(CartHeard("CheckoutVetoedEvent", "✗ checkout refused: \(event.reason)", .warning))
                pane.state.vetoReason = event.reason
            }
        }
        bus.subscribe(owner: self, for: CheckoutDidCompleteEvent.self, on: executor) { pane, event in
            MainLoop.assumeIsolated {
                pane.heard(
                    CartHeard(
                        "CheckoutDidCompleteEvent", "✓ order #\(event.orderNumber) placed: \(event.total)",
                        .good, orderNumber: event.orderNumber))
                pane.state.lastOrder = event
                pane.state.loyalty = pane.state.loyalty.filter { $0.key == event.orderNumber }
            }
        }
        // The award is published inside the order's publish, so it may arrive before the order
        // does: outcomes are kept by order number.
        bus.subscribe(owner: self, for: LoyaltyDidAwardPointsEvent.self, on: executor) { pane, event in
            MainLoop.assumeIsolated {
                pane.heard(
                    CartHeard(
                        "LoyaltyDidAwardPointsEvent",
                        "+\(event.points) points for order #\(event.orderNumber)",
                        .good))
                pane.state.loyalty[event.orderNumber] = .awarded(event.points)
            }
        }
        // A failed award publishes nothing: the pane hears it as the loyalty handler's error,
        // known by the failed subscription's owner, not by its name.
        failureTap = bus.observeAll { _ in
        } failures: { [weak self] failure in
            guard failure.owner is LoyaltyService, let order = failure.event as? CheckoutDidCompleteEvent
            else { return }
            let reason = "\(failure.error)"
            executor.enqueue {
                MainLoop.assumeIsolated {
                    self?.heard(
                        CartHeard(
                            "SubscriberFailure", "✗ LoyaltyService: \(reason)", .warning,
                            orderNumber: order.orderNumber),
                        underOrder: order.orderNumber)
                    self?.state.loyalty[order.orderNumber] = .failed(reason)
                }
            }
        }
    }

    /// Lists `line` first (newest first), or right under the line of order `underOrder` when
    /// the pane has heard of that order.
    private func heard(_ line: CartHeard, underOrder order: Int? = nil) {
        // An order's error comes through the tap, which takes another road to the loop than
        // the order's delivery: listed right under its order (as in the log), whichever came
        // first. Only an order's own line and its error carry its number.
        let index =
            order.flatMap { number in state.history.firstIndex { $0.orderNumber == number } }.map { $0 + 1 }
            ?? 0
        state.history.insert(line, at: index)
        if state.history.count > Self.keptHistory { state.history.removeLast() }
    }

    /// Moves the highlighted line by `delta`, staying within the cart.
    public func moveSelection(by delta: Int) {
        state.selection = max(0, min(state.items.count - 1, state.selection + delta))
    }

    /// Draws `state` as a framed pane into `rect`: a pure function of its arguments. A pane
    /// at least 100 columns wide inside lists, beside the cart, what its subscriptions heard.
    public nonisolated static func render(
        _ state: CartState, focused: Bool, into buffer: inout ScreenBuffer, in rect: Rect
    ) {
        Theme.frame(rect, title: "Cart", focused: focused, into: &buffer)
        let inside = rect.inset(by: 1)
        guard inside.width >= 100 else {
            return renderCart(state, focused: focused, into: &buffer, in: inside)
        }
        let (cart, rest) = inside.splitLeft(44)
        renderCart(state, focused: focused, into: &buffer, in: cart)
        for y in rest.y..<rest.maxY {
            buffer.write("│", column: rest.x, row: y, style: Theme.hint, clip: rest)
        }
        renderHistory(
            state.history, into: &buffer,
            in: Rect(x: rest.x + 2, y: rest.y, width: rest.width - 3, height: rest.height))
    }

    private nonisolated static func renderCart(
        _ state: CartState, focused: Bool, into buffer: inout ScreenBuffer, in inside: Rect
    ) {
        let left = inside.x + 1
        let width = inside.width - 2
        if state.items.isEmpty {
            if let order = state.lastOrder {
                buffer.write(
                    "✓ Order #\(order.orderNumber) placed: \(order.total)", column: left, row: inside.y,
                    style: Theme.good, clip: inside)
                switch state.loyalty[order.orderNumber] {
                case .awarded(let points):
                    buffer.write(
                        "+\(points) loyalty points", column: left, row: inside.y + 1, style: Theme.money,
                        clip: inside)
                case .failed(let reason):
                    buffer.write(
                        "✗ no points: \(reason)".truncatedAtWord(to: width), column: left,
                        row: inside.y + 1, style: Theme.warning, clip: inside)
                case nil:
                    break
                }
            } else {
                buffer.write("Cart is empty", column: left, row: inside.y, clip: inside)
            }
            buffer.write(
                "Press a to add a product", column: left, row: inside.y + 2, style: Theme.hint, clip: inside)
            return
        }
        let visible = max(0, inside.height - 2)  // Two rows for the rule and the total.
        let first = max(0, state.selection - visible + 1)
        for (row, index) in (first..<min(state.items.count, first + visible)).enumerated() {
            let item = state.items[index]
            let price = item.subtotal.description
            let name = "\(item.quantity) × \(item.name)".truncated(to: width - buffer.width(of: price) - 1)
            let y = inside.y + row
            let marker = index == state.selection && focused ? "▸" : " "
            buffer.write(marker + name, column: inside.x, row: y, clip: inside)
            buffer.write(
                price, column: inside.maxX - 1 - buffer.width(of: price), row: y, style: Theme.money,
                clip: inside)
            if index == state.selection && focused {
                buffer.restyle(Rect(x: inside.x, y: y, width: inside.width, height: 1), style: Theme.selected)
            }
        }
        let ruleRow = inside.maxY - 2
        if let reason = state.vetoReason {
            buffer.write(
                "✗ Checkout refused: \(reason)".truncated(to: width), column: left, row: ruleRow,
                style: Theme.warning, clip: inside)
        } else {
            buffer.write(
                String(repeating: "─", count: width), column: left, row: ruleRow, style: Theme.hint,
                clip: inside)
        }
        let units = state.itemCount
        buffer.write(
            "Total (\(units) item\(units == 1 ? "" : "s"))", column: left, row: ruleRow + 1,
            style: Theme.title, clip: inside)
        let total = state.total.description
        buffer.write(
            total, column: inside.maxX - 1 - buffer.width(of: total), row: ruleRow + 1, style: Theme.total,
            clip: inside)
    }
}
