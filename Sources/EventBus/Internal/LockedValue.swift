#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// unsafe invariant 6: `storage` is only touched while `mutex` is held; the two live as long as the value.
/// A value that is only read or written while a pthread mutex is held.
///
/// Not `Synchronization.Mutex`: on Linux that lock sits on raw futex calls that ThreadSanitizer
/// cannot see, so every value it guards is reported as a race. TSan intercepts `pthread_mutex_*`,
/// so this lock keeps the sanitizer run meaningful (decision record 0002 in docs/decisions).
///
/// Callers must never run user code (handlers, observers) inside `withLock`. It is `package`
/// so that EventBusTesting shares the same TSan-visible lock.
// Safe: `storage` is only touched while `mutex` is held.
package final class LockedValue<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// The value lives in memory of its own rather than in a stored property: an `inout` access
    /// to a class's stored property costs a dynamic exclusivity check (a thread-local access-set
    /// insert and remove, about a hundred instructions) on every `withLock`, and the mutex
    /// already makes the access exclusive.
    private let storage: UnsafeMutablePointer<Value>

    package init(_ value: Value) {
        // The mutex gets a cache line of its own, so two shards' locks never share one.
        let size = max(64, MemoryLayout<pthread_mutex_t>.stride)
        let raw = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
        mutex = raw.bindMemory(to: pthread_mutex_t.self, capacity: 1)
        pthread_mutex_init(mutex, nil)
        storage = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        storage.initialize(to: value)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
        pthread_mutex_destroy(mutex)
        UnsafeMutableRawPointer(mutex).deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&storage.pointee)
    }
}
