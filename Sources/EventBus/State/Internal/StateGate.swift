/// Puts one state subscription's deliveries in order and makes sure they never overlap.
///
/// A plain value guarded by the subscription's lock. Whoever finds the gate idle runs the
/// delivery itself, outside the lock, and then keeps running whatever other threads queued
/// meanwhile; a thread that finds the gate busy leaves its value and returns.
///
/// State publishes carry the number the shard lock gave them (see ``AnyStateSlot``), so the
/// gate can put them in that order even when two publishers reach this subscription the other
/// way round: value *n + 1* waits for value *n*, whose publisher is on its way (every state
/// publish after the subscription was listed has it in its snapshot, so the numbers a
/// subscription sees have no gaps). Values from a plain `publish` carry 0 and run in arrival
/// order.
///
/// Not generic: the gate only tracks numbers; the waiting values themselves sit in the entry
/// (``StateEntry``), in the same positions as `waiting`, under the same lock. Generic types
/// built inside unspecialized generic code cost a runtime metadata lookup on every use, which
/// made the first version of this path ~20× slower than a plain delivery (callgrind).
struct StateGate {
    /// True while some thread is running this subscription's chain or handler.
    private(set) var isRunning = false
    private var nextSequence: UInt64 = 1
    /// Numbers of the values waiting, in the order they will run; rarely more than one.
    private(set) var waiting: [UInt64] = []

    /// Called once, under the shard lock, when the subscription is listed: the next state
    /// publish it will see is `sequence + 1`. With `replaying`, the subscriber's thread holds the
    /// gate for the replay, so values published meanwhile queue up behind it.
    mutating func start(after sequence: UInt64, replaying: Bool) {
        nextSequence = sequence + 1
        isRunning = replaying
    }

    /// The fast path: takes the gate for a value numbered `sequence` when it is idle, nothing
    /// waits, and the value is next. The caller then runs it and calls ``leaveIfIdle()``.
    mutating func enter(_ sequence: UInt64) -> Bool {
        guard !isRunning, waiting.isEmpty, isRunnable(sequence) else { return false }
        advance(past: sequence)
        isRunning = true
        return true
    }

    /// Where a value numbered `sequence` must wait; the caller inserts it there.
    mutating func enqueue(_ sequence: UInt64) -> Int {
        // Numbered values are kept in number order, ahead of unnumbered ones.
        let index =
            sequence == 0
            ? waiting.endIndex
            : waiting.firstIndex { $0 == 0 || $0 > sequence } ?? waiting.endIndex
        waiting.insert(sequence, at: index)
        return index
    }

    /// When the gate is idle and a waiting value may run, takes the gate and returns that
    /// value's position (the caller removes it); otherwise nil.
    mutating func enterForWaiting() -> Int? {
        guard !isRunning, let index = takeRunnable() else { return nil }
        isRunning = true
        return index
    }

    /// For the thread holding the gate: releases it and returns true when no waiting value may
    /// run; returns false when one may (fetch it with ``takeRunnable()``).
    mutating func leaveIfIdle() -> Bool {
        if waiting.contains(where: isRunnable) { return false }
        isRunning = false
        return true
    }

    /// The position of the next waiting value that may run, removed from `waiting`.
    mutating func takeRunnable() -> Int? {
        guard let index = waiting.firstIndex(where: isRunnable) else { return nil }
        advance(past: waiting.remove(at: index))
        return index
    }

    /// Drops every waiting value's number once the subscription has ended, and releases the gate.
    mutating func close() {
        isRunning = false
        waiting = []
    }

    private func isRunnable(_ sequence: UInt64) -> Bool {
        // Below `nextSequence` cannot happen by construction; run it rather than stall.
        sequence == 0 || sequence <= nextSequence
    }

    private mutating func advance(past sequence: UInt64) {
        if sequence != 0 { nextSequence = max(nextSequence, sequence + 1) }
    }
}
