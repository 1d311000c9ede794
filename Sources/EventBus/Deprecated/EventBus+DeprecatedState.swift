/// The state spellings from before the event type had one label (`for:`). Each forwards to its
/// new spelling and behaves exactly as it does; the event-type parameter has no default here,
/// so `bus.currentState()` (the type left to inference) resolves only to the new spelling.
extension EventBus {
    /// Renamed ``currentState(for:)``: one label for the event type.
    @available(*, deprecated, renamed: "currentState(for:)")
    public func currentState<Event: EventBusEvent>(of type: Event.Type) -> Event? {
        currentState(for: type)
    }

    /// Renamed ``clearState(for:)``: one label for the event type.
    @available(*, deprecated, renamed: "clearState(for:)")
    public func clearState<Event: EventBusEvent>(of type: Event.Type) {
        clearState(for: type)
    }

    /// Renamed ``states(for:replaysCurrentValue:automaticallySkipsRepeats:)-18jlm``: one label for the event type.
    @available(*, deprecated, renamed: "states(for:replaysCurrentValue:automaticallySkipsRepeats:)")
    public func states<Event: EventBusEvent>(
        of type: Event.Type, replaysCurrentValue: Bool = true, automaticallySkipsRepeats: Bool = true
    ) -> StateQuery<Event, Event> {
        states(
            for: type, replaysCurrentValue: replaysCurrentValue,
            automaticallySkipsRepeats: automaticallySkipsRepeats)
    }

    /// Renamed ``states(for:replaysCurrentValue:automaticallySkipsRepeats:)-43v3y``: one label for the event type.
    @available(*, deprecated, renamed: "states(for:replaysCurrentValue:automaticallySkipsRepeats:)")
    public func states<Event: EventBusEvent & Equatable>(
        of type: Event.Type, replaysCurrentValue: Bool = true, automaticallySkipsRepeats: Bool = true
    ) -> StateQuery<Event, Event> {
        states(
            for: type, replaysCurrentValue: replaysCurrentValue,
            automaticallySkipsRepeats: automaticallySkipsRepeats)
    }
}
