import Synchronization

/// Puts one state subscription's deliveries in order and makes sure they never overlap.
///
/// Whoever finds the gate idle runs the delivery itself, and then keeps running whatever other
/// threads left meanwhile; a thread that finds the gate busy leaves its value and returns.
///
/// State publishes carry the number the shard lock gave them (see ``AnyStateSlot``), so the
/// gate can put them in that order even when two publishers reach this subscription the other
/// way round: value *n + 1* waits for value *n*, whose publisher is on its way. Values from a
/// plain `publish` carry 0 and run in arrival order.
///
/// ## No number is waited for in vain
/// The gate waits for number *n* only while *n*'s walk is on its way to it. Three rules make
/// that hold whatever ends a walk or a subscription early, rather than a check at each exit:
/// - **Every entry sees every number.** A state publish numbers its value and takes its
///   snapshot under one shard lock, so every entry listed before it is in its snapshot, and its
///   walk (``DeliveryWalk/runState(_:sequence:over:)``) offers the number to each entry of the
///   snapshot exactly once: as the value (``StateEntry/deliverState(_:sequence:)``) or, after an interceptor
///   stopped the value, as a pass (``StateEntry/passState(sequence:)``), which takes its turn
///   and runs nothing. The walk has no other exit. Past the nesting limit it runs later, in
///   full, on its thread; a throwing handler returns (its error is reported), and a
///   cancelled, dead or full entry answers and the walk goes on.
/// - **A number leaves only by going through.** It leaves the waiting list by running, by
///   passing, or, once the subscription has ended, by ``close(_:)``, which moves `next` past
///   every number it drops. Only an ended subscription closes (once fired, cancelled, owner
///   gone: ``StateDeliveryResult/goesOn``); a bounded stream that drops a value goes on.
/// - **An ended subscription keeps nothing.** It ignores later numbers, and whoever finds it
///   ended closes the gate: the holder when its value comes back, or ``closeIfIdle(_:)`` when
///   it is cancelled while idle (``StateEntry``'s `retire`).
///
/// ## One word on the fast path
/// Whether the gate is held, whether values wait, and the number of the next value are one atomic
/// word. Taking an idle gate for the next value is one compare-and-swap, and leaving it when
/// nothing waits another; no lock. Only a value that must wait (the gate is busy, the value is
/// early, or others wait already) takes the lock, which guards the waiting values' numbers (here)
/// and the values themselves (in ``StateEntry``, in the same positions). Every change of the word
/// is a compare-and-swap; the lock holder changes it only while it knows what waits, and sets the
/// waiting bit before it lets go of the lock, so a leaving holder either sees that bit and takes
/// the lock, or has left before the waiter's swap, which then finds the gate idle and takes it
/// itself.
///
/// Taking the gate acquires and leaving it releases, so a chain's previous values
/// (``PreviousValue``), written by whichever thread held the gate last, are seen by the next.
///
/// ## What may change the word while the gate is held
/// Only the holder clears `running` or changes `next`; every other thread changes the word only to
/// take an idle gate, or, under the lock, to set `waits` (a waiter that found the gate held). So
/// while a thread holds the gate, the word is what its taking stored, plus perhaps `waits`. That is
/// what makes each end of the fast path one compare-and-swap with a known expected value, and no
/// loop: the usual value (idle, nothing waits, the value is next) enters by swapping
/// `next << numberShift` for the held word, and the holder leaves by swapping the held word for
/// itself without `running`; a failed leave means only that something waits, and the holder still
/// has the gate.
///
/// A `~Copyable` struct stored inline in its ``StateEntry``: the word sits in the entry's own
/// memory, so the fast path loads no gate object.
///
/// Not generic: generic types built inside unspecialized generic code cost a runtime metadata
/// lookup on every use, which made the first version of this path many times dearer than a
/// plain delivery.
struct StateGate: ~Copyable, Sendable {
    private static var running: UInt64 { 1 }
    private static var waits: UInt64 { 2 }
    private static var numberShift: UInt64 { 2 }

    /// What ``enter(_:)`` returns when the value may not enter: never a held word, which has
    /// `running` set.
    static var notEntered: UInt64 { 0 }

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
    /// waits, and the value is next, and returns the word it stored (the caller then runs the
    /// value and calls ``leave(holding:)`` with it). ``notEntered``: call ``enqueue(_:in:)``
    /// under `waiting`'s lock instead.
    @inline(__always)
    func enter(_ sequence: UInt64) -> UInt64 {
        // A state publish's value, when all is as usual: idle, nothing waits, and the word's
        // `next` is `sequence`, so the expected word is known without a load.
        if sequence != 0 {
            let held = (sequence &+ 1) << Self.numberShift | Self.running
            let (taken, _) = word.compareExchange(
                expected: sequence << Self.numberShift, desired: held, ordering: .acquiring)
            if taken { return held }
        }
        return enterReadingTheWord(sequence)
    }

    /// ``enter(_:)`` for the other values: a plain publish's (numbered 0, run whatever `next`
    /// is), or one that found the gate held, values waiting, or another value next.
    @inline(never)
    func enterReadingTheWord(_ sequence: UInt64) -> UInt64 {
        var current = word.load(ordering: .relaxed)
        while current & (Self.running | Self.waits) == 0 {
            let next = current >> Self.numberShift
            guard Self.isRunnable(sequence, next: next) else { return Self.notEntered }
            let held = Self.advanced(next, past: sequence) << Self.numberShift | Self.running
            let (taken, found) = word.compareExchange(expected: current, desired: held, ordering: .acquiring)
            if taken { return held }
            current = found
        }
        return Self.notEntered
    }

    /// For the thread that took the gate with ``enter(_:)``, which returned `held`: releases the
    /// gate and returns true when nothing waits. False when something does; the caller still
    /// holds the gate and calls ``leaveOrTakeNext(_:)`` under `waiting`'s lock.
    ///
    /// One compare-and-swap, no load and no loop: while the gate is held, the word is `held`
    /// unless a waiter has set `waits` (see the type's notes), and then the swap fails and
    /// leaves the word alone.
    @inline(__always)
    func leave(holding held: UInt64) -> Bool {
        word.compareExchange(expected: held, desired: held & ~Self.running, ordering: .releasing).exchanged
    }

    /// For the thread holding the gate, when it does not know the word it stored (it took the
    /// gate for a waiting value, or for the replay): releases the gate and returns true when
    /// nothing waits; false when something does (then call ``leaveOrTakeNext(_:)`` under
    /// `waiting`'s lock).
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
    /// drops every waiting value's number, moves `next` past the highest of them, and releases
    /// the gate. A dropped number is one the gate has seen, so no later value waits for it.
    func close(_ waiting: inout [UInt64]) {
        let highest = waiting.max() ?? 0
        waiting = []
        var current = word.load(ordering: .relaxed)
        while true {
            let next = Self.advanced(current >> Self.numberShift, past: highest)
            let (swapped, found) = word.compareExchange(
                expected: current, desired: next << Self.numberShift, ordering: .releasing)
            if swapped { return }
            current = found
        }
    }

    /// Under `waiting`'s lock, for a subscription that has ended, on a thread that does not
    /// hold the gate: takes the gate if it is idle and closes it (see ``close(_:)``), and
    /// returns true. False when another thread holds it: that thread closes it when it finds
    /// the subscription ended, before it runs anything that waits.
    func closeIfIdle(_ waiting: inout [UInt64]) -> Bool {
        var current = word.load(ordering: .relaxed)
        while current & Self.running == 0 {
            let (taken, found) = word.compareExchange(
                expected: current, desired: current | Self.running, ordering: .acquiring)
            if taken {
                close(&waiting)
                return true
            }
            current = found
        }
        return false
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
