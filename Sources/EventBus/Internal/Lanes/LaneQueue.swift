// unsafe invariant 8: the state of a queue is guarded as `LaneQueue` says on its fields.
/// A lane's queue for one event type, without its type: what the lane's order refers to.
class LaneQueueBase: @unchecked Sendable {  // safe: subclasses guard their state (see LaneQueue)
    /// Runs the next `count` queued events, if they still belong to `generation`. Called by
    /// the drain with no lock held.
    func run(_ count: Int, generation: UInt64, in core: LaneCore) {}
}

/// The events of one type queued on a lane, and the lane's subscriptions to that type.
///
/// Each queued event names the member it is for by a number the queue gave it when it
/// joined, never by reference: members are held strongly, in the order they joined, only
/// until their entry is retired (cancelled, its owner found dead, or the bus released). When
/// the last member leaves, the queued events go with it at once, even if the executor never
/// runs.
final class LaneQueue<Event>: LaneQueueBase, @unchecked Sendable {
    // safe: the fields below are only touched under `core.state`'s lock, except `taken*` and
    // `holdingOwners`, which only the lane's one running drain touches (drains of one lane
    // never overlap, and the lock orders one drain before the next).

    // unsafe invariant 4: the lane, which every member and drain holds, keeps its core.
    /// The core lives as long as the lane, which outlives every entry and drain that can
    /// reach this queue (entries hold the lane; the drain runs inside the core).
    private unowned(unsafe) let core: LaneCore
    // unsafe invariant 6: the lane lock guards these fields.
    // `@exclusivity(unchecked)`: the lock (or the drain's exclusivity) already makes every access
    // exclusive, and the runtime's dynamic check on every access was a large share of a queued
    // publish, as it was for `LockedValue`.
    @exclusivity(unchecked) private var pending = LaneEvents()
    @exclusivity(unchecked) private var pendingTargets: ContiguousArray<UInt64> = []
    /// Each a `Subscription<Event>`, stored type-erased: the queue runs unspecialized, and
    /// subscripting an array of a generic element went through the generic getter and value
    /// witnesses for every queued event in the drain; this array's code is specialized, and
    /// ``member(_:of:)`` casts without a check.
    @exclusivity(unchecked) private var members: ContiguousArray<AnySubscription> = []
    /// `memberNumbers[i]` is the number of `members[i]`; ascending, so a binary search finds
    /// a queued event's member.
    @exclusivity(unchecked) private var memberNumbers: ContiguousArray<UInt64> = []
    /// Each member's backlog, shared with its token: written only under the lock.
    @exclusivity(unchecked) private var memberCounters: ContiguousArray<BufferCounters> = []
    @exclusivity(unchecked) private var nextMemberNumber: UInt64 = 1
    /// `members.count`, kept apart: `isEmpty` on an array of a generic element is a protocol
    /// call that looks up the array's metadata and conformance.
    @exclusivity(unchecked) private var memberCount = 0
    @exclusivity(unchecked) private var generation: UInt64 = 0
    // unsafe invariant 5: only the lane's one running drain touches these fields.
    /// What the drain took from `pending` and has not run yet, from `takenHead` on.
    @exclusivity(unchecked) private var taken = LaneEvents()
    @exclusivity(unchecked) private var takenTargets: ContiguousArray<UInt64> = []
    @exclusivity(unchecked) private var takenHead = 0
    @exclusivity(unchecked) private var takenGeneration: UInt64 = 0
    /// Positions (in the run's copy of `members`) of the members holding their owner for the
    /// current pass (see ``Subscription/runInPass(_:)``); emptied when the run ends.
    @exclusivity(unchecked) private var holdingOwners: ContiguousArray<Int> = []

    init(core: LaneCore) {
        self.core = core
    }

    deinit {
        pending.free(as: Event.self)
        taken.free(as: Event.self)
    }

    /// Adds `entry` and returns its member number. Called before the entry is listed in the
    /// store, so no publish can reach it before it is a member.
    func join(_ entry: Subscription<Event>, counters: BufferCounters) -> UInt64 {
        core.state.withLock { _ in
            let number = nextMemberNumber
            nextMemberNumber += 1
            members.append(entry)
            memberNumbers.append(number)
            memberCounters.append(counters)
            memberCount += 1
            return number
        }
    }

    /// Removes the member `number`; once no member is left, drops the queued events. May run
    /// more than once.
    func leave(_ number: UInt64) {
        var dropped = LaneEvents()
        var droppedRuns: [LaneRun] = []
        var removed: AnySubscription?
        core.state.withLock { state in
            guard let index = memberIndex(of: number, in: memberNumbers) else { return }
            removed = members.remove(at: index)
            memberNumbers.remove(at: index)
            memberCounters.remove(at: index).update(waiting: 0)
            memberCount -= 1
            guard memberCount == 0 else {
                dropEvents(for: number, into: &dropped, state: &state)
                return
            }
            generation &+= 1
            dropped.exchange(with: &pending)
            pendingTargets.removeAll()
            droppedRuns = state.removeRuns(of: self)
        }
        // Released here, after the unlock: events and handlers can run arbitrary deinit code.
        dropped.free(as: Event.self)
        _ = consume droppedRuns
        _ = consume removed
    }

    /// Takes the events queued for the member `number` out of `pending` (into `dropped`, for
    /// release after unlocking) and shrinks their runs in the order, so the events of the
    /// other members keep their places. Events whose runs a running drain already holds stay:
    /// that drain skips them within its batch, as it skips events taken from a mailbox.
    private func dropEvents(for number: UInt64, into dropped: inout LaneEvents, state: inout LaneState) {
        // The order's runs count the newest `ordered` events of this queue; the oldest of
        // those may already sit in the drain's `taken` buffer (a run refills with everything
        // pending), so `base` can be negative.
        let ordered = state.queuedCount(of: self)
        let base = pending.count - ordered
        let start = max(0, base)
        guard (start..<pending.count).contains(where: { pendingTargets[$0] == number }) else { return }
        let targets = pendingTargets
        state.shrinkRuns(of: self) { base + $0 < 0 || targets[base + $0] != number }
        pending.remove(from: start, into: &dropped, as: Event.self) { targets[$0] == number }
        pendingTargets.removeSubrange(start...)
        pendingTargets.append(contentsOf: targets[start...].lazy.filter { $0 != number })
    }

    /// Queues `event` for the member `number`, whose backlog is `counters`; returns true when
    /// the caller must schedule the lane's drain.
    func append(_ event: Event, for number: UInt64, counters: BufferCounters) -> Bool {
        // unsafe invariant 4: the lane keeps its core.
        // Through a guaranteed reference: reaching the lock through the `unowned(unsafe)` field
        // retained and released it on every publish.
        Unmanaged.passUnretained(core)._withUnsafeGuaranteedRef { core in
            core.state.withLock { state in
                // A cancel racing with this publish may have taken the last member out already.
                guard memberCount > 0 else { return false }
                pending.append(event)
                pendingTargets.append(number)
                counters.update(waiting: counters.waitingCount + 1)
                return state.noteQueued(in: self, generation: generation)
            }
        }
    }

    /// Queues `event` for the member `number` as its `policy` (whose limit is `limit`) allows,
    /// counting a drop in `counters`; returns whether the caller must schedule the drain and
    /// what the publish reports. Only the member's events that the lane's order still counts
    /// are waiting: those whose runs a running drain holds were handed over and are never
    /// dropped, as in a mailbox. A dropped waiting event leaves the queue and its run shrinks,
    /// so every other event keeps its place.
    func appendBounded(
        _ event: Event, for number: UInt64, counters: BufferCounters, policy: EventBufferPolicy, limit: Int
    ) -> (Bool, DeliveryOutcome) {
        var dropped = LaneEvents()
        let result: (Bool, DeliveryOutcome) = core.state.withLock { state in
            guard memberCount > 0 else { return (false, .delivered) }
            var outcome = DeliveryOutcome.delivered
            // The counter may include events a running drain holds: an exact count only then.
            if counters.waitingCount >= limit {
                // The order counts the newest events of this queue (see `dropEvents`).
                let base = pending.count - state.queuedCount(of: self)
                let waiting = (max(0, base)..<pending.count).filter { pendingTargets[$0] == number }
                if waiting.count >= limit {
                    counters.countDrop()
                    guard case .keepNewest = policy, let oldest = waiting.first else {
                        return (false, .dropped)
                    }
                    state.shrinkRuns(of: self) { base + $0 != oldest }
                    pending.remove(from: oldest, into: &dropped, as: Event.self) { $0 == oldest }
                    pendingTargets.remove(at: oldest)
                    counters.update(waiting: counters.waitingCount - 1)
                    outcome = .deliveredDroppingOlder
                }
            }
            pending.append(event)
            pendingTargets.append(number)
            counters.update(waiting: counters.waitingCount + 1)
            return (state.noteQueued(in: self, generation: generation), outcome)
        }
        dropped.free(as: Event.self)  // released after the unlock
        return result
    }

    override func run(_ count: Int, generation runGeneration: UInt64, in core: LaneCore) {
        var stale = LaneEvents()
        var current = ContiguousArray<AnySubscription>()
        var currentNumbers = ContiguousArray<UInt64>()
        let isCurrent = core.state.withLock { _ in
            guard runGeneration == generation else { return false }
            if takenGeneration != generation {
                stale.exchange(with: &taken)
                takenTargets.removeAll()
                (takenHead, takenGeneration) = (0, generation)
            }
            if taken.count - takenHead < count { takePending() }
            // Retained for this run only; a member that leaves meanwhile is skipped by its
            // cancelled flag and released when the run ends.
            current = members
            currentNumbers = memberNumbers
            return true
        }
        stale.free(as: Event.self)  // released after the unlock
        guard isCurrent else { return }
        let end = min(takenHead + count, taken.count)
        // A publish reaches a type's members in the order they joined, so the next event is
        // usually for the member after the last one: checked before a binary search.
        var next = 0
        while takenHead < end {
            let target = takenTargets[takenHead]
            if next >= currentNumbers.count || currentNumbers[next] != target {
                next = memberIndex(of: target, in: currentNumbers) ?? -1
            }
            if next >= 0 {
                let step = withMember(next, of: current) { $0.runInPass(taken[takenHead, as: Event.self]) }
                if step == .ranHoldingOwner { holdingOwners.append(next) }
            }
            next += 1
            takenHead += 1
        }
        // The pass ends with the run: owners are held for one run's events at most (a burst
        // of one type), and released here, with no lock held (a release can run deinit code).
        for index in holdingOwners { withMember(index, of: current) { $0.endPass() } }
        holdingOwners.removeAll(keepingCapacity: true)
        if takenHead == taken.count {
            // Emptied here, outside the lock: releasing events can run arbitrary deinit code.
            taken.releaseAll(as: Event.self)
            takenTargets.removeAll(keepingCapacity: true)
            takenHead = 0
        }
    }

    /// Calls `body` with the member at `index` of `list` (a copy of `members`, which holds only
    /// this queue's `Subscription<Event>` entries and keeps them alive meanwhile), without
    /// retaining it: a retain and release per queued event bought nothing.
    @inline(__always)
    private func withMember<Result>(
        _ index: Int, of list: ContiguousArray<AnySubscription>, _ body: (Subscription<Event>) -> Result
    ) -> Result {
        // unsafe invariant 2: the run's copy of `members` keeps every member alive.
        list.withUnsafeBufferPointer { buffer in
            UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped)
                .load(
                    fromByteOffset: index * MemoryLayout<AnySubscription>.stride,
                    as: Unmanaged<AnySubscription>.self
                )
                ._withUnsafeGuaranteedRef {
                    // unsafe invariant 3: `members` holds only this queue's `Subscription<Event>`s.
                    body(unsafeDowncast($0, to: Subscription<Event>.self))
                }
        }
    }

    /// Moves everything pending behind what the drain already took. Under the lock; events
    /// are moved, never released, here.
    private func takePending() {
        if taken.count == 0 {
            taken.exchange(with: &pending)
            swap(&takenTargets, &pendingTargets)
        } else {
            taken.append(movingFrom: &pending, as: Event.self)
            takenTargets.append(contentsOf: pendingTargets)
            pendingTargets.removeAll(keepingCapacity: true)
        }
        // Taken by the drain: no longer waiting (as in a mailbox). Once per run, not per event.
        for counters in memberCounters { counters.update(waiting: 0) }
    }
}

/// The position of `number` in the ascending `numbers`, by binary search.
private func memberIndex(of number: UInt64, in numbers: ContiguousArray<UInt64>) -> Int? {
    var (low, high) = (0, numbers.count)
    while low < high {
        let middle = (low + high) / 2
        if numbers[middle] < number { low = middle + 1 } else { high = middle }
    }
    return low < numbers.count && numbers[low] == number ? low : nil
}
