import Synchronization

/// A subscription whose `async` handler runs in one long-lived task, one event at a time, in
/// publish order.
///
/// Publishing yields the event into an `AsyncStream` buffered as the subscription's
/// ``EventBufferPolicy`` says (a lock and an append; no task per event). The task pulls events in order and awaits the handler for each before taking
/// the next. Cancelling the subscription finishes the stream and cancels the task, so a
/// handler that is running sees `Task.isCancelled` and its `Task.sleep` throws.
final class AsyncSubscription<Event: Sendable>: Subscription<Event>, @unchecked Sendable {
    // safe: `continuation` is Sendable and only yielded to or finished; `task` is written once in
    // init, before the subscription is shared; the rest is immutable.
    private let continuation: AsyncStream<Event>.Continuation
    private nonisolated(unsafe) var task: Task<Void, Never>?
    private let anchor: OwnerAnchor
    private let label: String
    private let failures: FailureReporter
    private let reported = ReportedTypes()
    private let keepsNewest: Bool
    private let counters = BufferCounters()
    /// Events yielded and not yet taken by the task, mirrored into `counters` for the token.
    private let waiting = Atomic<Int>(0)

    init(
        anchor: OwnerAnchor, priority: Int, executor: (any TaskExecutor)?, policy: EventBufferPolicy,
        failures: FailureReporter, handler: @escaping @Sendable (AnyObject?, Event) async throws -> Void
    ) {
        let buffering: AsyncStream<Event>.Continuation.BufferingPolicy =
            switch policy {
            case .unbounded: .unbounded
            case .keepNewest(let limit): .bufferingNewest(max(0, limit))
            case .keepOldest(let limit): .bufferingOldest(max(0, limit))
            }
        if case .keepNewest = policy { keepsNewest = true } else { keepsNewest = false }
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: buffering)
        self.continuation = continuation
        self.anchor = anchor
        self.label = executor.map { String(describing: type(of: $0)) } ?? "task"
        self.failures = failures
        super.init(eventKey: ObjectIdentifier(Event.self), priority: priority)
        // The task holds the subscription weakly between events, so dropping the subscription
        // (its token cancelled, its owner gone and the entry pruned) ends the loop too.
        task = Task(executorPreference: executor) { [weak self] in
            for await event in stream {
                guard let self else { return }
                self.counters.update(waiting: self.waiting.subtract(1, ordering: .relaxed).newValue)
                guard !self.isCancelled, let owner = self.anchor.current else { return }
                await self.run(handler, owner: owner, event: event)
            }
        }
    }

    deinit {
        retire()
    }

    override var subscriberName: String { anchor.subscriberName }
    override var isOwnerGone: Bool { anchor.isGone }
    override var isOwnerBound: Bool { anchor.isOwnerBound }
    override func isOwned(by candidate: AnyObject) -> Bool { anchor.isOwned(by: candidate) }
    override var ownerObject: AnyObject? { anchor.current ?? nil }
    override var executorLabel: String { label }
    override var deliveryKind: SubscriptionInfo.Delivery { .async }
    override var bufferCounters: BufferCounters? { counters }

    override func deliver(_ event: Event) -> DeliveryOutcome {
        guard !isCancelled else { return .skipped }
        guard !anchor.isGone else { return .ownerGone }
        let result = continuation.yield(event)
        // A drop leaves the count of waiting events as it was: `bufferingNewest` dropped the
        // oldest for this one, `bufferingOldest` dropped this one.
        if case .enqueued = result {
            counters.update(waiting: waiting.add(1, ordering: .relaxed).newValue)
        }
        return result.deliveryOutcome(keepingNewest: keepsNewest, counters: counters)
    }

    /// Ends the loop: no further event is taken, and a handler that is running is cancelled.
    override func retire() {
        continuation.finish()
        task?.cancel()
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
    private final class WeakBox: @unchecked Sendable {  // safe: written once in init; weak loads are atomic
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    private let box: WeakBox?
    let subscriberName: String

    static func owner(_ owner: AnyObject) -> OwnerAnchor {
        OwnerAnchor(box: WeakBox(owner), subscriberName: String(describing: type(of: owner)))
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
}
