// unsafe invariant 8: see the fields' note below.
/// An executor or main-actor subscription whose executor has a lane: its events are queued on
/// the lane it shares with the bus's other subscriptions on that executor (see
/// ``ExecutorLane``), bounded or not: a bound limits this subscription's backlog, never its
/// place in the lane's order. On the immediate main-actor lane, a publish made on the main
/// queue while the lane is idle runs the handler inline instead, as a synchronous entry would.
/// Plain subscriptions are listed as one; a state query's chain ends in one (its `Event` is a
/// `StateSelection`), and a protocol subscription's target is one (its `Event` is the
/// protocol's existential).
final class LaneSubscription<Owner: AnyObject, Event: Sendable>: OwnerBoundSubscription<Owner, Event>,
    @unchecked Sendable
{
    // safe: `memberNumber` is written once, before the entry is listed (and so before any
    // publish or retire can reach it); `passOwner` is only touched by the lane's one running
    // drain (a lane schedules one drain at a time, and its lock orders one drain before the
    // next, as for ``LaneQueue``'s `taken` buffer); the rest is immutable or atomic.
    /// Stored as throwing for both handler shapes: the error check runs in the drain.
    private let handler: @Sendable (Owner, Event) throws -> Void
    private let failures: FailureReporter?
    private let reported = ReportedTypes()
    private let lane: ExecutorLane
    private let queue: LaneQueue<Event>
    /// The backlog, shared with the token; the queue writes it under the lane's lock.
    private let counters = BufferCounters()
    /// The policy's limit, or `Int.max` when unbounded: the unbounded path tests one integer.
    private let limit: Int
    private let policy: EventBufferPolicy
    /// Neither bounded nor immediate: the common lane publish tests this one flag.
    private let queuesPlainly: Bool
    private var memberNumber: UInt64 = 0
    // unsafe invariant 5: only the lane's one running drain touches `passOwner`.
    /// The owner, held strongly from the first event of a drain pass that finds it alive to the end
    /// of that pass (``endPass()``), so that a burst of events costs one weak load instead of one
    /// per event. Holding it cannot make a handler run for a released owner: while held it is not
    /// released, and a handler runs only while someone besides this field still holds it (checked
    /// before every call). Typed `AnyObject`, not `Owner`: this class runs unspecialized, and the
    /// uniqueness check on an `Owner?` went through generic code.
    @exclusivity(unchecked) private var passOwner: AnyObject?

    init(
        owner: Owner, lane: ExecutorLane, priority: Int, policy: EventBufferPolicy = .unbounded,
        failures: FailureReporter? = nil, handler: @escaping @Sendable (Owner, Event) throws -> Void
    ) {
        self.handler = handler
        self.policy = policy
        limit = policy.limit ?? .max
        queuesPlainly = limit == .max && !lane.runsInlineOnMainQueue
        self.failures = failures
        self.lane = lane
        // unsafe invariant 3: the lane files the queue under `Event`'s identity.
        queue = unsafeDowncast(lane.queue(for: Event.self), to: LaneQueue<Event>.self)
        super.init(owner: owner, priority: priority)
    }

    /// Joins the lane's queue; called before the entry is registered with the store.
    func joinLane() {
        memberNumber = queue.join(self, counters: counters)
    }

    override var executorLabel: String { lane.executor.label }

    override var deliveryKind: SubscriptionInfo.Delivery { .executor }

    override var bufferCounters: BufferCounters? { counters }

    override func retire() {
        queue.leave(memberNumber)
    }

    /// Queues the event on the lane the moment the publish reaches this subscription, so the
    /// lane keeps the order in which publishes reached its members, nested ones included.
    override func deliver(_ event: Event) -> DeliveryOutcome {
        guard !isCancelled else { return .skipped }
        guard queuesPlainly else { return deliverInlineOrBounded(event) }
        return queueUnbounded(event)
    }

    @inline(__always)
    private func queueUnbounded(_ event: Event) -> DeliveryOutcome {
        // The owner is checked only when none of this subscription's events waits on the lane, and
        // then on every `ownerCheckInterval`th waiting one: within a burst the drain's check before
        // each handler call stands for it, and a dead owner still queues at most that many events
        // before a publish finds it gone and the entry is pruned, even if the executor never runs.
        if counters.waitingCount % ownerCheckInterval == 0, owner == nil { return .ownerGone }
        if queue.append(event, for: memberNumber, counters: counters) { lane.scheduleDrain() }
        return .delivered
    }

    /// An immediate or bounded subscription's publish. Inline only on the main queue (the main
    /// actor's executor, so the main-actor handler may run here) and only while the lane is
    /// idle: an event queued earlier for any member would otherwise be overtaken. The owner is
    /// held for the call, as by a synchronous entry; the cancel check above stands for the
    /// drain's.
    private func deliverInlineOrBounded(_ event: Event) -> DeliveryOutcome {
        if lane.runsInlineOnMainQueue, isOnMainQueue(), lane.core.isIdle {
            guard let owner else { return .ownerGone }
            run(event, for: owner)
            return .delivered
        }
        return limit == .max ? queueUnbounded(event) : deliverBounded(event)
    }

    /// A bounded subscription's publish: the owner is checked every time (the backlog may stay
    /// at a small limit, where the unbounded path's interval would never check it), and the
    /// queue applies the policy to this member's waiting events under the lane's lock.
    private func deliverBounded(_ event: Event) -> DeliveryOutcome {
        guard owner != nil else { return .ownerGone }
        let (mustSchedule, outcome) = queue.appendBounded(
            event, for: memberNumber, counters: counters, policy: policy, limit: limit)
        if mustSchedule { lane.scheduleDrain() }
        return outcome
    }

    /// Checked per event: a cancel that returned before this point wins, and so does the
    /// owner's release (its last reference outside this pass going).
    override func runInPass(_ event: Event) -> LanePassStep {
        guard !isCancelled else {
            passOwner = nil
            return .ended
        }
        if passOwner == nil {
            guard let owner else { return .ended }
            passOwner = owner
            run(event, for: owner)
            return .ranHoldingOwner
        }
        // Only this pass still holds the owner: everyone else released it, so it is gone for
        // the handler (its deinit runs here, as it would have when a handler held it).
        guard !isKnownUniquelyReferenced(&passOwner) else {
            passOwner = nil
            return .ended
        }
        // unsafe invariant 5: only the lane's one running drain touches `passOwner`, which holds
        // the owner for the call; its type is `Owner`, as stored by this entry.
        // Called through an unretained reference: loading the field for the call retained and
        // released the owner, through its side table, what the weak load cost.
        Unmanaged.passUnretained(passOwner.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
            run(event, for: unsafeDowncast($0, to: Owner.self))
        }
        return .ran
    }

    override func endPass() {
        passOwner = nil
    }

    private func run(_ event: Event, for owner: Owner) {
        do {
            try handler(owner, event)
        } catch {
            failures?.report(error, event: event, by: self, reported: reported)
        }
    }
}

/// How many events may wait on a lane for one subscription between two checks of its owner
/// at publish time (see ``LaneSubscription/deliver(_:)``).
let ownerCheckInterval = 64

/// What a lane member did with one event of a drain pass.
enum LanePassStep {
    /// The handler ran.
    case ran
    /// The handler ran, and the member holds its owner until ``Subscription/endPass()``.
    case ranHoldingOwner
    /// The subscription has ended (cancelled, or its owner is gone); nothing ran.
    case ended
}

// unsafe invariant 8: made and used on the main actor only.
/// Carries an owner into `MainActor.assumeIsolated` from the lane, which the compiler cannot
/// see runs on the main actor.
// unsafe invariant 8: made and used on the main actor only.
struct MainActorBound<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
