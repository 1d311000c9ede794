import EventBus
import Synchronization

/// Archives every price tick with an `async` handler, as a slow upload would: one tick at a
/// time, in publish order, ``workTime`` each. A ticker burst arrives faster than that, so its
/// queue (ticks received minus ticks archived) grows during a burst and drains after: the Flow
/// view shows both numbers, the first from the bus's introspection snapshot.
///
/// Nothing is dropped: an async handler's queue is unbounded, unlike the paced ticker pane's.
public final class ArchiveService: Sendable {
    /// How long archiving one tick takes.
    public static let workTime = Duration.milliseconds(150)

    private let archived = Atomic<Int>(0)
    private let subscription = Mutex<SubscriptionToken?>(nil)

    /// Subscribes for as long as the service lives or until ``stop()``; `clock` times the work
    /// (tests pass a manual clock, so the queue stays put until they advance it).
    public init(bus: EventBus, clock: any Clock<Duration> = ContinuousClock()) {
        let token = bus.subscribeAsync(owner: self) {
            (service: ArchiveService, _: PriceDidTickEvent) async throws in
            try await clock.sleep(for: Self.workTime)
            service.archived.add(1, ordering: .relaxed)
        }
        subscription.withLock { $0 = token }
    }

    /// Cancels the subscription: queued ticks are dropped and the tick being archived is
    /// cancelled (its sleep throws). A running handler keeps its owner alive, so a test whose
    /// clock never moves calls this rather than leave a task waiting forever.
    public func stop() {
        subscription.withLock { $0.take() }?.cancel()
    }

    /// Ticks archived so far.
    public var archivedCount: Int { archived.load(ordering: .relaxed) }

    /// Ticks the handler has been given so far (queued or done), from `bus`'s introspection of
    /// this service's subscriptions: found by their owner, the service itself, not by a name.
    public func receivedCount(on bus: EventBus) -> Int {
        bus.subscriptions(owner: self).reduce(0) { $0 + $1.deliveredEventCount }
    }
}
