/// A main-actor subscription that runs only while something is on screen: ``appear()`` starts
/// it, ``disappear()`` cancels it. The lifetime behind the SwiftUI modifier
/// `onEvent(for:on:perform:)`, and usable as is from `viewWillAppear`/`viewDidDisappear` in UIKit
/// or AppKit.
///
/// <!-- sample: main-actor -->
/// ```swift
/// let sut = AppearanceSubscription(for: UserDidLoginEvent.self, on: bus) { event in
///     print("welcome \(event.userID)")
/// }
/// sut.appear()       // subscribed
/// sut.disappear()    // cancelled: events published now are not delivered
/// ```
///
/// ## Ordering and threading
/// While active, `perform` runs on the main actor for each event of the type published on the
/// bus, in publish order, queued with the bus's other main-actor subscriptions (see
/// <doc:MainActorDelivery>): later than the publish, even when published on the main actor.
///
/// ## Lifetime and cancellation
/// Events published while it is not active are not delivered, and events queued when
/// ``disappear()`` is called are dropped. Appearing twice subscribes once. Releasing the object
/// cancels the subscription; the bus does not keep the object alive.
@MainActor
public final class AppearanceSubscription<Event: EventBusEvent> {
    /// The bus it subscribes to.
    public let bus: EventBus
    /// Runs for each delivered event; may be replaced at any time (a SwiftUI view passes its
    /// newest closure on each appearance).
    public var perform: @MainActor (Event) -> Void
    private var token: SubscriptionToken?

    /// Creates an inactive subscription to `eventType` on `bus`; ``appear()`` starts it.
    public init(
        for eventType: Event.Type = Event.self, on bus: EventBus,
        perform: @escaping @MainActor (Event) -> Void
    ) {
        self.bus = bus
        self.perform = perform
    }

    /// Whether the subscription is active (between ``appear()`` and ``disappear()``).
    public var isActive: Bool { token != nil }

    /// Starts the subscription, unless it is already active.
    public func appear() {
        guard token == nil else { return }
        token = bus.subscribe(owner: self, for: Event.self, on: .mainActor) { owner, event in
            owner.perform(event)
        }
    }

    /// Cancels the subscription; events queued for it are dropped.
    public func disappear() {
        token?.cancel()
        token = nil
    }

    deinit {
        token?.cancel()
    }
}
