/// Current values live next to the subscriber lists, under the same shard lock, so that storing
/// a value and taking the snapshot it is delivered to happen at one instant, and so does
/// reading the current value and listing a new subscription.
extension SubscriptionRegistry {
    /// Makes `value` the current value of its type, numbers this publish, and returns the
    /// subscribers to deliver it to. The value it replaced is moved into `replaced`, to be
    /// released after unlocking (a value's `deinit` may run arbitrary code).
    mutating func setState<Event>(_ value: Event, movingReplacedTo replaced: ReplacedState<Event>)
        -> StatePublish
    {
        let eventKey = ObjectIdentifier(Event.self)
        let slot = slot(of: Event.self, creating: true)!
        slot.sequence += 1
        let replacedAValue = slot.replace(with: value, movingOldTo: replaced)
        return StatePublish(
            snapshot: snapshot(of: eventKey), sequence: slot.sequence, replacedAValue: replacedAValue)
    }

    /// The current value of `Event`, if one was published and not cleared since.
    func currentState<Event>(of type: Event.Type) -> Event? {
        stateSlots.slot(of: ObjectIdentifier(type))?.value(as: type)
    }

    /// Forgets the current value of `Event` and returns it (for release after unlocking). The
    /// numbering goes on, so subscriptions keep their order.
    mutating func clearState<Event>(of type: Event.Type) -> Event? {
        slot(of: type, creating: false)?.clear(as: type)
    }

    /// The current value of `Event` and the number of its type's last state publish, so that a
    /// caller can compare the value outside the lock and clear it only if nothing was
    /// published since (``clearState(of:ifSequence:)``).
    mutating func currentStateAndSequence<Event>(of type: Event.Type) -> (value: Event?, sequence: UInt64) {
        guard let slot = slot(of: type, creating: false) else { return (nil, 0) }
        return (slot.value(as: type), slot.sequence)
    }

    /// Forgets the current value of `Event` if no state of its type was published since the
    /// publish numbered `sequence`; returns what it forgot (for release after unlocking).
    mutating func clearState<Event>(of type: Event.Type, ifSequence sequence: UInt64) -> Event? {
        guard let slot = slot(of: type, creating: false), slot.sequence == sequence else { return nil }
        return slot.clear(as: type)
    }

    /// Lists `entry` and returns the value to replay to it, if `replaying` and there is one,
    /// plus pruned entries. The entry's gate learns where its numbering starts before any
    /// publisher can see it.
    mutating func addState<Event>(_ entry: StateEntry<Event>, replaying: Bool) -> (
        replay: Event?, retired: [AnySubscription]
    ) {
        let slot = slot(of: Event.self, creating: false)
        let replay = replaying ? slot?.value(as: Event.self) : nil
        entry.start(after: slot?.sequence ?? 0, replaying: replay != nil)
        return (replay, add(entry))
    }

    /// Forgets every current value, for a bus that is being released, and returns the slots
    /// (released after unlocking).
    mutating func removeAllStates() -> StateSlots {
        defer { stateSlots = StateSlots() }
        return stateSlots
    }

    private mutating func slot<Event>(of type: Event.Type, creating: Bool) -> AnyStateSlot? {
        let key = ObjectIdentifier(type)
        if let existing = stateSlots.slot(of: key) { return existing }
        guard creating else { return nil }
        let slot = AnyStateSlot(of: type)
        stateSlots.insert(slot, for: key)
        return slot
    }
}

/// The state slots of one shard by event type: a ``TypePositions`` table into an array, as for the
/// subscriber lists. A `Dictionary` keyed by `ObjectIdentifier` ran SipHash on every state publish.
struct StateSlots {
    private var positions = TypePositions()
    private var slots: ContiguousArray<AnyStateSlot> = []

    func slot(of eventKey: ObjectIdentifier) -> AnyStateSlot? {
        positions.position(of: eventKey).map { slots[$0] }
    }

    /// Files `slot` for `eventKey`, which has none yet.
    mutating func insert(_ slot: AnyStateSlot, for eventKey: ObjectIdentifier) {
        positions.insert(slots.count, for: eventKey)
        slots.append(slot)
    }
}
