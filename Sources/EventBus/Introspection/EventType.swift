/// An event type as introspection identifies it: by the type itself, with the names to show.
///
/// Two types with the same name in different modules (`Shop.Clash` and `Billing.Clash`) are two
/// different `EventType`s, and their ``qualifiedName``s tell them apart. The keys of
/// ``EventBus/subscriptionSnapshot()`` are `EventType`s.
///
/// ```swift
/// let checkouts = bus.subscriptionSnapshot()[EventType(CheckoutRequestedEvent.self)] ?? []
/// ```
public struct EventType: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The type's identity: equal for the same type, different for any other.
    public let id: ObjectIdentifier
    /// The type's name as `String(describing:)` prints it, such as `CartDidUpdateEvent`; a
    /// protocol subscription's type is the protocol's name, such as `CartEvent`. Not unique:
    /// use it for display where the module is known.
    public let name: String
    /// The module-qualified name as `String(reflecting:)` prints it, such as
    /// `Shop.CartDidUpdateEvent`: unique for every type the snapshot can hold.
    public let qualifiedName: String

    /// The event type `type` (or, for a protocol subscription, its protocol's existential).
    public init(_ type: any Any.Type) {
        id = ObjectIdentifier(type)
        (name, qualifiedName) = TypeNames.names(of: type)
    }

    /// The qualified name.
    public var description: String { qualifiedName }

    /// Equal when they are the same type.
    public static func == (lhs: EventType, rhs: EventType) -> Bool { lhs.id == rhs.id }

    /// Hashes the type's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// Ordered by qualified name (then identity, for types whose names print alike).
    public static func < (lhs: EventType, rhs: EventType) -> Bool {
        (lhs.qualifiedName, lhs.id) < (rhs.qualifiedName, rhs.id)
    }
}
