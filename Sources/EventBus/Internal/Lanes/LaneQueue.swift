/// A lane's queue for one event type, without its type: what the lane's order refers to.
class LaneQueueBase: @unchecked Sendable {  // safe: subclasses guard their state (see LaneQueue)
    /// Runs the next `count` queued events, if they still belong to `generation`. Called by
    /// the drain with no lock held.
    func run(_ count: Int, generation: UInt64, in core: LaneCore) {}
}

/// The events of one type queued on a lane, and the lane's subscriptions to that type.
///
/// Each queued event keeps the ``LaneCutoff`` of its publish, so that the drain runs it for
/// exactly the subscriptions the publish reached: none added after the publish took its
/// snapshot, none after an interceptor that stopped it.
///
/// Members are held strongly, in delivery order, until their entry is retired (cancelled,
/// its owner found dead, or the bus released); queued events hold no entry. When the last
/// member leaves, the queued events go with it at once, even if the executor never runs.
final class LaneQueue<Event>: LaneQueueBase, @unchecked Sendable {
    // safe: the fields below are only touched under `core.state`'s lock, except `taken*`,
    // which only the lane's one running drain touches (drains of one lane never overlap, and
    // the lock orders one drain before the next).

    /// The core lives as long as the lane, which outlives every entry and drain that can
    /// reach this queue (entries hold the lane; the drain runs inside the core).
    private unowned(unsafe) let core: LaneCore
    // `@exclusivity(unchecked)`: the lock (or the drain's exclusivity) already makes every
    // access exclusive, and the runtime's dynamic check cost ~100 instructions per access
    // (callgrind, executor publish-1), as it did for `LockedValue`.
    @exclusivity(unchecked) private var pending = LaneEvents<Event>()
    @exclusivity(unchecked) private var pendingCutoffs: ContiguousArray<LaneCutoff> = []
    @exclusivity(unchecked) private var members: ContiguousArray<Subscription<Event>> = []
    @exclusivity(unchecked) private var memberKeys: ContiguousArray<LaneMemberKey> = []
    /// `members.count`, kept apart: `isEmpty` on an array of a generic element is a protocol
    /// call that looks up the array's metadata and conformance on every publish.
    @exclusivity(unchecked) private var memberCount = 0
    @exclusivity(unchecked) private var generation: UInt64 = 0
    /// What the drain took from `pending` and has not run yet, from `takenHead` on.
    @exclusivity(unchecked) private var taken = LaneEvents<Event>()
    @exclusivity(unchecked) private var takenCutoffs: ContiguousArray<LaneCutoff> = []
    @exclusivity(unchecked) private var takenHead = 0
    @exclusivity(unchecked) private var takenGeneration: UInt64 = 0
    /// Events waiting for the drain, for the members' tokens.
    let backlog = BufferCounters()

    init(core: LaneCore) {
        self.core = core
    }

    deinit {
        pending.free()
        taken.free()
    }

    /// Adds `entry` in delivery order, unless it was already retired (a cancel racing with
    /// the subscribe). Called once the store has listed the entry, so its serial is known.
    func join(_ entry: Subscription<Event>, key: LaneMemberKey) {
        core.state.withLock { _ in
            // `leave` marks the entry before it locks, so a retire that came first is seen.
            guard !entry.isCancelled else { return }
            var index = memberKeys.endIndex
            while index > 0, key.precedes(memberKeys[index - 1]) { index -= 1 }
            members.insert(entry, at: index)
            memberKeys.insert(key, at: index)
            memberCount += 1
        }
    }

    /// Removes `entry`, which has ended (it is marked cancelled here, in case its owner died:
    /// a `join` racing with this retire then leaves it out). Once no member is left, drops the
    /// queued events. May run more than once.
    func leave(_ entry: Subscription<Event>) {
        entry.markCancelled()
        var dropped = LaneEvents<Event>()
        var droppedRuns: [LaneRun] = []
        core.state.withLock { state in
            guard let index = members.firstIndex(where: { $0 === entry }) else { return }
            members.remove(at: index)
            memberKeys.remove(at: index)
            memberCount -= 1
            guard memberCount == 0 else { return }
            generation &+= 1
            dropped.exchange(with: &pending)
            pendingCutoffs.removeAll()
            droppedRuns = state.removeRuns(of: self)
            backlog.update(waiting: 0)
        }
        // Released here, after the unlock: events can run arbitrary deinit code.
        dropped.free()
        _ = consume droppedRuns
    }

    /// Queues `event` for the members `cutoff` covers; returns true when the caller must
    /// schedule the lane's drain. Called once per publish, after the publish's loop.
    func append(_ event: Event, cutoff: LaneCutoff) -> Bool {
        core.state.withLock { state in
            // Every member may have left during the publish; then nobody would run it.
            guard memberCount > 0 else { return false }
            pending.append(event)
            pendingCutoffs.append(cutoff)
            backlog.update(waiting: pending.count)
            return state.noteQueued(in: self, generation: generation)
        }
    }

    override func run(_ count: Int, generation runGeneration: UInt64, in core: LaneCore) {
        var stale = LaneEvents<Event>()
        var current = ContiguousArray<Subscription<Event>>()
        var currentKeys = ContiguousArray<LaneMemberKey>()
        let isCurrent = core.state.withLock { _ in
            guard runGeneration == generation else { return false }
            if takenGeneration != generation {
                stale.exchange(with: &taken)
                takenCutoffs.removeAll()
                (takenHead, takenGeneration) = (0, generation)
            }
            if taken.count - takenHead < count { takePending() }
            // Retained for this run only; a member that leaves meanwhile is skipped by its
            // cancelled flag and released when the run ends.
            current = members
            currentKeys = memberKeys
            return true
        }
        stale.free()  // released after the unlock
        guard isCurrent else { return }
        let end = min(takenHead + count, taken.count)
        while takenHead < end {
            let event = taken[takenHead]
            let cutoff = takenCutoffs[takenHead]
            takenHead += 1
            for index in currentKeys.indices {
                let key = currentKeys[index]
                if key.isAfter(cutoff) { break }
                if key.serial > cutoff.maxSerial { continue }
                _ = current[index].runQueued(event)
            }
        }
        if takenHead == taken.count {
            // Emptied here, outside the lock: releasing events can run arbitrary deinit code.
            taken.releaseAll()
            takenCutoffs.removeAll(keepingCapacity: true)
            takenHead = 0
        }
    }

    /// Moves everything pending behind what the drain already took. Under the lock; events
    /// are moved, never released, here.
    private func takePending() {
        if taken.count == 0 {
            taken.exchange(with: &pending)
            swap(&takenCutoffs, &pendingCutoffs)
        } else {
            taken.append(movingFrom: &pending)
            takenCutoffs.append(contentsOf: pendingCutoffs)
            pendingCutoffs.removeAll(keepingCapacity: true)
        }
        backlog.update(waiting: 0)
    }
}

/// A member's place in delivery order: descending priority, then ascending serial (the
/// store's subscription order), as in the store's own lists.
struct LaneMemberKey: Equatable {
    let priority: Int
    let serial: UInt64

    /// Strictly before `other` in delivery order.
    func precedes(_ other: LaneMemberKey) -> Bool {
        priority > other.priority || (priority == other.priority && serial < other.serial)
    }

    /// Whether this member comes after the last one a publish reached.
    func isAfter(_ cutoff: LaneCutoff) -> Bool {
        priority < cutoff.lastPriority || (priority == cutoff.lastPriority && serial > cutoff.lastSerial)
    }
}

/// Which of a lane's members a publish reached: those up to the last one it reached, in
/// delivery order (an interceptor that stopped the publish ends it there), and none with a
/// later serial than the newest it reached (subscribed after the publish took its snapshot).
/// A member inside that range that the publish skipped was cancelled or had lost its owner,
/// and the drain skips it again.
struct LaneCutoff {
    var lastPriority: Int
    var lastSerial: UInt64
    var maxSerial: UInt64
}
