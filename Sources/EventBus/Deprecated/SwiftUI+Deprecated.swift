#if canImport(SwiftUI)
    public import SwiftUI

    extension View {
        /// Renamed `onEvent(for:on:perform:)`: one label for the event type.
        @available(*, deprecated, renamed: "onEvent(for:on:perform:)")
        public func onEvent<Event: EventBusEvent>(
            _ eventType: Event.Type, on bus: EventBus, perform action: @escaping @MainActor (Event) -> Void
        ) -> some View {
            onEvent(for: eventType, on: bus, perform: action)
        }
    }
#endif

extension AppearanceSubscription {
    /// Renamed ``init(for:on:perform:)``: one label for the event type.
    @available(*, deprecated, renamed: "init(for:on:perform:)")
    public convenience init(
        _ eventType: Event.Type, on bus: EventBus, perform: @escaping @MainActor (Event) -> Void
    ) {
        self.init(for: eventType, on: bus, perform: perform)
    }
}
