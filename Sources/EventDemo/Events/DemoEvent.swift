import EventBus

/// An event of the demo: besides being an `EventBusEvent`, it can say who publishes it and
/// summarise its payload in a few words, which is what the event log shows.
///
/// Demo events are `Codable` so `--record` can write them and `--replay` read them back; a new
/// event type must also be listed in ``EventCatalog`` to be replayable.
///
/// Declare an event's most telling field first (and likewise in the types it holds): the wide
/// event log and the Bus view show a payload's fields in the order its `encode(to:)` writes
/// them, the declared order for a synthesized one, and cut after a field when the rest does not
/// fit (`user: {id: "alice", name: "Alice"}, date: …, …`). A recording sorts them.
public protocol DemoEvent: EventBusEvent, Codable {
    /// The service that publishes this event type, for the log's "AuthService ➜ …" status line.
    static var publisherName: String { get }
    /// The payload in a few words, for example `alice` or `3 items, €42.50`.
    var summary: String { get }
}
