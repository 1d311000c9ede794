import Synchronization

/// The bus's observe-all taps. Publishing checks one atomic counter, so a bus nobody taps
/// pays nothing for the feature.
final class TapStore: Sendable {
    private let taps = LockedValue(ContiguousArray<TapSubscription>())
    private let activeCount = Atomic<Int>(0)
    private let nextSequenceNumber = Atomic<UInt64>(0)

    /// Whether any tap is registered; read once at the start of every publish.
    var isActive: Bool { activeCount.load(ordering: .relaxed) > 0 }

    func add(_ tap: TapSubscription) {
        taps.withLock { list in
            list.append(tap)
            activeCount.store(list.count, ordering: .relaxed)
        }
    }

    func remove(_ tap: AnySubscription) {
        taps.withLock { list in
            list.removeAll { $0 === tap }
            activeCount.store(list.count, ordering: .relaxed)
        }
    }

    /// A number that orders publishes by when they started, nested ones after their parent.
    func takeSequenceNumber() -> UInt64 {
        nextSequenceNumber.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// Calls every tap that asked for failures with `failure`, outside the lock.
    func notifyFailure(_ failure: SubscriberFailure) {
        guard isActive else { return }
        let snapshot = taps.withLock { $0 }
        for tap in snapshot where !tap.isCancelled {
            tap.observeFailure(failure)
        }
    }

    /// Calls every tap with `record`, outside the lock.
    func notify(_ record: PublishRecord) {
        let snapshot = taps.withLock { $0 }
        for tap in snapshot where !tap.isCancelled {
            tap.observe(record)
        }
    }
}

/// One observe-all tap.
final class TapSubscription: AnySubscription, @unchecked Sendable {  // safe: the observers are immutable
    private let observer: @Sendable (PublishRecord) -> Void
    private let failureObserver: (@Sendable (SubscriberFailure) -> Void)?

    init(
        observer: @escaping @Sendable (PublishRecord) -> Void,
        failureObserver: (@Sendable (SubscriberFailure) -> Void)? = nil
    ) {
        self.observer = observer
        self.failureObserver = failureObserver
        super.init(eventKey: ObjectIdentifier(PublishRecord.self))
    }

    func observe(_ record: PublishRecord) { observer(record) }

    func observeFailure(_ failure: SubscriberFailure) { failureObserver?(failure) }
}
