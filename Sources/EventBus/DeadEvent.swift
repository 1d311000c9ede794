/// Published by the bus when an event reached no subscription, so that "nobody listened" can
/// be logged, asserted in tests, or answered by a fallback.
///
/// Subscribe to it like any other event:
///
/// ```swift
/// bus.subscribe(owner: self) { (owner, dead: DeadEvent) in
///     owner.warn("nobody handles \(dead.eventTypeName)")
/// }
/// ```
///
/// ## Ordering
/// The dead event is published synchronously, on the same thread, right after the original
/// publish offered its event to nobody, and before observe-all taps hear about the original
/// (taps see nested publishes first).
///
/// ## Cost
/// Until something subscribes to `DeadEvent` on a bus, that bus never builds one: a publish
/// that reaches nobody checks one flag. A publish that reached anyone pays nothing.
///
/// ## Edge cases
/// A dead event that itself reaches nobody is dropped: there is never a dead event about a
/// dead event. Nor is there one about an event published while a dead event is being
/// delivered: a publish from a `DeadEvent` handler (or from anything that publish's handlers
/// publish in turn, on that thread) that reaches nobody is simply dropped, so a handler that
/// republishes what it is told about cannot loop. A `DeadEvent` handler that runs on an
/// executor runs outside that delivery: if it publishes events nobody hears, each produces a
/// new dead event, one executor job at a time. An event is not dead when it reached only executor deliveries (they were
/// queued), nor when an interceptor consumed it. A protocol subscription that matches every
/// event (`any EventBusEvent`) means no event is ever dead on that bus.
public struct DeadEvent: EventBusEvent {
    /// The event that reached no subscription.
    public let event: any EventBusEvent
    /// Its type name, as `String(describing:)` prints it; ``eventType`` has its identity and
    /// module-qualified name, for when two modules have types of one name.
    public let eventTypeName: String
    /// The type of the event that reached nobody: its identity and module-qualified name.
    public var eventType: EventType { EventType(type(of: event)) }
    /// The bus the event was published on (greenrobot's `NoSubscriberEvent.eventBus`), while
    /// it lives: held weakly, so a dead event kept by a recorder or a log never keeps its bus
    /// alive. Nil for a dead event made with ``init(event:fileID:line:function:)``.
    public var bus: EventBus? { busReference?.object as? EventBus }
    private let busReference: WeakReference?
    /// Where the event nobody heard was published (see ``CallSite``); the dead event's own
    /// ``PublishRecord/callSite`` is the same.
    public let callSite: CallSite

    /// Creates a dead event about `event` (the bus does this; tests of handlers may too), with
    /// no source ``bus``. The call site defaults to the caller's.
    public init(
        event: some EventBusEvent, fileID: StaticString = #fileID, line: UInt = #line,
        function: StaticString = #function
    ) {
        self.init(
            event: event, busReference: nil,
            callSite: CallSite(fileID: fileID, line: line, function: function))
    }

    init(event: some EventBusEvent, busReference: WeakReference?, callSite: CallSite) {
        self.event = event
        self.eventTypeName = TypeNames.name(of: type(of: event))
        self.busReference = busReference
        self.callSite = callSite
    }
}
