import Synchronization

/// The bus's protocol (supertype) subscriptions, and a generation number that tells publishers
/// whether the matches cached in each event type's list are still current.
///
/// The generation is 0 while there is no protocol subscription: publishing then checks one
/// atomic and takes the plain path. Every change stores a fresh, larger number, so a list
/// stamped with an older one is re-resolved by its next publish.
final class ProtocolStore: Sendable {
    private struct State {
        var bindings: [any AnyProtocolBinding] = []
        var counter: UInt64 = 0
        /// The serial number the next target gets (see ``SubscriptionID``).
        var nextSerial: UInt64 = 1
    }

    private let state = LockedValue(State())
    private let published = Atomic<UInt64>(0)

    /// 0 when no protocol subscription exists; otherwise the current generation.
    var generation: UInt64 { published.load(ordering: .acquiring) }

    func add(_ binding: any AnyProtocolBinding) {
        let (retired, held) = state.withLock { state in
            // The owners the checks load are released after the unlock (see HeldOwners).
            var held = HeldOwners()
            var finished: [any AnyProtocolBinding] = []
            state.bindings.removeAll { binding in
                guard binding.target.isFinished(holding: &held) else { return false }
                finished.append(binding)
                return true
            }
            binding.target.serial = state.nextSerial
            state.nextSerial += 1
            state.bindings.append(binding)
            publishNewGeneration(&state)
            return (finished, held)
        }
        // Retired after unlocking (a lane member leaves its lane's queue, a mailbox drops what
        // waits), and released then: handlers' captures may run deinit code.
        for binding in retired { binding.target.retire() }
        _ = consume held
    }

    /// The bindings and the generation they belong to, read together.
    func bindings() -> (generation: UInt64, bindings: [any AnyProtocolBinding]) {
        state.withLock { ($0.bindings.isEmpty ? 0 : $0.counter, $0.bindings) }
    }

    /// Cancels and removes the protocol subscriptions of `owner`.
    func removeAll(ownedBy owner: AnyObject) {
        let (retired, held) = state.withLock { state in
            var held = HeldOwners()
            var owned: [any AnyProtocolBinding] = []
            state.bindings.removeAll { binding in
                guard binding.target.isOwned(by: owner, holding: &held) else { return false }
                owned.append(binding)
                return true
            }
            guard !owned.isEmpty else { return (owned, held) }
            for binding in owned { binding.target.markCancelled() }
            publishNewGeneration(&state)
            return (owned, held)
        }
        for binding in retired { binding.target.retire() }
        _ = consume held  // after the unlock (see HeldOwners)
    }

    /// The live protocol subscriptions, for introspection.
    func targets() -> [AnySubscription] {
        state.withLock { $0.bindings.map(\.target) }
    }

    private func publishNewGeneration(_ state: inout State) {
        state.counter += 1
        published.store(state.bindings.isEmpty ? 0 : state.counter, ordering: .releasing)
    }
}

extension ProtocolStore: SubscriptionRemoving {
    // The adapters already filed in event types' lists still reference a cancelled target;
    // each is pruned (and the handler released) by its type's next publish or by the sweep.
    func cancel(_ id: SubscriptionID) {
        let retired = state.withLock { state in
            let removed = state.bindings.filter { id.names($0.target) }
            guard !removed.isEmpty else { return removed }
            for binding in removed { binding.target.markCancelled() }
            state.bindings.removeAll { id.names($0.target) }
            publishNewGeneration(&state)
            return removed
        }
        for binding in retired { binding.target.retire() }
    }

    func isFinished(_ id: SubscriptionID) -> Bool {
        let binding = state.withLock { $0.bindings.first { id.names($0.target) } }
        return binding?.target.isFinished ?? true
    }

    /// Cancels and removes every protocol subscription, for a bus that is being released.
    func removeEverything() {
        let retired = state.withLock { state in
            defer { state.bindings = [] }
            for binding in state.bindings { binding.target.markCancelled() }
            publishNewGeneration(&state)
            return state.bindings
        }
        for binding in retired { binding.target.retire() }
    }
}
