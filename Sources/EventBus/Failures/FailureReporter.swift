#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Where a bus sends the errors its handlers throw: the handler set with
/// `setFailureHandler(_:)`, or standard error, and the observe-all taps.
final class FailureReporter: Sendable {
    private let handler = LockedValue<(@Sendable (SubscriberFailure) -> Void)?>(nil)
    private let taps: TapStore

    init(taps: TapStore) {
        self.taps = taps
    }

    func setHandler(_ newHandler: (@Sendable (SubscriberFailure) -> Void)?) {
        handler.withLock { $0 = newHandler }
    }

    /// Reports `error`, thrown by `subscription`'s handler for `event`; `reported` is that
    /// subscription's record of the event types it has thrown for (see ``ReportedTypes``).
    func report<Event: Sendable>(
        _ error: any Error, event: Event, by subscription: AnySubscription, reported: ReportedTypes
    ) {
        // The dynamic type: a protocol subscription's event arrives as the protocol's existential.
        let isFirst = reported.firstReport(of: ObjectIdentifier(type(of: event as Any)))
        report(error, event: event, by: subscription, isFirstForType: isFirst)
    }

    /// Reports `error`, thrown by `subscription`'s handler for `event`. `isFirstForType` says
    /// whether this subscription has thrown for this event type before; the default handler
    /// only writes the first. Called with no lock held; calls out after unlocking.
    func report<Event: Sendable>(
        _ error: any Error, event: Event, by subscription: AnySubscription, isFirstForType: Bool
    ) {
        // Every published value is an `EventBusEvent`; a protocol subscription's handler gets it
        // typed as the protocol's existential, which this cast opens again.
        guard let event = event as? any EventBusEvent else { return }
        let failure = SubscriberFailure(
            error: error, event: event, subscription: SubscriptionInfo(subscription))
        if let custom = handler.withLock({ $0 }) {
            custom(failure)
        } else if isFirstForType {
            writeToStandardError(
                "EventBus: \(failure) (further errors of this subscription for this type are not shown)\n")
        }
        taps.notifyFailure(failure)
    }

    /// `write(2)` on descriptor 2 rather than `fputs(stderr)`: no shared `FILE` state to
    /// guard, and a failing write is ignored instead of trapping.
    private func writeToStandardError(_ line: String) {
        var line = line
        line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }
}

/// The event types a subscription has already reported an error for, so that the default
/// handler writes one line per subscription and type.
struct ReportedTypes: Sendable {
    private let seen = LockedValue<Set<ObjectIdentifier>>([])

    /// Records `eventType`; true the first time.
    func firstReport(of eventType: ObjectIdentifier) -> Bool {
        seen.withLock { $0.insert(eventType).inserted }
    }
}
