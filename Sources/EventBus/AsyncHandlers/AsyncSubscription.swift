/// A subscription whose `async` handler runs in one long-lived task, one event at a time, in
/// publish order.
///
/// Publishing offers the event to the subscription's mailbox, a ``HandOffBuffer`` that buffers
/// it as the ``EventBufferPolicy`` says (a lock and an append; no task per event) or hands it
/// to the waiting task. The task takes events in order and awaits the handler for each before
/// taking the next.
///
/// Ending the subscription finishes the mailbox, which releases every queued event at once,
/// and cancels the task, so a handler that is running sees `Task.isCancelled` and its
/// `Task.sleep` throws. A handler that ignores cancellation keeps what its call uses (its
/// event, its owner, its closure and captures) until it returns; the task then finds the
/// mailbox finished and ends, releasing the rest.
///
/// A mailbox of its own rather than an `AsyncStream`: a stream keeps its buffered elements
/// after `finish()` until the iterator takes them, so cancelling a subscription whose handler
/// never returns kept every queued event alive (145 MiB after a million publishes).
final class AsyncSubscription<Event: Sendable>: Subscription<Event> {
    // Sendable (see the list in Subscription.swift): the mailbox and `task` have their own locks;
    // the rest is immutable.
    private let mailbox: HandOffBuffer<Event, Void>
    /// Set once, in `init`, after the task that captures this entry exists; a lock rather than a
    /// field written once, because `retire()` may read it on another thread.
    private let task = LockedValue<Task<Void, Never>?>(nil)
    private let anchor: OwnerAnchor
    private let label: String
    private let failures: FailureReporter
    private let reported = ReportedTypes()

    init(
        anchor: OwnerAnchor, priority: Int, executor: (any TaskExecutor)?, policy: EventBufferPolicy,
        failures: FailureReporter, handler: @escaping @Sendable (AnyObject?, Event) async throws -> Void
    ) {
        let mailbox = HandOffBuffer<Event, Void>(policy: policy)
        self.mailbox = mailbox
        self.anchor = anchor
        self.label = executor.map { String(describing: type(of: $0)) } ?? "task"
        self.failures = failures
        super.init(eventKey: ObjectIdentifier(Event.self), priority: priority)
        // The task holds the subscription weakly between events, so dropping the subscription
        // (its token cancelled, its owner gone and the entry pruned) ends the loop too.
        let loop = Task(executorPreference: executor) { [weak self] in
            while let event = await mailbox.next() {
                guard let self, !self.isCancelled, let owner = self.anchor.current else { return }
                await self.run(handler, owner: owner, event: event)
            }
        }
        task.withLock { $0 = loop }
    }

    deinit {
        retire()
    }

    override var subscriberName: String { anchor.subscriberName }
    override var isOwnerGone: Bool { anchor.isGone }
    override var isOwnerBound: Bool { anchor.isOwnerBound }
    override func isOwned(by candidate: AnyObject) -> Bool { anchor.isOwned(by: candidate) }
    override func isOwnerGone(holding held: inout HeldOwners) -> Bool { anchor.isGone(holding: &held) }
    override func isOwned(by candidate: AnyObject, holding held: inout HeldOwners) -> Bool {
        anchor.isOwned(by: candidate, holding: &held)
    }
    override var ownerObject: AnyObject? { anchor.current ?? nil }
    override var executorLabel: String { label }
    override var deliveryKind: SubscriptionInfo.Delivery { .async }

    override func notePendingWork(into work: inout PendingWork) {
        if !mailbox.isIdle { work.note("the async handler of \(subscriberName)") }
    }
    override var bufferCounters: BufferCounters? { mailbox.counters }

    override func deliver(_ event: Event) -> DeliveryOutcome {
        guard !isCancelled else { return .skipped }
        guard !anchor.isGone else { return .ownerGone }
        return mailbox.offer(event)
    }

    /// Ends the loop: the queued events are released now, no further event is taken, and a
    /// handler that is running is cancelled.
    override func retire() {
        mailbox.finish()  // Releases the queued events: retire runs with no lock held.
        // Cancelled after the unlock: cancelling runs the task's cancellation handlers.
        task.withLock { $0 }?.cancel()
    }

    private func run(
        _ handler: @Sendable (AnyObject?, Event) async throws -> Void, owner: AnyObject?, event: Event
    ) async {
        do {
            try await handler(owner, event)
        } catch is CancellationError where isCancelled {
            // The subscription was cancelled while the handler ran: the error is ours, not the
            // handler's.
        } catch {
            failures.report(error, event: event, by: self, reported: reported)
        }
    }
}

/// What keeps an async subscription alive: a weakly held owner, or nothing (token-owned).
/// `current` is the owner to hand to the handler (`.some(nil)` for token-owned ones) or nil when
/// the owner is gone.
struct OwnerAnchor: Sendable {
    private let box: WeakReference?
    let subscriberName: String

    static func owner(_ owner: AnyObject) -> OwnerAnchor {
        OwnerAnchor(box: WeakReference(owner), subscriberName: String(describing: type(of: owner)))
    }

    static let ownerless = OwnerAnchor(box: nil, subscriberName: "ownerless")

    var isOwnerBound: Bool { box != nil }
    var isGone: Bool { box.map { $0.object == nil } ?? false }

    /// `.some(owner)` or `.some(nil)` while the subscription may run; nil once the owner is gone.
    var current: AnyObject?? {
        guard let box else { return .some(nil) }
        return box.object.map { .some($0) }
    }

    func isOwned(by candidate: AnyObject) -> Bool { box?.object === candidate }

    /// ``isGone`` and ``isOwned(by:)`` for a caller that holds a lock (see ``HeldOwners``).
    func isGone(holding held: inout HeldOwners) -> Bool {
        guard let box else { return false }
        guard let owner = box.object else { return true }
        held.hold(consume owner)
        return false
    }

    func isOwned(by candidate: AnyObject, holding held: inout HeldOwners) -> Bool {
        guard let owner = box?.object else { return false }
        if owner === candidate { return true }
        held.hold(consume owner)
        return false
    }
}
