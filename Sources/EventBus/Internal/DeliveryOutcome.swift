/// What happened when a publish offered an event to one subscription.
///
/// The cases after which the subscription goes on as before come first, so that a state
/// subscription tells them from the ones that end it with one compare
/// (``StateDeliveryResult/goesOn``).
@usableFromInline
enum DeliveryOutcome {
    /// The handler ran, or the event was queued for its executor.
    case delivered
    /// Queued in a full buffer, which dropped its oldest waiting event to make room.
    case deliveredDroppingOlder
    /// Not queued: the subscription's buffer was full and its policy keeps the oldest events.
    case dropped
    /// The handler ran for the last time (a once-subscription); the entry can be pruned.
    case deliveredLast
    /// An interceptor ran and stopped propagation: the rest of this publish's snapshot is skipped.
    case consumed
    /// The subscription was cancelled before its turn; nothing ran.
    case skipped
    /// The owner is gone; nothing ran and the entry can be pruned.
    case ownerGone

    var reached: Bool {
        self == .delivered || self == .deliveredLast || self == .consumed || self == .deliveredDroppingOlder
    }
    var needsPrune: Bool { self == .deliveredLast || self == .skipped || self == .ownerGone }
    var droppedAnEvent: Bool { self == .deliveredDroppingOlder || self == .dropped }
}
