/// What a state publish did at one subscription: the usual outcome, or the chain step that held
/// the value back (for observe-all taps; the subscription goes on, as after a delivery).
///
/// One byte, so that it comes back from the entry in a register and the walk tests it with one
/// compare: an outcome is its ``DeliveryOutcome`` case number (0 for `delivered`), a held-back
/// value is `0x80 | SkipReason.rawValue`. The two-field struct it replaces came back as two bytes
/// packed and unpacked with shifts on every delivery. The encoding is the one the compiler picks
/// for ``StageResult`` (`passed` 0...6 in ``DeliveryOutcome``'s order, `skipped` with the top bit
/// set), so converting a chain's result costs nothing.
struct StateDeliveryResult: Equatable {
    private let raw: UInt8

    private static var heldBack: UInt8 { 0x80 }

    init(_ outcome: DeliveryOutcome) {
        // The outcome's case number: the compiler's own tag, so this switch costs nothing.
        // (`DeliveryOutcome` gets no raw type: that made the plain publish walk's compares go
        // through `RawRepresentable`'s.)
        raw =
            switch outcome {
            case .delivered: 0
            case .deliveredDroppingOlder: 1
            case .dropped: 2
            case .deliveredLast: 3
            case .consumed: 4
            case .skipped: 5
            case .ownerGone: 6
            }
    }

    private init(raw: UInt8) {
        self.raw = raw
    }

    /// A value a chain step held back.
    static func skipped(by reason: SkipReason) -> Self {
        Self(raw: heldBack | reason.rawValue)
    }

    /// Delivered, and not held back: the common result, which the walk tests first.
    static var delivered: Self { Self(.delivered) }

    /// The outcome: `delivered` for a value a step held back (the subscription goes on).
    var outcome: DeliveryOutcome {
        switch raw {
        case 1: .deliveredDroppingOlder
        case 2: .dropped
        case 3: .deliveredLast
        case 4: .consumed
        case 5: .skipped
        case 6: .ownerGone
        default: .delivered  // 0, or held back by a step
        }
    }

    /// The step that held the value back, if one did.
    var skipReason: SkipReason? {
        !isHeldBack ? nil : SkipReason(rawValue: raw & ~Self.heldBack)
    }

    /// Whether a step held the value back (``skipReason`` is not nil), in one test.
    var isHeldBack: Bool {
        raw & Self.heldBack != 0
    }

    /// Whether the subscription goes on as it was: delivered, held back by a step, or
    /// refused or let in by a full buffer (a bounded stream's, which drops a value, not the
    /// subscription). Only the other outcomes (fired once, cancelled, owner gone) end it, and
    /// only they may close its gate and drop what waits there (see ``StateGate``). One signed
    /// compare: the outcomes that go on are 0...2, a held-back value is negative as an `Int8`.
    var goesOn: Bool {
        Int8(bitPattern: raw) <= 2
    }
}

/// The chain step that held a value back, as observe-all taps name it
/// (``PublishRecord/Skip/reason``).
///
/// A byte rather than the name: every step's result travels back through each step before it, the
/// entry and the walk, and a `StaticString?` took three registers and a few moves at every level.
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
