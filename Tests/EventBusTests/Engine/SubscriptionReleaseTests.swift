import EventBusTesting
import Testing
@testable import EventBus

/// When a subscription ends, everything its handler captured is released at once, whoever
/// still holds the token (issue 7, retentions 9–12). Each test keeps only a weak reference to a
/// `Probe` the handler captured and checks that it is gone.
@Suite("Release when a subscription ends")
struct SubscriptionReleaseTests {
    // MARK: - 9: cancel() releases the handler while the token is alive

    @Test func cancelReleasesAnOwnerlessHandlerWhileTheTokenIsHeld() {
        let sut = EventBus()
        let (token, probe) = capturingAProbe { probe in sut.subscribe(for: Ping.self) { _ in probe.touch() } }

        token.cancel()

        #expect(probe.isReleased)
        withExtendedLifetime(token) {}
    }

    @Test func cancelReleasesBothOwnerBoundHandlersWhileTheTokensAreHeld() {
        let sut = EventBus()
        let owner = Owner()
        let (tokens, probe) = capturingAProbe { probe in
            [
                sut.subscribe(owner: owner) { (_, _: Ping) in probe.touch() },
                sut.subscribe(owner: owner) { (_: Ping) in probe.touch() },
            ]
        }

        tokens.forEach { $0.cancel() }
        sut.publish(Ping())

        #expect(probe.isReleased)
        withExtendedLifetime(tokens) {}
    }

    @Test func cancelReleasesAOnceHandlerWhileTheTokenIsHeld() {
        let sut = EventBus()
        let owner = Owner()
        let (token, probe) = capturingAProbe { probe in
            sut.subscribeOnce(owner: owner) { (_, _: Ping) in probe.touch() }
        }

        token.cancel()

        #expect(probe.isReleased)
        withExtendedLifetime(token) {}
    }

    @Test func cancelReleasesAnExecutorHandlerAndItsQueuedEventsBeforeTheJobRuns() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        var probe: Probe? = Probe()
        var queuedPayload: Probe? = Probe()
        let weakProbe = WeakReference(probe!)
        let weakPayload = WeakReference(queuedPayload!)
        let token = sut.subscribe(owner: owner, on: executor) { [probe] (_, _: Carrier) in probe?.touch() }
        sut.publish(Carrier(payload: queuedPayload!))
        (probe, queuedPayload) = (nil, nil)

        token.cancel()

        #expect(weakProbe.object == nil)
        #expect(weakPayload.object == nil)
        #expect(executor.pendingJobCount == 1)
        executor.drain()
        withExtendedLifetime(token) {}
    }

    @Test func cancelReleasesAnObserveAllObserverWhileTheTokenIsHeld() {
        let sut = EventBus()
        let (token, probe) = capturingAProbe { probe in sut.observeAll { _ in probe.touch() } }

        token.cancel()

        #expect(probe.isReleased)
        withExtendedLifetime(token) {}
    }

    @Test @MainActor func cancelReleasesAMainActorHandlerAndItsQueuedEventsBeforeTheJobRuns() {
        let sut = EventBus()
        let owner = MainActorOwner()
        var probe: Probe? = Probe()
        var queuedPayload: Probe? = Probe()
        let weakProbe = WeakReference(probe!)
        let weakPayload = WeakReference(queuedPayload!)
        let token = sut.subscribe(owner: owner, on: .mainActor) { [probe] (_, _: Carrier) in probe?.touch() }
        // Queued now; the main actor is busy with this test, so the job cannot run yet.
        sut.publish(Carrier(payload: queuedPayload!))
        (probe, queuedPayload) = (nil, nil)

        token.cancel()

        #expect(weakProbe.object == nil)
        #expect(weakPayload.object == nil)
    }

    @Test func droppingAStreamReleasesItsSubscriptionAndBufferedEvents() {
        let sut = EventBus()
        var payload: Probe? = Probe()
        let weakPayload = WeakReference(payload!)
        var stream: AsyncStream<Carrier>? = sut.stream(for: Carrier.self)
        sut.publish(Carrier(payload: payload!))
        payload = nil

        stream = nil

        #expect(stream == nil)
        #expect(weakPayload.object == nil)
    }

    @Test func aOnceSubscriptionReleasesItsHandlerWhenItFires() {
        let sut = EventBus()
        let owner = Owner()
        let (token, probe) = capturingAProbe { probe in
            sut.subscribeOnce(owner: owner) { (_, _: Ping) in probe.touch() }
        }

        sut.publish(Ping())

        #expect(probe.isReleased)
        #expect(token.isFinished)
    }

    @Test func aDeadOwnersHandlerIsReleasedByTheNextPublishWhileTheTokenIsHeld() {
        let sut = EventBus()
        var owner: Owner? = Owner()
        let (token, probe) = capturingAProbe { probe in
            sut.subscribe(owner: owner!) { (_, _: Ping) in probe.touch() }
        }
        owner = nil

        sut.publish(Ping())

        #expect(probe.isReleased)
        #expect(token.isFinished)
    }

    // MARK: - 10: a self-capturing subscriber that cancelled does not leak

    @Test func aSelfCapturingSubscriberThatCancelledIsReleased() {
        let sut = EventBus()
        var subscriber: SelfCapturingSubscriber? = SelfCapturingSubscriber(bus: sut)
        let weakSubscriber = WeakReference(subscriber!)

        subscriber?.stop()
        subscriber = nil

        #expect(weakSubscriber.object == nil)
    }

    // MARK: - 11: a held token does not keep a released bus alive

    @Test func releasingTheBusReleasesEverySubscriptionWhileTokensAreHeld() {
        var sut: EventBus? = EventBus()
        let weakBus = WeakReference(sut!)
        let owner = Owner()
        var probe: Probe? = Probe()
        let weakProbe = WeakReference(probe!)
        let tokens = [
            sut!.subscribe(for: Ping.self) { [probe] _ in probe?.touch() },
            sut!.subscribe(owner: owner) { [probe] (_, _: Pong) in probe?.touch() },
            sut!.subscribe(owner: owner, on: ManualExecutor()) { [probe] (_, _: Ping) in probe?.touch() },
            sut!.observeAll { [probe] _ in probe?.touch() },
        ]
        probe = nil

        sut = nil

        #expect(weakBus.object == nil)
        #expect(weakProbe.object == nil)
        #expect(tokens.allSatisfy { $0.isFinished })
        tokens.forEach { $0.cancel() }  // harmless once the bus is gone
    }

    // MARK: - 12: a handler that captures the bus does not keep it alive after its owner died

    @Test func aHandlerCapturingTheBusLetsItGoOnceItsOwnerDiedAndTheBusIsStillUsed() {
        var sut: EventBus? = EventBus()
        let weakBus = WeakReference(sut!)
        var owner: Owner? = Owner()
        do {
            let bus = sut!
            // The unsafe pattern the guide warns about: the handler captures the bus strongly.
            bus.subscribe(owner: owner!) { (_, _: Ping) in bus.publish(Pong()) }
        }
        owner = nil

        // `Ping` is never published again; other activity on the bus sweeps the dead entry.
        for _ in 0..<64 { sut!.subscribe(for: Pong.self) { _ in }.cancel() }
        sut = nil

        #expect(weakBus.object == nil)
    }
}

/// Something a handler captures, so a test can watch it being released.
final class Probe: Sendable {
    func touch() {}
}

/// A weak reference to a ``Probe``, for asking whether it has been released.
struct ProbeWatch {
    weak var probe: Probe?
    var isReleased: Bool { probe == nil }
}

/// Calls `subscribe` with a new probe for its handlers to capture, and returns its result with
/// a watch on the probe: once this returns, only what `subscribe` made keeps the probe alive.
func capturingAProbe<Result>(_ subscribe: (Probe) -> Result) -> (Result, ProbeWatch) {
    let probe = Probe()
    return (subscribe(probe), ProbeWatch(probe: probe))
}

/// An event that carries an object, so a test can watch queued events being released.
struct Carrier: EventBusEvent {
    let payload: Probe
}

/// Keeps its own token and captures itself in its handler: a cycle that `stop()` must break.
final class SelfCapturingSubscriber: Sendable {
    private let token = LockBox<SubscriptionToken?>(nil)
    private let received = LockBox(0)

    init(bus: EventBus) {
        token.value = bus.subscribe(for: Ping.self) { _ in self.received.mutate { $0 += 1 } }
    }

    func stop() { token.value?.cancel() }
}
