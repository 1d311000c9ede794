import Dispatch

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A store's mutable part, guarded by its lock: the state, who is reducing, and the actions
/// waiting, in batches.
///
/// Decides under the lock; the store runs middleware, reducer and publish outside it.
///
/// One thread at a time runs a *batch*: its own action, up to ``foreignLimit`` actions other
/// threads queue behind it, and the follow-ups its own subscribers and middleware dispatch. A
/// thread that finds the running batch full of other threads' actions starts the next batch and
/// waits for its turn, so no dispatch is made to reduce more than its own work plus that bound,
/// and the backlog (everything not yet reduced) stays below one batch per waiting thread
/// (issue 16: the old queue let one thread reduce for everyone for as long as they kept
/// dispatching).
struct StoreCore<State, Action> {
    /// How many actions of other threads one batch takes behind its own.
    static var foreignLimit: Int { 32 }

    enum Admission {
        /// The store was idle: the caller reduces this action, then the rest of its batch.
        case run
        /// Queued in a batch that another dispatch (on another thread, or further up this one's
        /// stack in a subscriber or middleware) runs; the caller returns.
        case queued
        /// Queued first in a new batch; the caller waits for the signal, then runs that batch.
        case wait(DispatchSemaphore)
        /// Dispatched from inside the reducer, on the thread running it.
        case reentrant
    }

    enum Next {
        /// Reduce this action next.
        case run(Action)
        /// The batch is done and another thread's batch is next: signal its leader and return.
        case handOff(DispatchSemaphore)
        /// Nothing waits: the store is idle again.
        case done
    }

    /// A batch waiting for the running one to end.
    private struct Batch {
        let leader: pthread_t
        let wakeup = DispatchSemaphore(value: 0)
        var actions = RingQueue<Action>()
        var foreignCount = 0
    }

    var state: State
    /// The thread inside the reducer right now, if any.
    var reducingThread: pthread_t?
    /// The thread running the current batch; nil when the store is idle.
    private var runner: pthread_t?
    /// The running batch's actions not reduced yet.
    private var current = RingQueue<Action>()
    private var currentForeignCount = 0
    private var later = RingQueue<Batch>()

    init(state: State) {
        self.state = state
    }

    /// Actions queued and not reduced yet, in every batch.
    var backlog: Int {
        var total = current.count
        var copy = later
        while let batch = copy.popFirst() { total += batch.actions.count }
        return total
    }

    mutating func admit(_ action: Action, on thread: pthread_t) -> Admission {
        if let reducingThread, pthread_equal(reducingThread, thread) != 0 { return .reentrant }
        guard let runner else {
            runner = thread
            currentForeignCount = 0
            return .run
        }
        if pthread_equal(runner, thread) != 0 {
            // A follow-up from the runner's own subscribers or middleware: its own work, reduced
            // in its batch, never waited for (that would deadlock).
            current.append(action)
            return .queued
        }
        if later.isEmpty, currentForeignCount < Self.foreignLimit {
            current.append(action)
            currentForeignCount += 1
            return .queued
        }
        var joined = false
        _ = later.modifyLast { batch in
            guard batch.foreignCount < Self.foreignLimit else { return }
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

    /// For the runner, after each action: what it does next.
    mutating func next() -> Next {
        if let action = current.popFirst() { return .run(action) }
        guard let batch = later.popFirst() else {
            runner = nil
            return .done
        }
        runner = batch.leader
        current = batch.actions
        currentForeignCount = batch.foreignCount
        return .handOff(batch.wakeup)
    }
}
