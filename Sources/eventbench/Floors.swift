// unsafe invariant 9: benchmark floors over arrays they own, unchanged after they are built.
/// The floor for token-owned subscriptions: closures called directly, with nothing else done
/// per subscriber.
///
/// Each closure sits in a class instance that `entries` keeps alive; the loop walks unretained
/// references to them. Iterating an array of closures would copy each closure out and retain and
/// release its context (two atomic operations, more than the call costs), so that would be no
/// floor at all.
struct DirectFloor {
    final class Entry {
        let handler: (Ping) -> Void

        init(_ handler: @escaping (Ping) -> Void) { self.handler = handler }
    }

    private var entries: [Entry] = []
    private var unretained: ContiguousArray<Unmanaged<Entry>> = []

    mutating func append(_ handler: @escaping (Ping) -> Void) {
        let entry = Entry(handler)
        entries.append(entry)
        unretained.append(.passUnretained(entry))
    }

    func publish(_ event: Ping) {
        unretained.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                buffer[index]._withUnsafeGuaranteedRef { $0.handler(event) }
            }
        }
    }
}

/// The floor for weak-owner subscriptions: per subscriber, one weak load (which retains the
/// owner) and one call, then the owner's release.
struct WeakFloor {
    final class Entry {
        weak var owner: Sink?
        let handler: (Sink, Ping) -> Void

        init(owner: Sink, handler: @escaping (Sink, Ping) -> Void) {
            self.owner = owner
            self.handler = handler
        }
    }

    private var entries: [Entry] = []
    private var unretained: ContiguousArray<Unmanaged<Entry>> = []

    mutating func append(owner: Sink, handler: @escaping (Sink, Ping) -> Void) {
        let entry = Entry(owner: owner, handler: handler)
        entries.append(entry)
        unretained.append(.passUnretained(entry))
    }

    func publish(_ event: Ping) {
        unretained.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                buffer[index]._withUnsafeGuaranteedRef { entry in
                    if let owner = entry.owner {
                        entry.handler(owner, event)
                    }
                }
            }
        }
    }
}
