import EventBusTesting
import Testing

@testable import EventBus

/// What a state subscription or a current value keeps alive, and for how long.
@Suite("State: lifetime")
struct StateLifetimeTests {
    final class Capture: Sendable {}

    @Test func cancellingReleasesTheChainAndHandlerWhileTheTokenIsKept() {
        let sut = EventBus()
        let owner = Owner()
        var capture: Capture? = Capture()
        let released = WeakReference(capture!)
        let token = sut.states(for: Reading.self).select { [capture] reading in
            withExtendedLifetime(capture) { reading.value }
        }.subscribe(owner: owner) { [capture] _, _ in _ = capture }
        capture = nil

        token.cancel()

        #expect(released.object == nil)
        #expect(token.isFinished)
    }

    @Test func cancellingAnExecutorStateSubscriptionReleasesWhatIsQueued() {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        var capture: Capture? = Capture()
        let released = WeakReference(capture!)
        sut.publishState(Basket(items: ["tea"]))
        let token = sut.states(for: Basket.self).select { [capture] basket in
            withExtendedLifetime(capture) { basket.itemCount }
        }.subscribe(owner: owner, on: executor) { _, _ in }
        capture = nil

        token.cancel()
        executor.drain()

        #expect(released.object == nil)
    }

    @Test func releasingTheBusReleasesItsCurrentValues() {
        final class Payload: Sendable {}
        struct Holder: EventBusEvent { let payload: Payload }
        var sut: EventBus? = EventBus()
        var payload: Payload? = Payload()
        let released = WeakReference(payload!)
        sut?.publishState(Holder(payload: payload!))
        let token = sut?.states(for: Holder.self).subscribe { _ in }  // a token outlives the bus
        payload = nil

        sut = nil

        #expect(released.object == nil)
        #expect(token?.isFinished == true)
    }

    @Test func aReplacedCurrentValueIsReleasedAtOnceWithNoLockHeldSoItsDeinitMayReadTheBus() {
        // Given a current value holding an object whose deinit reads the bus's current value
        final class Reader: Sendable {
            let onRelease: @Sendable () -> Void
            init(onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }
            deinit { onRelease() }
        }
        struct Holder: EventBusEvent {
            let number: Int
            let reader: Reader?
        }
        let sut = EventBus()
        let readInDeinit = LockBox<[Int]>([])
        sut.publishState(
            Holder(
                number: 1,
                reader: Reader {
                    readInDeinit.mutate { $0.append(sut.currentState(for: Holder.self)?.number ?? 0) }
                }))

        // When a state publish replaces it (under the shard lock; a release there would deadlock)
        sut.publishState(Holder(number: 2, reader: nil))

        // Then it was released once, before the publish returned, and its deinit read the new value
        #expect(readInDeinit.value == [2])
    }

    @Test func anOwnerReleasedWhileItsChainSkipsIsNeverCalledAndGoesWithTheNextValueThatPasses() {
        // Given a state subscription whose owner is released after its first value
        let sut = EventBus()
        let log = Log()
        var owner: Owner? = Owner(log: log)
        let (_, watch) = capturingAProbe { probe in
            sut.states(for: Basket.self).select(\.itemCount).subscribe(owner: owner!) {
                [probe] owner, count in
                probe.touch()
                owner.log.append("\(count)")
            }
        }
        sut.publishState(Basket(items: ["tea"]))
        owner = nil

        // When values its chain skips keep coming
        for _ in 0..<3 { sut.publishState(Basket(items: ["jam"])) }

        // Then its handler never runs, and the entry is still listed: a skipped value loads no owner
        #expect(log.all == ["1"])
        #expect(!watch.isReleased)
        #expect(sut.subscriptionCount(forExactType: Basket.self) == 0)

        // When a value passes the chain
        sut.publishState(Basket(items: ["tea", "jam"]))

        // Then the owner load finds it gone: no call, and the entry and its handler are released
        #expect(log.all == ["1"])
        #expect(watch.isReleased)
    }

    @Test func anOwnerReleasedWhileItsChainAlwaysSkipsGoesWithinSixtyFourSkippedValues() {
        // Given a state subscription whose owner went while its chain skips every later value
        let sut = EventBus()
        let log = Log()
        var owner: Owner? = Owner(log: log)
        let (_, watch) = capturingAProbe { probe in
            sut.states(for: Basket.self).select(\.owner).subscribe(owner: owner!) { [probe] owner, name in
                probe.touch()
                owner.log.append(name)
            }
        }
        sut.publishState(Basket(items: ["tea"]))
        owner = nil

        // When only skipped values come, and nothing subscribes
        for _ in 0..<63 { sut.publishState(Basket(items: ["jam"])) }
        let listedAfter63 = !watch.isReleased
        sut.publishState(Basket(items: ["jam"]))

        // Then the 64th skip checked the owner: the entry and its handler are released, never called
        #expect(listedAfter63)
        #expect(watch.isReleased)
        #expect(log.all == ["ada"])
    }

    @Test func anOwnerReleasedWhileItsChainSkipsIsSweptBySubscribesOfAnotherType() {
        // Given a state subscription whose owner went while its chain skipped every later value
        let sut = EventBus()
        let log = Log()
        var owner: Owner? = Owner(log: log)
        let (_, watch) = capturingAProbe { probe in
            sut.states(for: Basket.self).select(\.owner).subscribe(owner: owner!) { [probe] owner, name in
                probe.touch()
                owner.log.append(name)
            }
        }
        sut.publishState(Basket(items: ["tea"]))
        owner = nil
        sut.publishState(Basket(items: ["jam"]))

        // When other subscriptions come and go, and nothing of the type passes the chain again
        for _ in 0..<64 { sut.subscribe(for: Pong.self) { _ in }.cancel() }

        // Then the sweep removed the entry, and the handler ran only for the first value
        #expect(watch.isReleased)
        #expect(log.all == ["ada"])
    }
}
