/// The lanes one publish reached, and how far it got in each (issue 12, executor fan-out).
///
/// The publish loop (``DeliveryWalk``) only remembers where the first lane member that took
/// the event sits. After the loop, ``queue(_:from:until:entry:)`` walks the list again from
/// there to where the loop ended (the end, or an interceptor that stopped the publish),
/// collects the lanes and their cutoffs, and queues the event once per lane. Keeping this out of the loop leaves the plain
/// path one pointer heavier: a fan-out state kept in the loop cost every publish, lanes or
/// not, 16 to 78 instructions (callgrind, token-owned publish-1).
///
/// A member found here that the loop skipped (cancelled, or its owner gone, meanwhile) stays
/// inside the cutoff; the drain checks both again before every call, so it skips it too.
///
/// Two lanes are kept inline (one event type rarely has subscriptions on more than the main
/// actor and one queue), so a publish allocates nothing; a third lane and beyond go in a
/// buffer freed before returning.
struct LaneFanOut {
    private var first: LaneFanOutSlot
    private var second: LaneFanOutSlot?
    private var more: UnsafeMutablePointer<LaneFanOutSlot>?
    private var moreCount = 0
    private var moreCapacity = 0

    private init(_ slot: LaneFanOutSlot) {
        first = slot
    }

    /// Queues `event` on the lanes of the members among `entry(start..<end)`: from the first
    /// member the loop reached up to where the loop ended (the end of the list, or the
    /// interceptor that stopped the publish). The caller keeps every entry alive meanwhile.
    @inline(never)
    static func queue<Event>(
        _ event: Event, from start: Int, until end: Int, entry: (Int) -> Unmanaged<AnySubscription>
    ) {
        var fanOut: LaneFanOut?
        for index in start..<end {
            let member = entry(index)
            guard let seat = member._withUnsafeGuaranteedRef({ $0.laneSeat }) else { continue }
            if fanOut == nil {
                fanOut = LaneFanOut(LaneFanOutSlot(member, seat))
            } else {
                fanOut!.note(member, seat)
            }
        }
        fanOut?.flush(event)
    }

    /// ``queue(_:from:until:entry:)`` for a retained snapshot, from the member `start` up to
    /// the interceptor `stop`, if any.
    static func queue<Event>(
        _ event: Event, in snapshot: ContiguousArray<AnySubscription>, from start: Unmanaged<AnySubscription>,
        until stop: Unmanaged<AnySubscription>?
    ) {
        snapshot.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: Unmanaged<AnySubscription>.self) { entries in
                let first = entries.firstIndex { $0.toOpaque() == start.toOpaque() } ?? entries.count
                let end = stop.flatMap { stop in entries.firstIndex { $0.toOpaque() == stop.toOpaque() } }
                queue(event, from: first, until: max(first, end ?? entries.count)) { entries[$0] }
            }
        }
    }

    private mutating func note(_ entry: Unmanaged<AnySubscription>, _ seat: LaneSeat) {
        if first.queue == seat.queue {
            first.extend(to: seat)
        } else if second == nil {
            second = LaneFanOutSlot(entry, seat)
        } else if second!.queue == seat.queue {
            second!.extend(to: seat)
        } else if let index = (0..<moreCount).first(where: { more![$0].queue == seat.queue }) {
            more![index].extend(to: seat)
        } else {
            appendMore(LaneFanOutSlot(entry, seat))
        }
    }

    private mutating func appendMore(_ slot: LaneFanOutSlot) {
        if moreCount == moreCapacity {
            let capacity = max(4, moreCapacity * 2)
            let grown = UnsafeMutablePointer<LaneFanOutSlot>.allocate(capacity: capacity)
            if let more {
                grown.moveInitialize(from: more, count: moreCount)
                more.deallocate()
            }
            (more, moreCapacity) = (grown, capacity)
        }
        (more! + moreCount).initialize(to: slot)
        moreCount += 1
    }

    /// Queues `event` once on every lane noted, and frees the overflow buffer.
    private func flush<Event>(_ event: Event) {
        first.flush(event)
        second?.flush(event)
        guard let more else { return }
        for index in 0..<moreCount { more[index].flush(event) }
        more.deallocate()  // slots are trivial: nothing to deinitialize
    }
}

/// One lane a publish reached: a member to queue the event through, and the cutoff so far.
struct LaneFanOutSlot {
    /// A member of the lane's queue from the publish's snapshot, which keeps it alive.
    let entry: Unmanaged<AnySubscription>
    let queue: ObjectIdentifier
    var cutoff: LaneCutoff

    init(_ entry: Unmanaged<AnySubscription>, _ seat: LaneSeat) {
        self.entry = entry
        queue = seat.queue
        cutoff = LaneCutoff(lastPriority: seat.priority, lastSerial: seat.serial, maxSerial: seat.serial)
    }

    /// The snapshot is walked in delivery order, so the latest member is the last so far.
    mutating func extend(to seat: LaneSeat) {
        cutoff.lastPriority = seat.priority
        cutoff.lastSerial = seat.serial
        cutoff.maxSerial = max(cutoff.maxSerial, seat.serial)
    }

    func flush<Event>(_ event: Event) {
        entry._withUnsafeGuaranteedRef {
            unsafeDowncast($0, to: Subscription<Event>.self).queueOnLane(event, cutoff: cutoff)
        }
    }
}

/// Where a lane member sits: its lane's queue, and its place in delivery order.
struct LaneSeat {
    let queue: ObjectIdentifier
    let priority: Int
    let serial: UInt64
}
