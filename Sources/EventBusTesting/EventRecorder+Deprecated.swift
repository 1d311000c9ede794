public import EventBus

extension EventRecorder {
    /// Renamed ``init(for:on:)``: one label for the event type.
    @available(*, deprecated, renamed: "init(for:on:)")
    public convenience init(_ eventType: Event.Type, on bus: EventBus) {
        self.init(for: eventType, on: bus)
    }
}
