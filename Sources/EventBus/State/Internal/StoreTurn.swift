import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// unsafe invariant 5: `reducing` is touched only by the runner its word names; a thread is one word.
/// Whose turn it is to reduce a store's actions, in one atomic word, and the lock the store
/// takes only when actions wait.
///
/// The word is 0 while the store is idle; otherwise it names the thread running the current batch
/// (see ``StoreCore``), with the low bit, *queued*, set while actions wait in the queues. A
/// dispatch that finds the store idle takes it with one compare-and-swap (0 → its thread), and
/// leaves it with another (its thread → 0) when nothing was queued meanwhile; no lock. Only a
/// dispatch that finds the store busy takes the lock, and it sets the queued bit (a swap that fails
/// if the runner left meanwhile, so it then takes the idle store itself) before it files its
/// action, all under the lock. The bit is cleared only under the lock, by the runner that finds the
/// queues empty (the word goes back to 0) or hands the store to the next batch's leader (the word
/// names the leader, bit set). So a leaving runner either sees the bit and takes the lock to run
/// what waits, or has left before the waiter's swap.
///
/// Taking the store acquires and leaving it releases (the word, or the lock on a hand-over), so
/// the state and ``isReducing``, which only the runner touches, pass from one runner to the next.
///
/// Not generic, like ``StoreCore``: the store's code runs unspecialized.
final class StoreTurn: @unchecked Sendable {
    // safe: `reducing` is only read and written by the thread the word names (the runner, which
    // is the calling thread), and the word's acquire/release orders one runner's accesses
    // before the next one's; the word is atomic, `core` a lock.
    private static var queued: UInt { 1 }

    private let word = Atomic<UInt>(0)
    /// The batches' bookkeeping; the store keeps its queues and its state under the same lock.
    let core = LockedValue(StoreCore())
    /// Whether the runner is inside the reducer, for the reentrancy check. Out of line: a
    /// stored `var` of a class costs a dynamic exclusivity check per access.
    private let reducing: UnsafeMutablePointer<Bool>

    init() {
        reducing = .allocate(capacity: 1)
        reducing.initialize(to: false)
    }

    deinit { reducing.deallocate() }

    /// The calling thread as the word names it: its `pthread_t` bits shifted past the queued
    /// bit. A `pthread_t` is a user-space address (or a small number), whose top bit is clear,
    /// so the shift loses nothing, and it is never 0 for a running thread.
    @inline(__always)
    static var currentThread: UInt { bits(of: pthread_self()) &<< 1 }

    /// A `pthread_t` as a word: an integer on Glibc, a pointer elsewhere.
    @inline(__always)
    private static func bits<Thread>(of thread: Thread) -> UInt { unsafeBitCast(thread, to: UInt.self) }

    /// The fast path: takes the idle store for `thread`'s batch. False when it is busy (then
    /// call ``admit(_:)`` under the lock).
    @inline(__always)
    func enter(_ thread: UInt) -> Bool {
        word.compareExchange(expected: 0, desired: thread, ordering: .acquiring).exchanged
    }

    /// For the runner after each action: leaves the store idle and returns true when nothing
    /// is queued; false when actions wait (then take the lock and ask the queues what is next).
    @inline(__always)
    func leave(_ thread: UInt) -> Bool {
        word.compareExchange(expected: thread, desired: 0, ordering: .releasing).exchanged
    }

    /// Whether a thread runs a batch now (for ``EventBus/pendingWork()``): false once the last
    /// runner has left, after everything queued was reduced.
    var isBusy: Bool { word.load(ordering: .acquiring) != 0 }

    /// For the runner only: whether it is inside the reducer now.
    var isReducing: Bool {
        @inline(__always) get { reducing.pointee }
        @inline(__always) set { reducing.pointee = newValue }
    }

    enum Admission {
        /// The store was idle and `thread` took it: it runs its action, then its batch.
        case run
        /// `thread` runs the current batch (a follow-up from its subscribers or middleware);
        /// the queued bit is set.
        case runnersOwn
        /// Another thread runs the batch; the queued bit is set.
        case foreign
        /// Dispatched from inside the reducer, on the thread running it.
        case reentrant
    }

    /// Under `core`'s lock, for a dispatch that found the store busy: takes it if it has
    /// become idle, or marks that an action will be queued.
    func admit(_ thread: UInt) -> Admission {
        var current = word.load(ordering: .acquiring)
        while true {
            if current == 0 {
                let (taken, found) = word.compareExchange(
                    expected: 0, desired: thread, ordering: .acquiring)
                if taken { return .run }
                current = found
                continue
            }
            // Only this thread could have put its own name in the word, and it is here.
            let isRunner = current & ~Self.queued == thread
            if isRunner, isReducing { return .reentrant }
            if current & Self.queued != 0 { return isRunner ? .runnersOwn : .foreign }
            let (marked, found) = word.compareExchange(
                expected: current, desired: current | Self.queued, ordering: .acquiringAndReleasing)
            if marked { return isRunner ? .runnersOwn : .foreign }
            current = found  // the runner left: the store is idle now
        }
    }

    // MARK: - The state's slots
    //
    // The store keeps its state in two slots: the runner stores the next state in the hidden
    // one, then shows it, then empties the other. A reader (`Store.state`, under the lock, so one
    // at a time) announces itself, then reads the shown slot. Both sides store, then load the
    // other's word, sequentially consistent: so either the runner sees the announcement and
    // waits for the reader's unlock before emptying the slot it may be reading, or the reader's
    // load comes after the runner's store and reads the new slot. No lock on the runner's side
    // while no reader is in.

    /// Which of the two slots holds the state.
    private let shown = Atomic<Int>(0)
    /// A reader is in (set and cleared under `core`'s lock).
    private let reading = Atomic<Bool>(false)

    /// For the runner: the slot that holds the state now.
    var shownSlot: Int {
        @inline(__always) get { shown.load(ordering: .relaxed) }
    }

    /// For the runner, once `slot` holds the new state: shows it, and returns when no reader
    /// can still be reading the other one (waiting for the lock only while a reader is in).
    @inline(__always)
    func show(_ slot: Int) {
        shown.store(slot, ordering: .sequentiallyConsistent)
        if reading.load(ordering: .sequentiallyConsistent) { core.withLock { _ in } }
    }

    /// Under `core`'s lock, for a reader: announces it and returns the slot to read. Call
    /// ``endReading()`` once the state is copied, before unlocking.
    func beginReading() -> Int {
        reading.store(true, ordering: .sequentiallyConsistent)
        return shown.load(ordering: .sequentiallyConsistent)
    }

    func endReading() {
        reading.store(false, ordering: .releasing)
    }

    /// Under `core`'s lock: the queues are empty, the store is idle.
    func finish() {
        word.store(0, ordering: .releasing)
    }

    /// Under `core`'s lock: the next batch's leader runs the store now; its actions are queued.
    func handOff(to leader: UInt) {
        word.store(leader | Self.queued, ordering: .releasing)
    }
}
