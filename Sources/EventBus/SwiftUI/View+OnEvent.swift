#if canImport(SwiftUI)
    public import SwiftUI

    extension View {
        /// Runs `action` on the main actor for each `eventType` event published on `bus` while
        /// the view is on screen: subscribes when it appears, cancels when it disappears.
        ///
        /// Events come in publish order, later than their publish (queued on the main actor, see
        /// ``AppearanceSubscription``). Events published while the view is not on screen are
        /// not delivered: for state the view must not miss, observe a state query
        /// (``ObservedState``), which replays the current value (see <doc:UsingEventBusWithSwiftUI>).
        public func onEvent<Event: EventBusEvent>(
            for eventType: Event.Type, on bus: EventBus, perform action: @escaping @MainActor (Event) -> Void
        ) -> some View {
            modifier(OnEventModifier(bus: bus, action: action))
        }
    }

    /// Keeps one ``AppearanceSubscription`` for the view's lifetime in the hierarchy.
    struct OnEventModifier<Event: EventBusEvent>: ViewModifier {
        let bus: EventBus
        let action: @MainActor (Event) -> Void
        @State private var subscription: AppearanceSubscription<Event>?

        init(bus: EventBus, action: @escaping @MainActor (Event) -> Void) {
            self.bus = bus
            self.action = action
        }

        func body(content: Content) -> some View {
            content
                .onAppear {
                    let current =
                        subscription ?? AppearanceSubscription(for: Event.self, on: bus, perform: action)
                    current.perform = action
                    subscription = current
                    current.appear()
                }
                .onDisappear { subscription?.disappear() }
        }
    }
#endif
