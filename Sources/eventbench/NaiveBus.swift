/// The event bus tutorials write: handlers stored as `Any` per event type, cast back on every
/// publish, no lock (so it is only used from one thread here).
///
/// Keyed by `ObjectIdentifier` rather than the `String(describing:)` many tutorials use; the
/// string key would only make it slower.
final class NaiveBus {
    private var handlers: [ObjectIdentifier: [Any]] = [:]

    func subscribe<Event>(_ type: Event.Type, handler: @escaping (Event) -> Void) {
        handlers[ObjectIdentifier(type), default: []].append(handler)
    }

    func publish<Event>(_ event: Event) {
        guard let list = handlers[ObjectIdentifier(Event.self)] else { return }
        for case let handler as (Event) -> Void in list {
            handler(event)
        }
    }
}
