import Synchronization

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
    /// Boxed: a closure stored as the generic `LockedValue`'s value and read through its `inout`
    /// access comes back wrapped in reabstraction thunks, and is written back so; the stored
    /// handler grew two frames per report until reading it overflowed the stack. A class
    /// reference passes through unchanged.
    private let handler = LockedValue<FailureHandlerBox?>(nil)
    private let taps: TapStore
    /// How many reports were built, for the tests that check a report is built only when read.
    private let built = Atomic<Int>(0)

    init(taps: TapStore) {
        self.taps = taps
    }

    /// How many failure reports this reporter has built (see `report`).
    var builtReportCount: Int { built.load(ordering: .relaxed) }

    func setHandler(_ newHandler: (@Sendable (SubscriberFailure) -> Void)?) {
        let box = newHandler.map(FailureHandlerBox.init)
        handler.withLock { $0 = box }
    }

    /// Reports `error`, thrown by `subscription`'s handler for `event`; `reported` is that
    /// subscription's record of the event types it has thrown for (see ``ReportedTypes``).
    func report<Event: Sendable>(
        _ error: any Error, event: Event, by subscription: AnySubscription, reported: ReportedTypes,
        namesCallSite: Bool = false
    ) {
        // The dynamic type: a protocol subscription's event arrives as the protocol's existential.
        let isFirst = reported.firstReport(of: ObjectIdentifier(type(of: event as Any)))
        report(error, event: event, by: subscription, isFirstForType: isFirst, namesCallSite: namesCallSite)
    }

    /// The call site of the publish running on this thread, for a synchronous handler's report
    /// (and a store's state, which names the `dispatch` whose publish runs its reducer).
    static var publishingCallSite: CallSite? {
        PublishNesting.runningPublishOnThisThread?.callSite
    }

    /// Reports `error`, thrown by `subscription`'s handler for `event`. `isFirstForType` says
    /// whether this subscription has thrown for this event type before; the default handler
    /// only writes the first. Called with no lock held; calls out after unlocking.
    func report<Event: Sendable>(
        _ error: any Error, event: Event, by subscription: AnySubscription, isFirstForType: Bool,
        namesCallSite: Bool = false
    ) {
        // The report (a type-name string, the subscription's description, an existential) is built
        // only when something will read it: a custom handler, the default's first line, or a tap. A
        // handler that throws on every event then costs a lock and a set lookup per throw once the
        // default has written its line. Errors thrown inside the failure handler's or a failure
        // tap's own publishes go to the default only: reporting them back could loop forever (see
        // `Quiet`).
        let listening = handler.withLock { $0 } != nil || taps.isActive
        let quiet = listening && Quiet.isQuiet(.failures)
        let custom = quiet ? nil : handler.withLock { $0 }
        let tapping = !quiet && taps.isActive
        guard custom != nil || isFirstForType || tapping else { return }
        // Every published value is an `EventBusEvent`; a protocol subscription's handler gets it
        // typed as the protocol's existential, which this cast opens again.
        guard let event = event as? any EventBusEvent else { return }
        // The running publish is the one that delivered to this handler, if it noted its call
        // site: a throwing handler's type always notes; an interceptor does not turn noting on
        // (every interceptor may throw), so inside a plain publish its report names no call site.
        let callSite = namesCallSite ? Self.publishingCallSite : nil
        // Likewise the number: only a publish this bus numbered for its taps has one.
        let sequenceNumber =
            namesCallSite && taps.isActive
            ? PublishNesting.runningPublishOnThisThread?.sequenceNumber(on: taps)
            : nil
        let failure = SubscriberFailure(
            error: error, event: event, subscription: SubscriptionInfo(subscription),
            owner: subscription.ownerObject, callSite: callSite, sequenceNumber: sequenceNumber)
        built.add(1, ordering: .relaxed)
        if let custom {
            Quiet.within(.failures) { custom.call(failure) }
        } else if isFirstForType {
            writeToStandardError(
                "EventBus: \(failure) (further errors of this subscription for this type are not shown)\n")
        }
        if tapping { taps.notifyFailure(failure) }
    }
}

/// Writes a diagnostic line to standard error: `write(2)` on descriptor 2 rather than
/// `fputs(stderr)`, so there is no shared `FILE` state to guard, and a failing write is ignored
/// instead of trapping.
func writeToStandardError(_ line: String) {
    var line = line
    line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

/// The failure handler, in a class so that reading it never re-wraps the closure (see
/// `FailureReporter.handler`).
final class FailureHandlerBox: Sendable {
    let call: @Sendable (SubscriberFailure) -> Void
    init(_ call: @escaping @Sendable (SubscriberFailure) -> Void) { self.call = call }
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
