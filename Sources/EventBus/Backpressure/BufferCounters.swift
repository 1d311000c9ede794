import Synchronization

/// A buffered subscription's backlog and drop count, shared by the entry (which writes them,
/// under its own lock) and its token (which reads them).
///
/// Its own object because a token never references its entry (see the ownership rule on
/// ``AnySubscription``): the counters outlive the entry, so a token still reports what was
/// dropped after the subscription has ended. Plain data: keeping it alive keeps no user code.
final class BufferCounters: Sendable {
    private let waiting = Atomic<Int>(0)
    private let dropped = Atomic<Int>(0)

    init() {}

    var waitingCount: Int { waiting.load(ordering: .relaxed) }
    var droppedCount: Int { dropped.load(ordering: .relaxed) }

    /// Records the buffer's current counts; called by its owner under its lock.
    func update(waiting waitingCount: Int, dropped droppedCount: Int) {
        waiting.store(waitingCount, ordering: .relaxed)
        dropped.store(droppedCount, ordering: .relaxed)
    }

    func update(waiting waitingCount: Int) {
        waiting.store(waitingCount, ordering: .relaxed)
    }

    func countDrop() {
        dropped.add(1, ordering: .relaxed)
    }
}
