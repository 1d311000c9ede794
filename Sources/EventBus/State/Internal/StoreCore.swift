import Dispatch

/// A store's bookkeeping, guarded by its lock (``StoreTurn/core``): how many actions wait, and
/// how many of other threads the running batch took. Who runs the batch is ``StoreTurn``'s
/// atomic word. The actions themselves sit beside it, in ``StoreQueues``, under the same lock.
///
/// One thread at a time runs a *batch*: its own action, up to ``foreignLimit`` actions other
/// threads queue behind it, and the follow-ups its own subscribers and middleware dispatch. A
/// thread that finds the running batch full of other threads' actions starts the next batch and
/// waits for its turn, so no dispatch is made to reduce more than its own work plus that bound, and
/// the backlog (everything not yet reduced) stays below one batch per waiting thread (the old queue
/// let one thread reduce for everyone for as long as they kept dispatching).
///
/// Not generic, on purpose: the store's code runs unspecialized, and every use of a type built from
/// `State` or `Action` (the core, an optional action, an enum with an action payload) costs a
/// runtime metadata lookup of a few hundred instructions. A dispatch that finds the store idle and
/// leaves nothing queued touches none of this.
struct StoreCore {
    /// How many actions of other threads one batch takes behind its own.
    static var foreignLimit: Int { 32 }

    /// Actions in ``StoreQueues`` (every batch), kept in step by it.
    var queuedCount = 0
    /// Actions of other threads the running batch has taken.
    var currentForeignCount = 0
}

/// The actions a store has queued, in batches (see ``StoreCore``). Only touched under the
/// store's lock, and only when something is or gets queued.
struct StoreQueues<Action> {
    enum Next {
        case run(Action)
        /// The batch is done and another thread's batch is next (the store is handed to its
        /// leader): signal the leader and return.
        case handOff(DispatchSemaphore)
        /// Nothing is queued: the store is idle.
        case done
    }

    /// A batch waiting for the running one to end.
    private struct Batch {
        /// The leader's thread, as ``StoreTurn`` names it.
        let leader: UInt
        let wakeup = DispatchSemaphore(value: 0)
        var actions = RingQueue<Action>()
        var foreignCount = 0
    }

    /// The running batch's actions not reduced yet.
    private var current = RingQueue<Action>()
    private var later = RingQueue<Batch>()

    /// Files a follow-up from the runner's own subscribers or middleware: its own work, reduced
    /// in its batch, never waited for (that would deadlock).
    mutating func admitRunnersOwn(_ action: Action, core: inout StoreCore) {
        core.queuedCount += 1
        current.append(action)
    }

    /// Files `action` from `thread` while another thread runs a batch. nil: queued in a batch
    /// that another dispatch runs, the caller returns. A semaphore: queued first in a new
    /// batch; the caller waits for its signal, then runs that batch.
    mutating func admitForeign(_ action: Action, on thread: UInt, core: inout StoreCore)
        -> DispatchSemaphore?
    {
        core.queuedCount += 1
        if later.isEmpty, core.currentForeignCount < StoreCore.foreignLimit {
            current.append(action)
            core.currentForeignCount += 1
            return nil
        }
        var joined = false
        _ = later.modifyLast { batch in
            guard batch.foreignCount < StoreCore.foreignLimit else { return }
            batch.actions.append(action)
            batch.foreignCount += 1
            joined = true
        }
        if joined { return nil }
        var batch = Batch(leader: thread)
        batch.actions.append(action)
        later.append(batch)
        return batch.wakeup
    }

    /// For the runner, after each action, when something is queued: what it does next. Ends
    /// the batch in `turn` when the current one is empty.
    mutating func next(core: inout StoreCore, turn: StoreTurn) -> Next {
        if let action = current.popFirst() {
            core.queuedCount -= 1
            return .run(action)
        }
        guard let batch = later.popFirst() else {
            core.currentForeignCount = 0
            turn.finish()
            return .done
        }
        turn.handOff(to: batch.leader)
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
