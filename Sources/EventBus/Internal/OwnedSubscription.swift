// unsafe invariant 8: weak references written once, before the object is shared; weak loads are atomic.
/// The part every owner-bound subscription shares: the weakly held owner and what the
/// registry and taps ask about it.
@usableFromInline
class OwnerBoundSubscription<Owner: AnyObject, Event>: Subscription<Event>, @unchecked Sendable {
    // safe: `owner` is written once in init and only loaded afterwards (weak loads are atomic
    // in the runtime).
    final nonisolated(unsafe) private(set) weak var owner: Owner?
    /// The owner's address, taken while the subscriber holds it: the owner index files the
    /// entry under it without a weak load.
    private let ownerAddress: ObjectIdentifier

    // `__shared`: an init takes its arguments owned, so callers retained the owner and the init
    // released it, both on the side table's slow path; `borrowing` crashes the 6.3.1 compiler here.
    init(owner: __shared Owner, priority: Int) {
        self.owner = owner
        ownerAddress = ObjectIdentifier(owner)
        super.init(eventKey: ObjectIdentifier(Event.self), priority: priority)
    }

    override final var isOwnerGone: Bool { owner == nil }

    override final var subscriberName: String {
        if Owner.self == TokenAnchor.self { return "ownerless" }
        // An owner passed as `AnyObject` (see `subscribe(owner:for:priority:handler:)`'s
        // `AnyObject` overload): its dynamic type, while it lives.
        if ObjectIdentifier(Owner.self) == ObjectIdentifier(AnyObject.self), let owner {
            return TypeNames.name(of: type(of: owner))
        }
        return TypeNames.name(of: Owner.self)
    }

    override final func isOwned(by candidate: AnyObject) -> Bool { owner === candidate }

    override final func isOwnerGone(holding held: inout HeldOwners) -> Bool {
        // A token anchor lives as long as the entry, which the caller's list holds.
        if Owner.self == TokenAnchor.self { return isOwnerGone }
        guard let owner else { return true }
        held.hold(consume owner)
        return false
    }

    override final func isOwned(by candidate: AnyObject, holding held: inout HeldOwners) -> Bool {
        guard let owner else { return false }
        if owner === candidate { return true }  // the caller holds `candidate`
        held.hold(consume owner)
        return false
    }

    override final var ownerObject: AnyObject? { owner }

    override final var ownerIndexKey: ObjectIdentifier? { isOwnerBound ? ownerAddress : nil }

    override final var isOwnerBound: Bool { Owner.self != TokenAnchor.self }
}

/// The owner of an owner-less subscription built on an owner-bound kind (stepping, paced): the
/// handler keeps it strongly, so it lives exactly as long as the entry, which only its token
/// (released: cancel) or the bus end. Introspection reports such entries as owner-less.
final class TokenAnchor: Sendable {}

/// A subscription whose handler runs synchronously on the publisher's thread for as long as
/// its owner lives. The owner is held weakly.
@usableFromInline
final class OwnedSubscription<Owner: AnyObject, Event>: OwnerBoundSubscription<Owner, Event> {
    // Sendable (see the list in Subscription.swift): `handler` and `once` are immutable.
    private let handler: @Sendable (Owner, Event) -> Void
    private let once: Bool

    @usableFromInline
    init(
        owner: __shared Owner, once: Bool, priority: Int, handler: @escaping @Sendable (Owner, Event) -> Void
    ) {
        self.handler = handler
        self.once = once
        super.init(owner: owner, priority: priority)
    }

    override var deliveryKind: SubscriptionInfo.Delivery { once ? .once : .synchronous }

    override func deliver(_ event: Event) -> DeliveryOutcome {
        guard !isCancelled else { return .skipped }
        // The strong reference keeps the owner alive while its handler runs, even if the last
        // other reference is released on another thread meanwhile.
        guard let owner else { return .ownerGone }
        if once {
            // Of several racing publishers, only the one that flips the flag runs the handler.
            guard markCancelled() else { return .skipped }
            handler(owner, event)
            return .deliveredLast
        }
        handler(owner, event)
        return .delivered
    }
}

/// An owner-bound subscription whose handler takes only the event.
///
/// Its own class rather than an ``OwnedSubscription`` wrapping the handler in an
/// `{ _, event in handler(event) }` closure: that wrapper cost a second indirect call per
/// delivery and a closure context allocation per subscription. (Storing either shape in an
/// enum was tried too; extracting the payload retained and released the closure context on
/// every delivery.)
@usableFromInline
final class OwnedEventSubscription<Owner: AnyObject, Event>: OwnerBoundSubscription<Owner, Event> {
    // Sendable (see the list in Subscription.swift): `handler` is immutable.
    private let handler: @Sendable (Event) -> Void

    @usableFromInline
    init(owner: __shared Owner, priority: Int, handler: @escaping @Sendable (Event) -> Void) {
        self.handler = handler
        super.init(owner: owner, priority: priority)
    }

    override func deliver(_ event: Event) -> DeliveryOutcome {
        guard !isCancelled else { return .skipped }
        // Held strongly for the call, so the owner cannot die while its handler runs.
        guard let owner else { return .ownerGone }
        withExtendedLifetime(owner) { handler(event) }
        return .delivered
    }
}

/// A subscription without an owner: it lives until its token is cancelled or released.
@usableFromInline
final class OwnerlessSubscription<Event>: Subscription<Event> {
    // Sendable (see the list in Subscription.swift): `handler` is immutable.
    private let handler: @Sendable (Event) -> Void

    @usableFromInline
    init(priority: Int = 0, handler: @escaping @Sendable (Event) -> Void) {
        self.handler = handler
        super.init(eventKey: ObjectIdentifier(Event.self), priority: priority)
    }

    override func deliver(_ event: Event) -> DeliveryOutcome {
        guard !isCancelled else { return .skipped }
        handler(event)
        return .delivered
    }
}

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

/// A weak reference set once after it is made, before its holder is shared: for an object that
/// points back at the one that makes it, from that one's `init` (a stepping subscription's
/// ``StepControl``). Typed, so that loading it needs no cast.
///
/// `@unchecked Sendable`: `object` is written once, by `attach(_:)`, before the reference is
/// shared; weak loads are atomic in the runtime.
final class WeakBackReference<Object: AnyObject>: @unchecked Sendable {
    private(set) weak var object: Object?

    init() {}

    /// Called once, before the reference is shared.
    func attach(_ object: Object) { self.object = object }
}
