import Synchronization

/// What happened when a publish offered an event to one subscription.
enum DeliveryOutcome {
    /// The handler ran, or the event was queued for its executor.
    case delivered
    /// The handler ran for the last time (a once-subscription); the entry can be pruned.
    case deliveredLast
    /// The subscription was cancelled before its turn; nothing ran.
    case skipped
    /// The owner is gone; nothing ran and the entry can be pruned.
    case ownerGone

    var reached: Bool { self == .delivered || self == .deliveredLast }
    var needsPrune: Bool { self != .delivered }
}

/// One entry in an event type's subscriber list, type-erased so lists of every event type
/// share one representation. Concrete entries subclass ``Subscription``.
///
/// The only mutable state is the atomic `cancelled` flag; everything else is set in `init`.
class AnySubscription: @unchecked Sendable {  // safe: immutable after init except the atomic flag
    /// The event type this entry is filed under.
    let eventKey: ObjectIdentifier
    private let cancelled = Atomic<Bool>(false)

    init(eventKey: ObjectIdentifier) {
        self.eventKey = eventKey
    }

    /// True once cancelled, or for a once-subscription once it has fired.
    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// True when no event will ever reach the handler again.
    var isFinished: Bool { isCancelled || isOwnerGone }

    /// Whether the owner has been released; owner-less entries never lose theirs.
    var isOwnerGone: Bool { false }

    /// Where the handler runs, for observe-all taps.
    var executorLabel: String { "publisher" }

    /// Who subscribed, for observe-all taps: the owner's type name, or what an owner-less
    /// subscription serves. Only computed while a tap is registered.
    var subscriberName: String { "ownerless" }

    /// Marks the entry cancelled. Returns true for the one caller that changed it.
    @discardableResult
    func markCancelled() -> Bool {
        !cancelled.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// Whether `candidate` is this entry's owner.
    func isOwned(by candidate: AnyObject) -> Bool { false }
}

/// An entry that receives events of one type. Subclasses decide how delivery happens.
class Subscription<Event>: AnySubscription, @unchecked Sendable {  // safe: see AnySubscription
    /// Offers `event` to the handler. Called on the publisher's thread with no lock held.
    func deliver(_ event: Event) -> DeliveryOutcome { .skipped }
}
