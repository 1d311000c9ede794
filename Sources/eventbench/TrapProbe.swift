import EventBus
import Synchronization

/// The programming errors the documentation says stop the program with a message, run on
/// purpose (`eventbench --trap NAME`), so that scripts/release-traps.sh can check in a release
/// build that the message reaches standard error: `preconditionFailure` loses it under -O.
enum TrapProbe {
    static let names = ["store-dispatch-from-reducer"]

    /// Runs the stop called `name`; returns only if it did not stop the program.
    static func run(_ name: String) {
        switch name {
        case "store-dispatch-from-reducer": dispatchFromTheReducer()
        default: break
        }
    }

    private struct ProbeState: EventBusEvent {}
    private enum ProbeAction: EventBusEvent {
        case first
        case again
    }

    /// Hands the store to its own reducer.
    private final class Relay: Sendable {
        let store = Mutex<Store<ProbeState, ProbeAction>?>(nil)
    }

    /// The Store's warning: a reducer that dispatches stops the program, naming the store.
    private static func dispatchFromTheReducer() {
        let relay = Relay()
        let store = Store<ProbeState, ProbeAction>(bus: EventBus(), initialState: ProbeState()) { _, action in
            if action == .first { relay.store.withLock { $0 }?.dispatch(.again) }
        }
        relay.store.withLock { $0 = store }
        store.dispatch(.first)
    }
}
