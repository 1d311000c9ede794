import EventBus
import EventBusTracing

/// A publish read from a trace of another app, or of event types this build does not know:
/// replayed as itself, so the log, the Bus view and the Flow view show what the trace holds
/// (its type name, call site, recipients, skips, drops, failures and payload JSON), though no
/// pane of the demo subscribes to it.
public struct TracedEvent: EventBusEvent {
    /// The publish as the trace holds it.
    public let entry: Trace.Entry

    /// Wraps `entry`.
    public init(_ entry: Trace.Entry) {
        self.entry = entry
    }

    /// Whether it reached nobody: no recipient, no skip, no interceptor stopped it (a
    /// `DeadEvent` line itself is not one).
    public var isDead: Bool {
        entry.reachedCount == 0 && entry.skips.isEmpty && entry.consumedBy == nil
            && entry.eventTypeName != "DeadEvent"
    }

    /// Who published it, as the log's FROM column names publishers: the call site's file
    /// without `.swift` (`App/CartStore.swift` is `CartStore`).
    public var publisher: String {
        let file = entry.fileID.split(separator: "/").last.map(String.init) ?? entry.fileID
        return file.hasSuffix(".swift") ? String(file.dropLast(6)) : file
    }
}
