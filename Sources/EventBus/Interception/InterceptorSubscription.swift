/// What a throwing interceptor needs to report its errors: the bus's reporter and the record of
/// the event types it has already thrown for. Absent for non-throwing interceptors.
struct InterceptorFailures: Sendable {
    let reporter: FailureReporter
    let reported = ReportedTypes()
}

/// An owner-bound synchronous subscription whose handler may stop propagation, and may throw.
///
/// One class for both: a non-throwing closure converts to the throwing type for free, and an
/// interceptor that throws proceeds (the error is reported like any throwing handler's).
final class OwnedInterceptor<Owner: AnyObject, Event: Sendable>: OwnerBoundSubscription<Owner, Event> {
    // Sendable (see the list in Subscription.swift): `handler` and `failures` are immutable;
    // `failures.reported` has its own lock.
    private let handler: @Sendable (Owner, Event) throws -> Propagation
    private let failures: InterceptorFailures?

    init(
        owner: Owner, priority: Int, failures: FailureReporter? = nil,
        handler: @escaping @Sendable (Owner, Event) throws -> Propagation
    ) {
        self.handler = handler
        self.failures = failures.map { InterceptorFailures(reporter: $0) }
        super.init(owner: owner, priority: priority)
    }

    override var deliveryKind: SubscriptionInfo.Delivery { .interceptor }

    override func deliver(_ event: Event) -> DeliveryOutcome {
        guard !isCancelled else { return .skipped }
        guard let owner else { return .ownerGone }
        do {
            return try handler(owner, event) == .stop ? .consumed : .delivered
        } catch {
            if let failures {
                failures.reporter.report(
                    error, event: event, by: self, reported: failures.reported, namesCallSite: true)
            }
            return .delivered
        }
    }
}

/// An owner-less synchronous subscription whose handler may stop propagation, and may throw.
final class OwnerlessInterceptor<Event: Sendable>: Subscription<Event> {
    // Sendable (see the list in Subscription.swift): `handler` and `failures` are immutable;
    // `failures.reported` has its own lock.
    private let handler: @Sendable (Event) throws -> Propagation
    private let failures: InterceptorFailures?

    init(
        priority: Int, failures: FailureReporter? = nil,
        handler: @escaping @Sendable (Event) throws -> Propagation
    ) {
        self.handler = handler
        self.failures = failures.map { InterceptorFailures(reporter: $0) }
        super.init(eventKey: ObjectIdentifier(Event.self), priority: priority)
    }

    override var deliveryKind: SubscriptionInfo.Delivery { .interceptor }

    override func deliver(_ event: Event) -> DeliveryOutcome {
        guard !isCancelled else { return .skipped }
        do {
            return try handler(event) == .stop ? .consumed : .delivered
        } catch {
            if let failures {
                failures.reporter.report(
                    error, event: event, by: self, reported: failures.reported, namesCallSite: true)
            }
            return .delivered
        }
    }
}
