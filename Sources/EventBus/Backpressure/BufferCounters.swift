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
    /// For a subscription that shares its executor's lane: the backlog of the lane's queue
    /// for its event type, reported while the subscription lasts (see ``end()``).
    private let sharedBacklog: BufferCounters?
    private let ended = Atomic<Bool>(false)

    init() {
        sharedBacklog = nil
    }

    /// Counters that report `backlog`'s waiting count until ``end()``, and 0 after it.
    init(sharing backlog: BufferCounters) {
        sharedBacklog = backlog
    }

    var waitingCount: Int {
        guard let sharedBacklog else { return waiting.load(ordering: .relaxed) }
        return ended.load(ordering: .relaxed) ? 0 : sharedBacklog.waitingCount
    }

    /// The subscription has ended: nothing waits for its handler any more.
    func end() {
        ended.store(true, ordering: .relaxed)
    }
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
