/// The floor for token-owned subscriptions: closures in an array, called directly.
struct DirectFloor {
    var handlers: ContiguousArray<(Ping) -> Void> = []

    /// Calls each closure in place through a buffer pointer: iterating the array would copy
    /// each closure out, and the copy retains and releases its context (two atomics, more than
    /// the call itself costs).
    func publish(_ event: Ping) {
        handlers.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                buffer[index](event)
            }
        }
    }
}

/// The floor for weak-owner subscriptions: per subscriber, one weak load and one call.
struct WeakFloor {
    struct Entry {
        weak var owner: Sink?
        let handler: (Sink, Ping) -> Void
    }

    var entries: ContiguousArray<Entry> = []

    /// Reads each entry in place through a buffer pointer, so the only per-entry work is the
    /// weak load itself (copying an `Entry` out of the array would copy its weak reference,
    /// which costs more atomics than the load).
    func publish(_ event: Ping) {
        entries.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                if let owner = buffer[index].owner {
                    buffer[index].handler(owner, event)
                }
            }
        }
    }
}
