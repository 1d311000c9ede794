/// What a state publish did at one subscription: the usual outcome, plus the chain step that
/// held the value back, if one did (for observe-all taps).
struct StateDeliveryResult {
    var outcome: DeliveryOutcome
    var skipReason: SkipReason?

    init(_ outcome: DeliveryOutcome, skipReason: SkipReason? = nil) {
        self.outcome = outcome
        self.skipReason = skipReason
    }
}

/// The chain step that held a value back, as observe-all taps name it
/// (``PublishRecord/Skip/reason``).
///
/// A byte rather than the name: every step's result travels back through each step before it,
/// the entry and the walk, and a `StaticString?` took three registers and a few moves at every
/// level (issue 20, callgrind).
@usableFromInline
enum SkipReason: UInt8, Sendable {
    case filter
    case skipWhen
    case onlyWhen
    case skipRepeatsBy
    case skipRepeats
    case automaticSkipRepeats

    /// The name taps report.
    var name: StaticString {
        switch self {
        case .filter: "filter"
        case .skipWhen: "skip(when:)"
        case .onlyWhen: "only(when:)"
        case .skipRepeatsBy: "skipRepeats(by:)"
        case .skipRepeats: "skipRepeats"
        case .automaticSkipRepeats: "automatic skipRepeats"
        }
    }
}
