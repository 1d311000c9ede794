@testable import EventBus

/// A mutable box that handlers can share across threads.
final class LockBox<Value: Sendable>: Sendable {
    private let storage: LockedValue<Value>

    init(_ value: Value) { storage = LockedValue(value) }

    var value: Value {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }

    @discardableResult
    func mutate<Result>(_ body: (inout Value) -> Result) -> Result { storage.withLock(body) }
}
