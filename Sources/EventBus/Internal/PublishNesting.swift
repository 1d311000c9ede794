import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

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
    private var waiting: [() -> Void] = []
    /// This thread's ``HazardSlots`` record, and how many of its slots writers already read.
    fileprivate let hazardRecord: UnsafeMutablePointer<Atomic<Int>>
    private var usedSlots = 1
    /// Which stripe of a list's publish counters this thread writes.
    let countingStripe: Int

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

    /// Queues a publish made deeper than the limit.
    mutating func wait(_ publish: @escaping () -> Void) {
        waiting.append(publish)
    }

    /// Runs the queued publishes in order, including those they queue, until none is left.
    /// Called by the publish at the limit depth, so the nested ones queue again behind it.
    static func runWaiting(on state: UnsafeMutablePointer<PublishNesting>) {
        var next = 0
        while next < state.pointee.waiting.count {
            let publish = state.pointee.waiting[next]
            next += 1
            publish()
        }
        state.pointee.waiting.removeAll()
    }
}

/// One key for every bus: the nesting depth is the thread's, whichever buses its handlers use.
private let threadKey: pthread_key_t = {
    var key = pthread_key_t()
    let created = pthread_key_create(&key) { state in
        #if canImport(Darwin)
            let state = state.assumingMemoryBound(to: PublishNesting.self)
        #else
            guard let state = state?.assumingMemoryBound(to: PublishNesting.self) else { return }
        #endif
        HazardSlots.releaseRecord(state.pointee.hazardRecord)
        state.deinitialize(count: 1)
        state.deallocate()
    }
    precondition(created == 0, "EventBus: no thread-specific key left for publish nesting")
    return key
}()
