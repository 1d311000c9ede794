/// What an interceptor decides about the event it was given: let it go on to the subscriptions
/// after it, or stop it here.
///
/// Returned by the handlers of ``EventBus/intercept(owner:for:priority:handler:)`` and
/// ``EventBus/intercept(for:priority:handler:)``. The decision is a return value, not a flag on
/// the bus or the event, so it can only ever affect the one publish that called the handler:
/// not the next publish, not a publish nested inside a handler, not a publish of the same event
/// running on another thread.
public enum Propagation: Sendable, Hashable {
    /// Deliver the event to the subscriptions after this one, as if nothing happened.
    case proceed
    /// Consume the event: no subscription after this one in this publish's delivery order
    /// (lower priorities, and equal priorities subscribed later) receives it, including
    /// executor and main-actor subscriptions, which are then not queued.
    case stop
}
