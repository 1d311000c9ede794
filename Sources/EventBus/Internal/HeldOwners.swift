/// Owners that a check made under a lock loaded, kept by the caller until it has unlocked.
///
/// A weak load returns a strong reference. If another thread drops the owner's last other
/// reference in that instant, releasing the loaded one runs the owner's `deinit` on this thread:
/// user code, which may subscribe, publish or cancel on this bus and so take the same lock again
/// (a plain pthread mutex: a deadlock). So the checks that run under a lock
/// (``AnySubscription/isFinished(holding:)``, ``AnySubscription/isOwned(by:holding:)``) move
/// every live owner they load here, and the lock's caller releases them after `withLock`
/// returns (see "What runs outside every lock" in ARCHITECTURE.md).
struct HeldOwners {
    private var objects: [AnyObject] = []

    /// Keeps `object` alive until this value is released. Consuming: the reference the weak load
    /// made moves in. A second retain would cost more than the load (an owner with weak references
    /// keeps its count in a side table, where every retain takes the slow path).
    mutating func hold(_ object: consuming AnyObject) {
        // One allocation for a typical check (a sweep step looks at 16 entries).
        if objects.isEmpty { objects.reserveCapacity(16) }
        objects.append(object)
    }

    /// Moves the held owners out, leaving this value empty (for a store that keeps one under its
    /// lock and hands it out of the locked region).
    mutating func take() -> HeldOwners {
        var taken = HeldOwners()
        swap(&taken.objects, &objects)
        return taken
    }

    var count: Int { objects.count }
}
