/// A value that can be published on an ``EventBus``.
///
/// Events are routed by their concrete type: two types with the same fields are different
/// events, and a subscriber of one never sees the other. Conforming types must be `Sendable`
/// because a publish on one thread can be delivered on another (an executor or the main actor).
///
/// ```swift
/// struct UserDidLoginEvent: EventBusEvent {
///     let userID: String
/// }
/// ```
///
/// Prefer structs and enums. For class events, the bus routes by the type the publisher's
/// argument has at compile time (an `any EventBusEvent` is opened to its dynamic type), so a
/// subscriber of a base class does not see subclass instances published as the subclass.
public protocol EventBusEvent: Sendable {}
