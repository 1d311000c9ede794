import EventBus
import EventBusTesting
import Testing

/// What a state subscription or a current value keeps alive, and for how long.
@Suite("State: lifetime")
struct StateLifetimeTests {
    final class Capture: Sendable {}

    @Test func cancellingReleasesTheChainAndHandlerWhileTheTokenIsKept() {
        let sut = EventBus()
        let owner = Owner()
        var capture: Capture? = Capture()
        weak let released = capture
        let token = sut.states(of: Reading.self).select { [capture] reading in
            withExtendedLifetime(capture) { reading.value }
        }.subscribe(owner: owner) { [capture] _, _ in _ = capture }
        capture = nil

        token.cancel()

        #expect(released == nil)
        #expect(token.isCancelled)
    }

    @Test func cancellingAnExecutorStateSubscriptionReleasesWhatIsQueued() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        var capture: Capture? = Capture()
        weak let released = capture
        sut.publishState(Basket(items: ["tea"]))
        let token = sut.states(of: Basket.self).select { [capture] basket in
            withExtendedLifetime(capture) { basket.itemCount }
        }.subscribe(owner: owner, on: executor) { _, _ in }
        capture = nil

        token.cancel()
        executor.drain()

        #expect(released == nil)
    }

    @Test func releasingTheBusReleasesItsCurrentValues() {
        final class Payload: Sendable {}
        struct Holder: EventBusEvent { let payload: Payload }
        var sut: EventBus? = EventBus()
        var payload: Payload? = Payload()
        weak let released = payload
        sut?.publishState(Holder(payload: payload!))
        let token = sut?.states(of: Holder.self).subscribe { _ in }  // a token outlives the bus
        payload = nil

        sut = nil

        #expect(released == nil)
        #expect(token?.isCancelled == true)
    }
}
