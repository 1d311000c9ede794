public import EventBus

/// Records a bus's traffic into a ``FlowMap``: create it, run a scenario, read ``map``.
///
/// ```swift
/// import EventBusTracing
///
/// let recorder = FlowRecorder(bus: bus)
/// bus.publish(UserDidLoginEvent(userID: "ada"))
/// print(recorder.map.text())  // UserDidLoginEvent  1 published, 1 reached nobody …
/// ```
///
/// It is an observe-all tap (see ``EventBus/observeAll(_:failures:)``): it sees every publish
/// from when it is created, on the publishing thread, after the publish's synchronous handlers,
/// and every error a handler throws. Executor deliveries count when they are queued; their
/// handlers' errors count when they are thrown, so drain executors before reading the map if
/// errors matter. While it records, publishes on the bus take the traced path (a record per
/// publish); a bus without taps pays nothing for it.
///
/// Recording stops with ``cancel()`` or when the recorder is released. All members are
/// thread-safe.
public final class FlowRecorder: Sendable {
    private let state = LockedValue(FlowMap())
    private let token = LockedValue<SubscriptionToken?>(nil)

    /// Starts recording `bus`'s publishes and handler errors.
    public init(bus: EventBus) {
        let state = self.state
        let tap = bus.observeAll { record in
            state.withLock { $0.add(record) }
        } failures: { failure in
            state.withLock { $0.add(failure) }
        }
        token.withLock { $0 = tap }
    }

    /// The map of everything recorded so far.
    public var map: FlowMap { state.withLock { $0 } }

    /// Forgets what was recorded; recording goes on.
    public func reset() {
        state.withLock { $0 = FlowMap() }
    }

    /// Stops recording; the map recorded so far stays readable.
    public func cancel() {
        token.withLock { $0 }?.cancel()
    }
}
