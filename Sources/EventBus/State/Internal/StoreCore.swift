import Dispatch

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A store's bookkeeping, guarded by its lock: who is reducing, who runs the current batch, and
/// how many actions wait. The actions themselves sit beside it, in ``StoreQueues``, under the
/// same lock.
///
/// One thread at a time runs a *batch*: its own action, up to ``foreignLimit`` actions other
/// threads queue behind it, and the follow-ups its own subscribers and middleware dispatch. A
/// thread that finds the running batch full of other threads' actions starts the next batch and
/// waits for its turn, so no dispatch is made to reduce more than its own work plus that bound,
/// and the backlog (everything not yet reduced) stays below one batch per waiting thread
/// (issue 16: the old queue let one thread reduce for everyone for as long as they kept
/// dispatching).
///
/// Not generic, on purpose: the store's code runs unspecialized, and every use of a type built
/// from `State` or `Action` (the core, an optional action, an enum with an action payload)
/// costs a runtime metadata lookup of a few hundred instructions. A dispatch that finds the
/// store idle and leaves nothing queued touches only this value (issue 20, callgrind: the
/// generic core cost ~5,000 instructions per dispatch in lookups alone).
struct StoreCore {
    /// How many actions of other threads one batch takes behind its own.
    static var foreignLimit: Int { 32 }

    enum Admission {
        /// The store was idle: the caller reduces this action, then the rest of its batch.
        case run
        /// The store is busy: the action goes into the queues (see ``StoreQueues/admit``).
        case enqueue
        /// Dispatched from inside the reducer, on the thread running it.
        case reentrant
    }

    /// The thread inside the reducer right now, if any.
    var reducingThread: pthread_t?
    /// The thread running the current batch; nil when the store is idle.
    var runner: pthread_t?
    /// Actions in ``StoreQueues`` (every batch), kept in step by it.
    var queuedCount = 0
    /// Actions of other threads the running batch has taken.
    var currentForeignCount = 0

    /// The runner's batch is done and nothing is queued: the store is idle again.
    mutating func finish() {
        runner = nil
        currentForeignCount = 0
    }

    /// With `reducing`, a thread admitted to run goes straight into the reducer: it is noted as
    /// the reducing thread in the same lock round trip (a dispatch without middleware).
    mutating func admit(on thread: pthread_t, reducing: Bool) -> Admission {
        if let reducingThread, pthread_equal(reducingThread, thread) != 0 { return .reentrant }
        guard runner == nil else { return .enqueue }
        runner = thread
        if reducing { reducingThread = thread }
        return .run
    }
}

/// The actions a store has queued, in batches (see ``StoreCore``). Only touched under the
/// store's lock, and only when something is or gets queued.
struct StoreQueues<Action> {
    enum Admission {
        /// Queued in a batch that another dispatch runs (on another thread, or further up this
        /// one's stack); the caller returns.
        case queued
        /// Queued first in a new batch; the caller waits for the signal, then runs that batch.
        case wait(DispatchSemaphore)
    }

    enum Next {
        case run(Action)
        /// The batch is done and another thread's batch is next: signal its leader and return.
        case handOff(DispatchSemaphore)
        case done
    }

    /// A batch waiting for the running one to end.
    private struct Batch {
        let leader: pthread_t
        let wakeup = DispatchSemaphore(value: 0)
        var actions = RingQueue<Action>()
        var foreignCount = 0
    }

    /// The running batch's actions not reduced yet.
    private var current = RingQueue<Action>()
    private var later = RingQueue<Batch>()

    /// Files `action` from `thread` while `core.runner` runs a batch.
    mutating func admit(_ action: Action, on thread: pthread_t, core: inout StoreCore) -> Admission {
        core.queuedCount += 1
        if let runner = core.runner, pthread_equal(runner, thread) != 0 {
            // A follow-up from the runner's own subscribers or middleware: its own work, reduced
            // in its batch, never waited for (that would deadlock).
            current.append(action)
            return .queued
        }
        if later.isEmpty, core.currentForeignCount < StoreCore.foreignLimit {
            current.append(action)
            core.currentForeignCount += 1
            return .queued
        }
        var joined = false
        _ = later.modifyLast { batch in
            guard batch.foreignCount < StoreCore.foreignLimit else { return }
            batch.actions.append(action)
            batch.foreignCount += 1
            joined = true
        }
        if joined { return .queued }
        var batch = Batch(leader: thread)
        batch.actions.append(action)
        later.append(batch)
        return .wait(batch.wakeup)
    }

    /// For the runner, after each action, when something is queued: what it does next.
    mutating func next(core: inout StoreCore) -> Next {
        if let action = current.popFirst() {
            core.queuedCount -= 1
            return .run(action)
        }
        guard let batch = later.popFirst() else {
            core.finish()
            return .done
        }
        core.runner = batch.leader
        current = batch.actions
        core.currentForeignCount = batch.foreignCount
        return .handOff(batch.wakeup)
    }

    /// Actions queued and not reduced yet, in every batch.
    var backlog: Int {
        var total = current.count
        var copy = later
        while let batch = copy.popFirst() { total += batch.actions.count }
        return total
    }
}
