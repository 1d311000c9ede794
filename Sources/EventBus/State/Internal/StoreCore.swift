#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A store's mutable part, guarded by its lock: the state, and who is dispatching.
///
/// Decides under the lock; the store runs middleware, reducer and publish outside it.
struct StoreCore<State, Action> {
    enum Admission {
        /// The store was idle: the caller reduces this action, then the queued ones.
        case run
        /// Another dispatch is running (on another thread, or further up this one's stack in a
        /// subscriber or middleware): it will reduce this action next.
        case queued
        /// Dispatched from inside the reducer, on the thread running it.
        case reentrant
    }

    var state: State
    /// The thread inside the reducer right now, if any.
    var reducingThread: pthread_t?
    private var isDispatching = false
    private var queued: [Action] = []

    init(state: State) {
        self.state = state
    }

    mutating func admit(_ action: Action, on thread: pthread_t) -> Admission {
        if let reducingThread, pthread_equal(reducingThread, thread) != 0 { return .reentrant }
        if isDispatching {
            queued.append(action)
            return .queued
        }
        isDispatching = true
        return .run
    }

    /// The next queued action, or nil, which ends the dispatch.
    mutating func nextQueued() -> Action? {
        if queued.isEmpty {
            isDispatching = false
            return nil
        }
        return queued.removeFirst()
    }
}
