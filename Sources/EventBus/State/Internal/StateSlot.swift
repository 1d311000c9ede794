/// The current value of one event type published with ``EventBus/publishState(_:fileID:line:function:)``, and how
/// many state publishes of that type there have been.
///
/// Lives in the shard's ``SubscriptionRegistry`` and is only read or written under that
/// shard's lock, together with the type's subscriber list: that is what makes "read the
/// current value and subscribe" atomic with respect to state publishes.
class AnyStateSlot: @unchecked Sendable {  // safe: only touched under the shard lock
    /// Numbers the type's state publishes 1, 2, 3, …; 0 before the first.
    var sequence: UInt64 = 0
}

/// A slot for values of `Event`. One allocation per event type, at its first state publish;
/// later publishes overwrite `value` in place.
final class StateSlot<Event>: AnyStateSlot, @unchecked Sendable {  // safe: see AnyStateSlot
    var value: Event?
}
