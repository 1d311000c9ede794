public import EventBus
import Testing

/// Records every publish on a bus (or the publishes of chosen types) in publish order, so a
/// test can assert each event in turn and fail on any event it did not assert.
///
/// ```swift
/// let bus = EventBus()
/// let recorder = BusRecorder(on: bus)
/// bus.publish(UserDidLoginEvent(userID: "alice"))
/// bus.publish(CartDidUpdateEvent(itemCount: 2))
/// await recorder.receive(UserDidLoginEvent.self) { $0.userID == "alice" }
/// await recorder.receive(CartDidUpdateEvent.self) { $0.itemCount == 2 }
/// recorder.finish()   // fails the test if anything else was published
/// ```
///
/// ## Ordering
/// Events come in the order their publishes started (``PublishRecord/sequenceNumber``): a
/// publish comes before the publishes its handlers made, which come before the next publish
/// of the same thread. Publishes of different threads come in the order they started.
/// Values published with `publishState`, a store's states and a store's actions are events
/// too: choose `types` to leave them out.
///
/// ## Exhaustive and non-exhaustive
/// An exhaustive recorder (the default) expects the test to receive every recorded event:
/// ``receive(_:timeout:fileID:filePath:line:column:_:)`` fails if the next event is of another
/// type or does not match, and ``finish(fileID:filePath:line:column:)`` fails for every event
/// not received. Pass `exhaustive: false` to opt out: `receive` then skips events until one
/// matches, and `finish` checks nothing.
///
/// ## Threading and lifetime
/// The recorder is an observe-all tap (see ``EventBus/observeAll(_:failures:)``): it records
/// synchronously on the publisher's thread, from the moment it is created until ``cancel()`` or
/// its release. Its members are thread-safe; receive from one task at a time. Failures are
/// recorded as Swift Testing issues at the call site of the method that found them, with the
/// unexpected event's payload and the call site of its publish.
public final class BusRecorder: Sendable {
    private let log: LockedValue<PublishLog>
    private let tap: SubscriptionToken
    private let exhaustive: Bool

    /// Starts recording the publishes on `bus` of `types` (every type when nil).
    ///
    /// - Parameters:
    ///   - bus: The bus to record.
    ///   - types: The event types to record; nil records every publish.
    ///   - exhaustive: Whether every recorded event must be received (see the type's discussion).
    public init(on bus: EventBus, types: [any EventBusEvent.Type]? = nil, exhaustive: Bool = true) {
        let chosen = types.map { Set($0.map { ObjectIdentifier($0) }) }
        let log = LockedValue(
            PublishLog { record in chosen?.contains(ObjectIdentifier(type(of: record.event))) ?? true })
        self.log = log
        self.exhaustive = exhaustive
        tap = bus.observeAll { record in
            for wakeup in log.withLock({ $0.hear(record) }) { wakeup.fire() }
        }
    }

    /// Stops recording. Events recorded so far can still be received.
    public func cancel() { tap.cancel() }

    /// The recorded events not received yet, oldest first.
    public var pendingRecords: [PublishRecord] { log.withLock { $0.ready } }

    /// Receives the next recorded event, which must be an `Event` for which `matches` holds, and
    /// returns it; waits up to `timeout` for it to be published.
    ///
    /// Exhaustive: takes the next event whatever it is; if it is of another type, or `matches`
    /// is false for it, records an issue showing the event's payload and publish call site and
    /// returns nil. Non-exhaustive: takes events until one is an `Event` that matches, and
    /// returns it. Records an issue and returns nil when `timeout` passes first; returns nil
    /// without an issue if the task is cancelled.
    ///
    /// `matches` runs on the calling task, with no lock held.
    @discardableResult
    public func receive<Event: EventBusEvent>(
        _ type: Event.Type, timeout: Duration = .seconds(10),
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ matches: (Event) -> Bool = { _ in true }
    ) async -> Event? {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let deadline = ContinuousClock.now + timeout
        while !Task.isCancelled {
            guard let record = await nextRecord(before: deadline) else {
                if Task.isCancelled { return nil }
                Issue.record(
                    "Waited \(timeout) for \(Event.self), but \(exhaustive ? "nothing" : "no matching event") was published",
                    sourceLocation: location)
                return nil
            }
            guard let event = record.event as? Event else {
                if exhaustive {
                    Issue.record(
                        "Expected \(Event.self), but the next event was \(Self.describe(record))",
                        sourceLocation: location)
                    return nil
                }
                continue
            }
            if matches(event) { return event }
            if exhaustive {
                Issue.record(
                    "The next \(Event.self) did not match: \(Self.describe(record))", sourceLocation: location
                )
                return nil
            }
        }
        return nil
    }

    /// Fails the test for every recorded event not received yet (exhaustive recorders only),
    /// showing each one's payload and publish call site, and stops recording. Call it at the
    /// end of the test; events published after it are not checked.
    public func finish(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        tap.cancel()
        let unreceived = log.withLock { $0.takeAll() }
        guard exhaustive else { return }
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        for record in unreceived {
            Issue.record("Unreceived event: \(Self.describe(record))", sourceLocation: location)
        }
    }

    /// The next ready record, waiting for one until `deadline`; nil if none came in time or the
    /// task was cancelled.
    private func nextRecord(before deadline: ContinuousClock.Instant) async -> PublishRecord? {
        while true {
            let wakeup = Wakeup()
            if let record = log.withLock({ $0.takeFirst(orPark: wakeup) }) { return record }
            guard ContinuousClock.now < deadline, !Task.isCancelled else { return nil }
            let timer = Task {
                try? await Task.sleep(until: deadline, clock: .continuous)
                wakeup.fire()
            }
            await withTaskCancellationHandler {
                await wakeup.wait()
            } onCancel: {
                wakeup.fire()
            }
            timer.cancel()
        }
    }

    /// `LoginEvent(user: "bob"), published at App/Auth.swift:12 in logIn(as:)`.
    static func describe(_ record: PublishRecord) -> String {
        "\(record.event), published at \(record.callSite) in \(record.callSite.function)"
    }
}
