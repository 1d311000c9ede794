import TerminalUI

/// The app's views, shown one at a time and switched with `1`, `2`, `3`, F1 to F3, or a click
/// on their tab in the title bar. Each is a different angle on the same bus.
public enum DemoView: Int, CaseIterable, Sendable {
    /// Login, profile, cart and the event log: a shop's services talking over the bus.
    case shop = 1
    /// Back-pressure: the bursty ticker and its paced pane, the event log in step mode.
    case flow
    /// A live map of the bus from its introspection snapshot, dead events and handler errors.
    case bus

    /// The tab's label.
    public var title: String {
        switch self {
        case .shop: "Shop"
        case .flow: "Flow"
        case .bus: "Bus"
        }
    }

    /// The view a key switches to (`1`...`3` or F1...F3), if it is one of those keys.
    public init?(key: Key) {
        switch key {
        case .character(let character):
            guard let number = character.wholeNumberValue, let view = DemoView(rawValue: number) else {
                return nil
            }
            self = view
        case .function(let number):
            guard let view = DemoView(rawValue: number) else { return nil }
            self = view
        default:
            return nil
        }
    }

    /// The panes Tab moves between in this view; the first gets the focus on arrival (the Shop
    /// gets back the focus it had).
    var focusOrder: [DemoApp.Focus] {
        switch self {
        case .shop: [.login, .profile, .cart, .eventLog]
        case .flow: [.eventLog]
        case .bus: [.busMap]
        }
    }
}
