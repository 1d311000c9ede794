import Synchronization

// unsafe invariant 8: see the notes on `AnySubscription` and `Subscription`.
/// One entry in an event type's subscriber list, type-erased so lists of every event type
/// share one representation. Concrete entries subclass ``Subscription``.
///
/// The only mutable state is atomic (the `cancelled` flag and the delivery count) and
/// `serial`, which the list's lock guards; everything else is set in `init`.
///
/// ## Who owns an entry (the rule every subclass follows)
/// Only the subscriber list and the publishes walking a snapshot of it hold an entry strongly.
/// Tokens only name it (``SubscriptionID``), so ending a subscription is just removing it from
/// its list: cancel, `unsubscribe`, a once-subscription that fired, an owner found dead, or the
/// bus released. Once the last in-flight publish returns, the entry is deallocated and takes
/// its handler, the handler's captures and anything queued for it along; no handler slot is
/// cleared while another thread may be calling it.
///
/// Publishes that read the lock-free published list (see ``PublishedList``) hold no reference at
/// all; a writer that takes an entry out while such a publish walks its list hands the last
/// reference to the bus's ``Reclaimer``, which drops it when that publish returns, the same
/// moment a retained snapshot would have.
///
/// A subclass therefore keeps user code and user data (handlers, queued events) in its own
/// stored properties, and anything that outlives one `deliver(_:)` call must not own the entry:
/// an executor job, a timer or a task reaches it weakly (holding it strongly only while it runs
/// the handler), or owns a separate object that the entry owns too and empties in its `deinit`
/// (see ``ExecutorSubscription`` and its mailbox). Whatever must stop at once rather than when
/// the entry is freed (a running task) goes in ``retire()``, which the stores call, after
/// unlocking, on every entry that ended.
@usableFromInline
class AnySubscription: @unchecked Sendable {  // safe: immutable after init except the atomics
    // and `serial`, which the list's lock guards
    /// The event type this entry is filed under.
    let eventKey: ObjectIdentifier
    /// Higher runs first within one publish; equal priorities run in subscription order.
    let priority: Int
    private let cancelled = Atomic<Bool>(false)
    /// Events handed to this subscription, for introspection, counted one by one: by the
    /// publishes that take a lock (protocol matches, state), minus the lock-free publishes that
    /// were counted for the whole list but did not reach this entry (see `countingList`).
    /// Relaxed load and store, not an atomic add: two plain moves.
    private let delivered = Atomic<Int>(0)
    /// The published list whose publish count this entry's count follows, and that count when the
    /// entry was listed. A lock-free publish counts itself once on the list, in the publishing
    /// thread's stripe, instead of writing every entry it delivers to: a write per delivery to
    /// memory every publishing thread reads would bounce its cache line between cores. Set under
    /// the list's lock before the entry is published, never changed afterwards.
    private(set) final var countingList: PublishedList?
    private final var publishesBeforeListing = 0
    /// Set by the list when the entry is added, under the list's lock, and only read under it
    /// afterwards (and by the thread that added it); see ``SubscriptionID``.
    var serial: UInt64 = 0
    /// This entry's place in ``OwnerIndex``; only touched under the store's index lock.
    var ownerLinks = OwnerLinks()

    init(eventKey: ObjectIdentifier, priority: Int = 0) {
        self.eventKey = eventKey
        self.priority = priority
    }

    /// Where the entry goes among equal priorities: exact-type subscriptions (0) run before
    /// protocol subscriptions matched to the type (1).
    var tier: Int { 0 }

    /// Whether a new entry `other` must be listed after this one: this entry has a higher
    /// priority, or the same priority and a tier no later than `other`'s.
    @inline(__always)
    final func staysAhead(of other: AnySubscription) -> Bool {
        priority > other.priority || (priority == other.priority && tier <= other.tier)
    }

    /// Counts one delivery by a publish that holds a retained snapshot (see `delivered`).
    @inline(__always)
    final func countDelivery() {
        delivered.store(delivered.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
    }

    /// Takes back one lock-free publish that counted itself on the list but did not reach this
    /// entry (skipped, owner gone, dropped, or after the consumer).
    @inline(__always)
    final func uncountDelivery() {
        delivered.store(delivered.load(ordering: .relaxed) &- 1, ordering: .relaxed)
    }

    /// Makes this entry's count follow `list`'s publishes from now on; under the list's lock,
    /// before the entry is published.
    final func startCounting(on list: PublishedList) {
        countingList = list
        publishesBeforeListing = list.publishCount
    }

    /// How many events reached this subscription so far.
    final var deliveredCount: Int {
        let listed = countingList.map { $0.publishCount &- publishesBeforeListing } ?? 0
        return delivered.load(ordering: .relaxed) &+ listed
    }

    /// True once cancelled, or for a once-subscription once it has fired.
    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// True when no event will ever reach the handler again.
    var isFinished: Bool { isCancelled || isOwnerGone }

    /// Whether the owner has been released; owner-less entries never lose theirs.
    var isOwnerGone: Bool { false }

    /// ``isFinished`` for a caller that holds a lock: a live owner the check loads goes to
    /// `held`, so its release (which may run the owner's `deinit`) happens after the unlock.
    final func isFinished(holding held: inout HeldOwners) -> Bool {
        isCancelled || isOwnerGone(holding: &held)
    }

    /// ``isOwnerGone`` for a caller that holds a lock (see ``HeldOwners``). Kinds that load an
    /// owner override it; the rest hold no owner, and their ``isOwnerGone`` loads none.
    func isOwnerGone(holding held: inout HeldOwners) -> Bool { isOwnerGone }

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

    /// ``isOwned(by:)`` for a caller that holds a lock: an owner the check loads that is not
    /// `candidate` (which the caller holds) goes to `held` (see ``HeldOwners``).
    func isOwned(by candidate: AnyObject, holding held: inout HeldOwners) -> Bool { isOwned(by: candidate) }

    /// The owner, while it lives, for owner-bound entries; what ``OwnerIndex`` files them under.
    var ownerObject: AnyObject? { nil }

    /// What ``OwnerIndex`` files an owner-bound entry under (its owner's address), or nil for
    /// entries that are not owner-bound.
    var ownerIndexKey: ObjectIdentifier? { isOwnerBound ? ownerObject.map(ObjectIdentifier.init) : nil }

    /// A stand-in for a cancelled entry's slot in its list (see ``SubscriberList``): finished,
    /// delivers nothing. Only ``Subscription`` entries are ever listed.
    func makeVacancy() -> AnySubscription {
        fatalError("EventBus: only Subscription<Event> entries are listed")
    }

    /// Called once the entry has been cancelled or dropped from its list, with no lock held,
    /// for kinds that own resources beyond the handler (an async subscription's task, the
    /// events waiting in a stepping subscription's or a mailbox's buffer). May run more than once.
    func retire() {}

    /// Notes what the entry has queued and not run yet (see ``EventBus/pendingWork()``); kinds
    /// that deliver synchronously have nothing.
    func notePendingWork(into work: inout PendingWork) {}

    /// How events reach the handler, for introspection.
    var deliveryKind: SubscriptionInfo.Delivery { .synchronous }

    /// Whether releasing the owner ends the subscription (false for token-owned entries).
    var isOwnerBound: Bool { false }

    /// Whether publishes of this entry's type must note their call site for it: a synchronous
    /// handler that may throw names the publish in its failure report. Its list then sends
    /// every publish of the type down the traced path, and no other type's.
    var wantsCallSites: Bool { false }

    /// The subscribed type, for introspection.
    var eventType: EventType { EventType(Void.self) }

    /// The backlog and drop count of kinds that buffer events, handed to the token when it is
    /// made; nil for kinds that never buffer.
    var bufferCounters: BufferCounters? { nil }

    /// Lets the turn of the state value numbered `sequence` go by: called by a state publish's
    /// walk, for every entry after an interceptor that stopped the value, so that each entry
    /// still sees every number (see ``StateGate``). Only state subscriptions, whose gates run
    /// values by number, do anything.
    func passState(sequence: UInt64) {}

    /// Answers a stepping subscription's promise for `step` (see ``StepPromise``); other kinds
    /// never hand out promises.
    func completeStep(_ step: UInt64, with demand: StepDemand) {}
}

/// An entry that receives events of one type. Subclasses decide how delivery happens.
@usableFromInline
class Subscription<Event>: AnySubscription, @unchecked Sendable {  // safe: see AnySubscription
    override final var eventType: EventType { EventType(Event.self) }

    /// Offers `event` to the handler. Called on the publisher's thread with no lock held.
    func deliver(_ event: Event) -> DeliveryOutcome { .skipped }

    /// For subscriptions that queue events and run them later (executor delivery): runs the
    /// handler for one queued event, or returns false once the subscription has ended, so
    /// that the caller drops the rest of the queue. Called with no lock held.
    func runQueued(_ event: Event) -> Bool { false }

    /// For executor-lane members: runs the handler for one queued event within a drain pass
    /// (see ``LaneQueue``), which may keep the owner until ``endPass()``. Called with no lock
    /// held, only by the lane's one running drain.
    func runInPass(_ event: Event) -> LanePassStep { .ended }

    /// Ends the drain pass that ``runInPass(_:)`` answered `.ranHoldingOwner` in: lets go of the
    /// owner it held.
    func endPass() {}

    // unsafe invariant 10: the value is lent for the call; the lending frame keeps it alive.
    /// Offers a value published with ``EventBus/publishState(_:fileID:line:function:)``, numbered by its type's
    /// state publishes. Only state subscriptions use the number (to keep values in order); the
    /// others take it as any event.
    ///
    /// The value comes by pointer, valid for the call only, so that a state subscription's chain
    /// can read it in place (see `StateStage`).
    func deliverState(_ event: UnsafePointer<Event>, sequence: UInt64) -> StateDeliveryResult {
        StateDeliveryResult(deliver(event.pointee))
    }

    override final func makeVacancy() -> AnySubscription {
        let vacancy = Subscription<Event>(eventKey: eventKey)
        vacancy.markCancelled()
        return vacancy
    }
}

// MARK: - Entry kinds shared across threads

// Publishers on any thread call an entry's `deliver(_:)`, so every entry kind is `Sendable`.
// Swift makes each subclass restate the base's `@unchecked Sendable`; the kinds whose claim is
// only the base's rule restate it here, in the engine, rather than one by one in their feature
// folders: every stored property is a `let` of a `Sendable` type (a handler, an executor, a
// reporter), or state behind the kind's own lock (`LockedValue`, a `HandOffBuffer`, a
// `ReportedTypes`) or in atomics (`BufferCounters`, the base's flags). A new kind gets the
// compiler's "must restate" warning until it is added here under the same rule; a kind with a
// field of its own that no lock or atomic guards (an owner written once in `init`, a lane
// drain's field) restates it next to that field instead, saying why it is safe.
// unsafe invariant 8: Sendable by construction, as the note above says.
extension OwnedSubscription: @unchecked Sendable {}
extension OwnedEventSubscription: @unchecked Sendable {}
extension OwnerlessSubscription: @unchecked Sendable {}
extension ExecutorSubscription: @unchecked Sendable {}
extension TapSubscription: @unchecked Sendable {}
extension ThrowingOwnedSubscription: @unchecked Sendable {}
extension ThrowingOwnerlessSubscription: @unchecked Sendable {}
extension OwnedInterceptor: @unchecked Sendable {}
extension OwnerlessInterceptor: @unchecked Sendable {}
extension AsyncSubscription: @unchecked Sendable {}
extension SteppingSubscription: @unchecked Sendable {}
extension StreamSubscription: @unchecked Sendable {}
extension PacedStreamSubscription: @unchecked Sendable {}
extension ProtocolAdapter: @unchecked Sendable {}
