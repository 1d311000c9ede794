/// What a bus has queued and not finished running, for `settle` in `EventBusTesting`: asked
/// for on demand, entry by entry and lane by lane, so that publishing keeps no count of it.
package struct PendingWork: Sendable {
    /// One thing still to run: who waits and, for queued deliveries, the executor that will
    /// run them (a test drives its `ManualExecutor`s; the others run on their own).
    package struct Item: Sendable, CustomStringConvertible {
        package let what: String
        package let executor: (any EventBusExecutor)?

        package var description: String { what }
    }

    package private(set) var items: [Item] = []

    /// Whether everything queued has run.
    package var isEmpty: Bool { items.isEmpty }

    mutating func note(_ what: String, on executor: (any EventBusExecutor)? = nil) {
        items.append(Item(what: what, executor: executor))
    }
}

extension EventBus {
    /// The work this bus has queued and not finished: events waiting on an executor's lane or
    /// in a subscription's mailbox, an async handler that is running or has events waiting, a
    /// stepping subscription that is delivering or has events waiting. Taken lane by lane and
    /// entry by entry, each under its own lock, so it is a snapshot only when nothing runs.
    package func pendingWork() -> PendingWork {
        var work = PendingWork()
        lanes.notePendingWork(into: &work)
        for entry in store.allEntries() + protocols.targets() where !entry.isCancelled {
            entry.notePendingWork(into: &work)
        }
        return work
    }
}
