public import Synchronization

/// The bus's observe-all taps. Publishing checks one atomic counter, so a bus nobody taps
/// pays nothing for the feature.
///
/// That counter is the one bus-wide flag a publish reads to learn whether it must note its
/// call site: only taps hear every publish. A throwing synchronous handler asks for the call
/// sites of its own type's publishes (its list says so, see ``PublishedList/count``), and a
/// ``DeadEvent`` subscription for those of publishes that reach nobody (decided when a plain
/// publish finds that out, see ``EventBus/publish(_:fileID:line:function:)``).
@usableFromInline
final class TapStore: Sendable {
    private let taps = LockedValue(TapList())
    private let activeCount = Atomic<Int>(0)
    /// How many taps are registered; nonzero sends every publish down the traced path (a type
    /// with a list learns it from the list's count, see ``markLists()``).
    @usableFromInline let callSiteDemand = Atomic<Int>(0)
    private let nextSequenceNumber = Atomic<UInt64>(0)
    /// The bus's lists, whose sign bit says "tapped" while a tap is registered, so that a plain
    /// publish of a listed type needs no check of its own (see ``PublishedList/count``).
    private let lists: SubscriptionStore?

    init(lists: SubscriptionStore? = nil) {
        self.lists = lists
    }

    /// Whether any tap is registered.
    var isActive: Bool { activeCount.load(ordering: .relaxed) > 0 }

    /// Whether a publish must carry its call site: read once at the start of every publish.
    /// Inlined into `publish`, in the caller's module (see ``EventBus/publish(_:fileID:line:function:)``).
    @inlinable
    var wantsCallSites: Bool { callSiteDemand.load(ordering: .relaxed) != 0 }

    func add(_ tap: TapSubscription) {
        taps.withLock { list in
            tap.serial = list.nextSerial
            list.nextSerial += 1
            list.entries.append(tap)
            activeCount.store(list.entries.count, ordering: .relaxed)
            callSiteDemand.store(list.demand, ordering: .relaxed)
        }
        markLists()
    }

    /// Brings the lists' tap marks in line with the demand, after it changed (outside the taps'
    /// lock: the shard locks are taken one at a time, each reading the demand afresh).
    private func markLists() {
        lists?.markTapped { self.wantsCallSites }
    }

    func cancel(_ id: SubscriptionID) {
        // Released after the unlock: the observer's captures may run arbitrary deinit code.
        let removed = taps.withLock { list -> TapSubscription? in
            guard let index = list.entries.firstIndex(where: id.names) else { return nil }
            defer {
                activeCount.store(list.entries.count, ordering: .relaxed)
                callSiteDemand.store(list.demand, ordering: .relaxed)
            }
            return list.entries.remove(at: index)
        }
        if removed != nil { markLists() }
        removed?.markCancelled()
    }

    func isFinished(_ id: SubscriptionID) -> Bool {
        taps.withLock { !$0.entries.contains(where: id.names) }
    }

    /// Cancels and removes every tap, for a bus that is being released.
    func removeEverything() {
        let removed = taps.withLock { list in
            defer {
                list.entries = []
                callSiteDemand.store(list.demand, ordering: .relaxed)
            }
            activeCount.store(0, ordering: .relaxed)
            return list.entries
        }
        for tap in removed { tap.markCancelled() }
    }

    /// How many taps are registered (for tests and diagnostics).
    var count: Int { taps.withLock { $0.entries.count } }

    /// A number that orders publishes by when they started, nested ones after their parent.
    func takeSequenceNumber() -> UInt64 {
        nextSequenceNumber.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// Calls every tap that asked for failures with `failure`, outside the lock.
    /// Not for failures thrown inside a tap's or the failure handler's own publishes (see
    /// ``Quiet``).
    func notifyFailure(_ failure: SubscriberFailure) {
        guard isActive, !Quiet.isQuiet(.failures) else { return }
        let snapshot = taps.withLock { $0.entries }
        Quiet.within([.taps, .failures]) {
            for tap in snapshot where !tap.isCancelled {
                tap.observeFailure(failure)
            }
        }
    }

    /// Calls every tap with `record`, outside the lock; not for a publish a tap made itself
    /// (see ``Quiet``).
    func notify(_ record: PublishRecord) {
        guard !Quiet.isQuiet(.taps) else { return }
        let snapshot = taps.withLock { $0.entries }
        Quiet.within(.taps) {
            for tap in snapshot where !tap.isCancelled {
                tap.observe(record)
            }
        }
    }
}

/// The registered taps, and the serial number the next one gets (see ``SubscriptionID``).
struct TapList {
    var entries = ContiguousArray<TapSubscription>()
    var nextSerial: UInt64 = 1

    var demand: Int { entries.count }
}

/// One observe-all tap.
// Sendable (see the list in Subscription.swift): the observers are immutable.
final class TapSubscription: AnySubscription {
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
