/// What a state publish did at one subscription: the usual outcome, plus the chain step that
/// held the value back, if one did (for observe-all taps).
struct StateDeliveryResult {
    var outcome: DeliveryOutcome
    var skipReason: StaticString?

    init(_ outcome: DeliveryOutcome, skipReason: StaticString? = nil) {
        self.outcome = outcome
        self.skipReason = skipReason
    }
}
