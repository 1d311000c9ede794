/// What an observe-all tap learns about one publish. See ``EventBus/observeAll(_:)``.
public struct PublishRecord: Sendable {
    /// The published event.
    public let event: any EventBusEvent
    /// The event's type name, as `String(describing:)` prints it (for example `UserDidLoginEvent`).
    public let eventTypeName: String
    /// How many subscriptions the event reached: handlers that ran, plus deliveries queued on
    /// executors. Zero means nobody was listening.
    public let reachedCount: Int
    /// Where the reached subscriptions run, without repeats, in subscription order:
    /// `"publisher"` for synchronous handlers, otherwise the executor's ``EventBusExecutor/label``.
    public let executorLabels: [String]
    /// Increases with every publish on this bus while it has observers; a nested publish gets a
    /// higher number than the publish whose handler started it.
    public let sequenceNumber: UInt64
}
