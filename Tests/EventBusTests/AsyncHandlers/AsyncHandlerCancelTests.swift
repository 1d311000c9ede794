import Testing
@testable import EventBus

/// Cancelling an async subscription whose handler ignores cancellation (issue 16, defect 3):
/// the queued events go at once, everything else when the running call returns.
@Suite("Async handlers: cancel while a handler never returns", .timeLimit(.minutes(3)))
struct AsyncHandlerCancelTests {
    /// A handler's wait that cancellation does not end: only `open()` does.
    final class Gate: Sendable {
        private let state = LockBox<(entered: Int, waiter: CheckedContinuation<Void, Never>?, isOpen: Bool)>(
            (0, nil, false))

        var entered: Int { state.value.entered }

        func wait() async {
            await withCheckedContinuation { continuation in
                let resumeNow = state.mutate { state -> Bool in
                    state.entered += 1
                    if state.isOpen { return true }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        }

        func open() {
            let waiter = state.mutate { state -> CheckedContinuation<Void, Never>? in
                state.isOpen = true
                return state.waiter.take()
            }
            waiter?.resume()
        }
    }

    @Test func cancelReleasesTheQueuedEventsAtOnceAndTheRestWhenTheRunningCallReturns() async {
        // Given an owner-less async handler, with captures that report their release, stuck in
        // a wait that ignores cancellation, and 1,000 events queued behind it
        let sut = EventBus()
        let gate = Gate()
        let events = ReleaseCounter()
        let captures = ReleaseCounter()
        let captured = captures.event(0)
        let token = sut.subscribeAsync(for: TrackedEvent.self) { _ in
            withExtendedLifetime(captured) {}
            await gate.wait()
        }
        sut.publish(events.event(0))
        await waitUntil { gate.entered == 1 }
        for number in 1...1_000 { sut.publish(events.event(number)) }
        #expect(token.waitingEventCount == 1_000)
        _ = consume captured

        // When the subscription is cancelled while its handler still runs
        token.cancel()

        // Then the queued events are gone at once; the running call keeps its event and captures
        #expect(events.count == 1_000)
        #expect(captures.count == 0)
        #expect(token.waitingEventCount == 0)

        // And when the call returns, its event, the handler and its captures are released, and
        // no queued event ever ran
        gate.open()
        await waitUntil { events.count == 1_001 && captures.count == 1 }
        #expect(gate.entered == 1)
    }

    @Test func theOwnerOfACancelledSubscriptionIsReleasedWhenTheRunningCallReturns() async {
        // Given an owner-bound async handler stuck in a wait that ignores cancellation
        let sut = EventBus()
        let gate = Gate()
        var owner: Owner? = Owner()
        let watched = WeakReference(owner!)
        let token = sut.subscribeAsync(owner: owner!) { (_: Owner, _: Ping) async in await gate.wait() }
        sut.publish(Ping())
        await waitUntil { gate.entered == 1 }

        // When it is cancelled and the app lets the owner go
        token.cancel()
        owner = nil

        // Then the running call still holds the owner; once it returns, nothing does
        #expect(watched.object != nil)
        gate.open()
        await waitUntil { watched.object == nil }
    }
}
