import EventBus
import Foundation

/// Finds which publish a tapped publish was made inside, from the order taps hear them.
///
/// A tap hears a publish when its delivery is over, on the publishing thread, so a publish
/// made by a handler is heard before the one that caused it, on the same thread, with a higher
/// sequence number. When a record arrives, the records heard earlier on the same thread with a
/// higher sequence number and no cause yet were published inside it. Called from the tap, on
/// any thread; each thread has its own list, so publishes on other threads at the same time are
/// never taken for nested ones.
final class NestingTracker: Sendable {
    /// Per thread: the sequence numbers heard there that have no cause yet, oldest first.
    private let unclaimed = LockedValue<[ObjectIdentifier: [UInt64]]>([:])
    /// Each thread's list is cut to this many (only a publish with more nested publishes than
    /// this directly inside it would lose a marker).
    private let limit = 256

    /// The children `sequenceNumber` claims: records heard before it on this thread with a
    /// higher number. Records it as unclaimed, for the publish that may have caused it.
    func claimChildren(of sequenceNumber: UInt64) -> [UInt64] {
        let thread = ObjectIdentifier(Thread.current)
        return unclaimed.withLock { lists in
            var list = lists[thread, default: []]
            let children = list.filter { $0 > sequenceNumber }
            list.removeAll { $0 > sequenceNumber }
            list.append(sequenceNumber)
            if list.count > limit { list.removeFirst(list.count - limit) }
            lists[thread] = list
            return children
        }
    }
}
