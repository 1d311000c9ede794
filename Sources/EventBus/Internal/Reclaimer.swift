import Synchronization

/// Frees what writers took out of ``PublishedList``s (entries, old buffers) once no publish
/// walks the list they came from.
///
/// The common case frees at once: the writer has already unlinked the thing, reads every thread's
/// ``HazardSlots``, and finds none naming the list. Only when a publish is walking that list right
/// now is the thing kept here, and then the first of these frees it: that publish when it clears
/// its slot (it sees `pending` and calls ``reclaim()``), or any later write on the bus. So an entry
/// lives exactly as long as before the lock-free read path: until the last publish that may call it
/// returns. Writers never wait for handlers.
final class Reclaimer: Sendable {
    private let deferred = LockedValue(Deferred())
    /// How many things are kept; read by every publish that announced a list, written only
    /// under `deferred`'s lock.
    private let pending = Atomic<Int>(0)

    private struct Deferred {
        var entries: [(list: Int, entry: AnySubscription)] = []
        var buffers: [(list: Int, buffer: UnsafeMutablePointer<Atomic<Int>>)] = []
    }

    deinit {
        // No publish can run any more: the store that owns this is being freed.
        deferred.withLock { $0.buffers.forEach { $0.buffer.deallocate() } }
    }

    /// Whether anything waits to be freed; checked by a publish after it cleared its slot.
    @inline(__always)
    var hasPending: Bool { pending.load(ordering: .sequentiallyConsistent) != 0 }

    /// How many things wait (for tests).
    var pendingCount: Int { pending.load(ordering: .sequentiallyConsistent) }

    /// Drops the last references to `entries`, already taken out of their lists, now or once
    /// no publish walks those lists. `list` names the published list an entry was in. Call
    /// with no lock held: an entry's handler captures may run arbitrary `deinit` code.
    func release(_ entries: consuming [AnySubscription], list: (AnySubscription) -> Int) {
        let entries = consume entries
        let announced = HazardSlots.announcedLists()
        guard !announced.isEmpty else { return }
        let kept = entries.map { (list: list($0), entry: $0) }.filter { announced.contains($0.list) }
        guard !kept.isEmpty else { return }
        deferred.withLock {
            $0.entries += kept
            pending.store($0.entries.count + $0.buffers.count, ordering: .sequentiallyConsistent)
        }
        reclaim()
    }

    /// Frees `buffer`, which `list` no longer points to, now or once no publish announces
    /// `list`. Called under a shard lock, so it frees memory only.
    func retireBuffer(_ buffer: UnsafeMutablePointer<Atomic<Int>>, of list: PublishedList) {
        let address = Int(bitPattern: Unmanaged.passUnretained(list).toOpaque())
        guard HazardSlots.isProtected(address) else { return buffer.deallocate() }
        deferred.withLock {
            $0.buffers.append((address, buffer))
            pending.store($0.entries.count + $0.buffers.count, ordering: .sequentiallyConsistent)
        }
    }

    /// Frees every kept thing whose list no publish announces any more. The slots are read
    /// under the lock, after the things were unlinked, so no publish that could still reach
    /// one is missed; the entries are released after the unlock.
    func reclaim() {
        let (entries, buffers) = deferred.withLock {
            kept -> ([AnySubscription], [UnsafeMutablePointer<Atomic<Int>>]) in
            let announced = HazardSlots.announcedLists()
            var entries: [AnySubscription] = []
            var buffers: [UnsafeMutablePointer<Atomic<Int>>] = []
            kept.entries.removeAll { item in
                guard !announced.contains(item.list) else { return false }
                entries.append(item.entry)
                return true
            }
            kept.buffers.removeAll { item in
                guard !announced.contains(item.list) else { return false }
                buffers.append(item.buffer)
                return true
            }
            // Emptied storage is let go: after a mass release it could hold room for 100,000.
            if kept.entries.isEmpty { kept.entries = [] }
            if kept.buffers.isEmpty { kept.buffers = [] }
            pending.store(kept.entries.count + kept.buffers.count, ordering: .sequentiallyConsistent)
            return (entries, buffers)
        }
        for buffer in buffers { buffer.deallocate() }
        _ = consume entries  // released here, after the unlock
    }
}
