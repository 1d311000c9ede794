import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// unsafe invariant 5: a thread's own memory, freed by the thread-specific key's destructor.
/// How deeply publishes are nested on one thread, and the publishes made deeper than
/// ``EventBus/nestingLimit`` that wait for the publish at the limit to run them.
///
/// A chain of handlers that publish used to recurse until the thread's stack overflowed (about
/// 1,050 levels in release on a 512 KiB thread). Past the limit, a publish is queued instead
/// and the publish at the limit runs the queue in order once its own handlers have returned,
/// so however long the chain, it needs the stack of `nestingLimit` levels.
///
/// Per thread, in memory that no other thread sees, so it needs no lock; kept behind a plain
/// pointer (not a class instance) so that reaching it costs no reference counting.
struct PublishNesting {
    var depth = 0
    /// Which of the bus's own reactions this thread is inside (see ``Quiet``): publishes made
    /// there do not trigger that reaction again, or code that publishes from it would loop.
    var quiet: Quiet = []
    /// The waiting publishes, oldest at `waitingHead`. Each slot is emptied as its publish runs,
    /// and spent slots are dropped as the queue advances, so a long chain beyond the limit holds
    /// what still waits, not its history.
    private var waiting: [WaitingPublish?] = []
    private var waitingHead = 0
    /// This thread's ``HazardSlots`` record, and how many of its slots writers already read.
    fileprivate let hazardRecord: UnsafeMutablePointer<Atomic<Int>>
    private var usedSlots = 1
    /// Which stripe of a list's publish counters this thread writes.
    let countingStripe: Int
    /// The innermost publish on the traced path running on this thread, so that a publish its
    /// handlers make can name it as its parent (``PublishRecord/parentSequenceNumber``). Only
    /// written on the traced path: a plain publish nested inside leaves it as it is, so read it
    /// through ``runningPublish``, which checks that it is the innermost publish of all.
    var tracedPublish = TracedPublish()

    /// The publish whose handlers run on this thread right now, if it was made on the traced
    /// path; nil outside any publish and inside a plain one (on a bus that notes nothing, such as
    /// another bus that a traced publish's handler published on). Parents are per bus: a publish
    /// names as its parent only the publish whose handler made it, never one further out.
    var runningPublish: TracedPublish? {
        tracedPublish.depth == depth && depth > 0 ? tracedPublish : nil
    }

    /// ``runningPublish`` of the calling thread, for code outside the engine (a failure report),
    /// which never holds the thread's state itself.
    static var runningPublishOnThisThread: TracedPublish? { current(key: key).pointee.runningPublish }

    init() {
        hazardRecord = HazardSlots.claimRecord()
        countingStripe = HazardSlots.nextStripe()
    }

    /// The hazard slot of a publish at the current depth: where it announces the list it walks.
    @inline(__always)
    mutating func hazardSlot() -> UnsafeMutablePointer<Atomic<Int>> {
        let index = depth - 1
        if index >= usedSlots {
            usedSlots = index + 1
            HazardSlots.useSlots(usedSlots, of: hazardRecord)
        }
        return HazardSlots.slots(of: hazardRecord) + index
    }

    /// The thread-specific key. Each bus copies it into a stored property when it is created,
    /// so that publishing reads it with a plain load instead of a lazy global's `swift_once`.
    static var key: pthread_key_t { threadKey }

    /// The state of the calling thread, created on its first publish and freed when it exits.
    @inline(__always)
    static func current(key: pthread_key_t) -> UnsafeMutablePointer<PublishNesting> {
        if let state = pthread_getspecific(key) {
            return state.assumingMemoryBound(to: PublishNesting.self)
        }
        return create(key: key)
    }

    @inline(never)
    private static func create(key: pthread_key_t) -> UnsafeMutablePointer<PublishNesting> {
        let state = UnsafeMutablePointer<PublishNesting>.allocate(capacity: 1)
        state.initialize(to: PublishNesting())
        pthread_setspecific(key, state)
        return state
    }

    /// Queues a publish made deeper than the limit. It remembers whether it was made inside a
    /// dead event's delivery, and runs inside one again.
    mutating func wait(_ publish: @escaping () -> Void) {
        waiting.append(WaitingPublish(run: publish, quiet: quiet))
    }

    /// Takes the oldest waiting publish out of the queue.
    private mutating func nextWaiting() -> WaitingPublish? {
        guard waitingHead < waiting.count else { return nil }
        let next = waiting[waitingHead].take()
        waitingHead += 1
        if waitingHead == waiting.count {
            waiting.removeAll(keepingCapacity: waiting.count <= 64)
            waitingHead = 0
        } else if waitingHead >= 64, waitingHead * 2 >= waiting.count {
            // Mostly spent slots: shift the live ones down (amortized O(1) per publish).
            waiting.removeFirst(waitingHead)
            waitingHead = 0
        }
        return next
    }

    /// Runs the queued publishes in order, including those they queue, until none is left.
    /// Called by the publish at the limit depth, so the nested ones queue again behind it.
    static func runWaiting(on state: UnsafeMutablePointer<PublishNesting>) {
        let outer = state.pointee.quiet
        while let next = state.pointee.nextWaiting() {
            state.pointee.quiet = next.quiet
            next.run()
        }
        state.pointee.quiet = outer
    }
}

/// A publish made deeper than the nesting limit, waiting for the publish at the limit to run it.
private struct WaitingPublish {
    let run: () -> Void
    let quiet: Quiet
}

/// The bus's reactions to a publish that run user code, and that a publish made from inside
/// that code must not trigger again on the same thread: otherwise a dead-event handler that
/// publishes an event nobody hears, a tap that publishes what it logs, or a failure handler
/// that publishes an event whose handler throws would each republish forever.
struct Quiet: OptionSet {
    let rawValue: UInt8
    /// Inside a ``DeadEvent``'s delivery: no dead event about what is published there.
    static let deadEvents = Quiet(rawValue: 1)
    /// Inside an observe-all tap: what it publishes is delivered, but not shown to taps.
    static let taps = Quiet(rawValue: 2)
    /// Inside the failure handler or a tap's failure observer: errors thrown by the handlers of
    /// what it publishes go to the default handler (its one line), not back to them.
    static let failures = Quiet(rawValue: 4)

    /// Runs `body` with `reactions` quiet on the calling thread, restoring the previous state.
    static func within<Result>(_ reactions: Quiet, _ body: () -> Result) -> Result {
        let nesting = PublishNesting.current(key: PublishNesting.key)
        let outer = nesting.pointee.quiet
        nesting.pointee.quiet.formUnion(reactions)
        defer { nesting.pointee.quiet = outer }
        return body()
    }

    /// Whether `reactions` are quiet on the calling thread.
    static func isQuiet(_ reactions: Quiet) -> Bool {
        PublishNesting.current(key: PublishNesting.key).pointee.quiet.contains(reactions)
    }
}

/// A publish on the traced path: which bus's sequence it is numbered in (its tap store, nil
/// when it is not tapped), its number and its call site.
struct TracedPublish {
    var taps: ObjectIdentifier?
    var sequenceNumber: UInt64 = 0
    /// Its call site, which failure reports of synchronous handlers name.
    var callSite: CallSite?
    /// The tapped publish on the same bus whose handler made this one.
    var parent: UInt64?
    /// The nesting depth its handlers run at, set when it is delivered: a publish made at that
    /// depth was made by one of them (see ``PublishNesting/runningPublish``).
    var depth = 0

    /// The parent's number for a publish on the bus of `taps`, if this publish is on that bus.
    func parent(on taps: TapStore) -> UInt64? {
        self.taps == ObjectIdentifier(taps) ? sequenceNumber : nil
    }

    /// This publish as the one whose handlers run at `depth` on the calling thread.
    func running(at depth: Int) -> TracedPublish {
        var running = self
        running.depth = depth
        return running
    }

    /// This publish's number, if it is a tapped publish on the bus of `taps` (a failure report
    /// names the publish whose handler threw).
    func sequenceNumber(on taps: TapStore) -> UInt64? {
        self.taps == ObjectIdentifier(taps) ? sequenceNumber : nil
    }
}

/// One key for every bus: the nesting depth is the thread's, whichever buses its handlers use.
///
/// `pthread_key_t` is `UInt` on Darwin and `UInt32` on Glibc; only `pthread_key_t()` and the
/// calls touch it. The destructor's parameter is `UnsafeMutableRawPointer` on Darwin and
/// `UnsafeMutableRawPointer?` on Glibc and Musl: binding it to an optional first is one spelling
/// that compiles on all three (POSIX calls the destructor only for a non-null value anyway).
private let threadKey: pthread_key_t = {
    var key = pthread_key_t()
    let created = pthread_key_create(&key) { value in
        let value: UnsafeMutableRawPointer? = value
        guard let state = value?.assumingMemoryBound(to: PublishNesting.self) else { return }
        HazardSlots.releaseRecord(state.pointee.hazardRecord)
        state.deinitialize(count: 1)
        state.deallocate()
    }
    guard created == 0 else { fatalError("EventBus: no thread-specific key left for publish nesting") }
    return key
}()
