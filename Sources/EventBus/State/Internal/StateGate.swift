import Synchronization

/// Puts one state subscription's deliveries in order and makes sure they never overlap.
///
/// Whoever finds the gate idle runs the delivery itself, and then keeps running whatever other
/// threads left meanwhile; a thread that finds the gate busy leaves its value and returns.
///
/// State publishes carry the number the shard lock gave them (see ``AnyStateSlot``), so the
/// gate can put them in that order even when two publishers reach this subscription the other
/// way round: value *n + 1* waits for value *n*, whose publisher is on its way (every state
/// publish after the subscription was listed has it in its snapshot, so the numbers a
/// subscription sees have no gaps). Values from a plain `publish` carry 0 and run in arrival
/// order.
///
/// ## One word on the fast path
/// Whether the gate is held, whether values wait, and the number of the next value are one
/// atomic word. Taking an idle gate for the next value is one compare-and-swap, and leaving it
/// when nothing waits another; no lock. Only a value that must wait (the gate is busy, the value
/// is early, or others wait already) takes the lock, which guards the waiting values' numbers
/// (here) and the values themselves (in ``StateEntry``, in the same positions). Every change of
/// the word is a compare-and-swap; the lock holder changes it only while it knows what waits,
/// and sets the waiting bit before it lets go of the lock, so a leaving holder either sees that
/// bit and takes the lock, or has left before the waiter's swap, which then finds the gate idle
/// and takes it itself. (Issue 20: two lock round trips per value were most of what a state
/// delivery cost over a plain one, ~130 of ~820 instructions, callgrind.)
///
/// Taking the gate acquires and leaving it releases, so a chain's previous values
/// (``PreviousValue``), written by whichever thread held the gate last, are seen by the next.
///
/// Not generic: generic types built inside unspecialized generic code cost a runtime metadata
/// lookup on every use, which made the first version of this path ~20× slower than a plain
/// delivery (callgrind).
final class StateGate: Sendable {
    private static var running: UInt64 { 1 }
    private static var waits: UInt64 { 2 }
    private static var numberShift: UInt64 { 2 }

    /// `running | waits | next << numberShift`; `next` is the number of the next state value.
    private let word = Atomic<UInt64>(0)
    /// Numbers of the values waiting, in the order they will run; rarely more than one.
    let waiting = LockedValue<[UInt64]>([])

    /// Called once, under the shard lock, when the subscription is listed: the next state
    /// publish it will see is `sequence + 1`. With `replaying`, the subscriber's thread holds the
    /// gate for the replay, so values published meanwhile queue up behind it. The entry is
    /// published to other threads only after the shard lock is released.
    func start(after sequence: UInt64, replaying: Bool) {
        word.store((sequence + 1) << Self.numberShift | (replaying ? Self.running : 0), ordering: .releasing)
    }

    /// The fast path: takes the gate for a value numbered `sequence` when it is idle, nothing
    /// waits, and the value is next. The caller then runs it and calls ``leave()``. False: call
    /// ``enqueue(_:)`` under `waiting`'s lock instead.
    @inline(__always)
    func enter(_ sequence: UInt64) -> Bool {
        var current = word.load(ordering: .relaxed)
        while current & (Self.running | Self.waits) == 0 {
            let next = current >> Self.numberShift
            guard Self.isRunnable(sequence, next: next) else { return false }
            let (taken, found) = word.compareExchange(
                expected: current,
                desired: Self.advanced(next, past: sequence) << Self.numberShift | Self.running,
                ordering: .acquiring)
            if taken { return true }
            current = found
        }
        return false
    }

    /// For the thread holding the gate: releases it and returns true when nothing waits; false
    /// when something does (then call ``leaveOrTakeNext(_:)`` under `waiting`'s lock).
    @inline(__always)
    func leave() -> Bool {
        var current = word.load(ordering: .relaxed)
        while current & Self.waits == 0 {
            let (left, found) = word.compareExchange(
                expected: current, desired: current & ~Self.running, ordering: .releasing)
            if left { return true }
            current = found
        }
        return false
    }

    /// Under `waiting`'s lock: files a value numbered `sequence` that could not enter, and
    /// returns where it goes (the caller inserts the value there).
    func enqueue(_ sequence: UInt64, in waiting: inout [UInt64]) -> Int {
        // Numbered values are kept in number order, ahead of unnumbered ones.
        let index =
            sequence == 0
            ? waiting.endIndex
            : waiting.firstIndex { $0 == 0 || $0 > sequence } ?? waiting.endIndex
        waiting.insert(sequence, at: index)
        return index
    }

    /// Under `waiting`'s lock, right after ``enqueue(_:in:)``: when the gate is idle and a
    /// waiting value may run, takes the gate and returns that value's position (the caller
    /// removes it and runs it); otherwise marks that values wait and returns nil.
    func enterForWaiting(_ waiting: inout [UInt64]) -> Int? {
        var current = word.load(ordering: .relaxed)
        while true {
            let next = current >> Self.numberShift
            let index = current & Self.running == 0 ? Self.firstRunnable(in: waiting, next: next) : nil
            let desired: UInt64
            if let index {
                let remaining = waiting.count > 1
                desired =
                    Self.advanced(next, past: waiting[index]) << Self.numberShift | Self.running
                    | (remaining ? Self.waits : 0)
            } else {
                desired = current | Self.waits
            }
            let (swapped, found) = word.compareExchange(
                expected: current, desired: desired, ordering: .acquiringAndReleasing)
            if swapped {
                if let index { waiting.remove(at: index) }
                return index
            }
            current = found
        }
    }

    /// Under `waiting`'s lock, for the thread holding the gate once ``leave()`` found values
    /// waiting: keeps the gate and returns the position of the next value that may run (the
    /// caller removes it and runs it), or releases the gate and returns nil when none may yet.
    func leaveOrTakeNext(_ waiting: inout [UInt64]) -> Int? {
        var current = word.load(ordering: .relaxed)
        while true {
            let next = current >> Self.numberShift
            let index = Self.firstRunnable(in: waiting, next: next)
            let desired: UInt64
            if let index {
                desired =
                    Self.advanced(next, past: waiting[index]) << Self.numberShift | Self.running
                    | (waiting.count > 1 ? Self.waits : 0)
            } else {
                desired = current & ~Self.running | (waiting.isEmpty ? 0 : Self.waits)
            }
            let (swapped, found) = word.compareExchange(
                expected: current, desired: desired, ordering: .acquiringAndReleasing)
            if swapped {
                if let index { waiting.remove(at: index) }
                return index
            }
            current = found
        }
    }

    /// Under `waiting`'s lock, for the thread holding the gate once the subscription has ended:
    /// drops every waiting value's number and releases the gate.
    func close(_ waiting: inout [UInt64]) {
        waiting = []
        var current = word.load(ordering: .relaxed)
        while true {
            let (swapped, found) = word.compareExchange(
                expected: current, desired: current & ~(Self.running | Self.waits), ordering: .releasing)
            if swapped { return }
            current = found
        }
    }

    private static func firstRunnable(in waiting: [UInt64], next: UInt64) -> Int? {
        waiting.firstIndex { isRunnable($0, next: next) }
    }

    @inline(__always)
    private static func isRunnable(_ sequence: UInt64, next: UInt64) -> Bool {
        // Below `next` cannot happen by construction; run it rather than stall.
        sequence == 0 || sequence <= next
    }

    @inline(__always)
    private static func advanced(_ next: UInt64, past sequence: UInt64) -> UInt64 {
        sequence == 0 ? next : max(next, sequence + 1)
    }
}
