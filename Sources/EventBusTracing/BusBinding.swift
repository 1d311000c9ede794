import EventBus

/// Which bus a ``TraceWriter`` traces: the first one it is attached to, for the writer's life.
///
/// Sequence numbers and parents are per bus, so a second bus's publishes in the same file would
/// reuse the first one's numbers and hang under its parents: the trace would no longer say
/// which publish made which. A second tap on the same bus would write every publish twice.
/// A plain value, used under the writer's lock; it decides, the writer acts.
struct BusBinding {
    /// Why an attach is refused.
    enum Refusal: Equatable {
        /// The writer traces another bus (or did, and that bus is gone).
        case anotherBus
        /// The writer's tap on this bus is still attached.
        case alreadyAttached
    }

    private weak var bus: EventBus?
    private var isBound = false
    /// The token of the current tap, while its holder keeps it and it is not cancelled.
    private weak var token: SubscriptionToken?
    /// An attach claimed the binding and has not handed its token back yet.
    private var isAttaching = false

    /// Claims the binding for an attach to `bus`, or says why that attach must not happen.
    mutating func claim(_ bus: EventBus) -> Refusal? {
        if isBound, self.bus !== bus { return .anotherBus }
        if isAttaching || token.map({ !$0.isFinished }) == true { return .alreadyAttached }
        self.bus = bus
        isBound = true
        isAttaching = true
        return nil
    }

    /// The claimed attach made its tap.
    mutating func attached(_ token: SubscriptionToken) {
        self.token = token
        isAttaching = false
    }

    /// The diagnostic for `refusal`, for the writer at `path`.
    static func message(_ refusal: Refusal, path: String) -> String {
        let reason =
            switch refusal {
            case .anotherBus:
                "it traces another bus, and one file cannot hold two buses' sequence numbers; use a TraceWriter per bus"
            case .alreadyAttached:
                "it is already attached to this bus, and a second tap would write every publish twice"
            }
        return "EventBusTracing: TraceWriter(\(path)) not attached: \(reason)\n"
    }
}
