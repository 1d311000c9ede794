/// An owner-bound synchronous subscription whose handler may throw.
final class ThrowingOwnedSubscription<Owner: AnyObject, Event: Sendable>:
    OwnerBoundSubscription<Owner, Event>
{
    // Sendable (see the list in Subscription.swift): `handler` and `failures` are immutable; `reported` has
    // its own lock.
    private let handler: @Sendable (Owner, Event) throws -> Void
    private let failures: FailureReporter
    private let reported = ReportedTypes()

    init(
        owner: Owner, priority: Int, failures: FailureReporter,
        handler: @escaping @Sendable (Owner, Event) throws -> Void
    ) {
        self.handler = handler
        self.failures = failures
        super.init(owner: owner, priority: priority)
    }

    override var wantsCallSites: Bool { true }

    override func deliver(_ event: Event) -> DeliveryOutcome {
        guard !isCancelled else { return .skipped }
        guard let owner else { return .ownerGone }
        do {
            try handler(owner, event)
        } catch {
            failures.report(
                error, event: event, by: self, reported: reported,
                namesCallSite: true)
        }
        return .delivered
    }
}

/// An owner-less synchronous subscription whose handler may throw.
final class ThrowingOwnerlessSubscription<Event: Sendable>: Subscription<Event> {
    // Sendable (see the list in Subscription.swift): `handler` and `failures` are immutable; `reported` has
    // its own lock.
    private let handler: @Sendable (Event) throws -> Void
    private let failures: FailureReporter
    private let reported = ReportedTypes()

    init(priority: Int, failures: FailureReporter, handler: @escaping @Sendable (Event) throws -> Void) {
        self.handler = handler
        self.failures = failures
        super.init(eventKey: ObjectIdentifier(Event.self), priority: priority)
    }

    override var wantsCallSites: Bool { true }

    override func deliver(_ event: Event) -> DeliveryOutcome {
        guard !isCancelled else { return .skipped }
        do {
            try handler(event)
        } catch {
            failures.report(
                error, event: event, by: self, reported: reported,
                namesCallSite: true)
        }
        return .delivered
    }
}
