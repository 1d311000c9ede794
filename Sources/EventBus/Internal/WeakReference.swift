/// A weak reference that a `Sendable` value (a dead event, a failure report) can carry without
/// keeping its object alive.
///
/// `@unchecked Sendable`: `object` is written once, in `init`, and weak loads are atomic in the
/// runtime. What the holder does with the loaded object is the holder's business, as with the
/// owner a handler gets back.
final class WeakReference: @unchecked Sendable {
    private(set) weak var object: AnyObject?

    init(_ object: AnyObject) { self.object = object }
}
