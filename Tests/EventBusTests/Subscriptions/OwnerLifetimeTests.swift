import Testing

@testable import EventBus

@Suite("Owner lifetime")
struct OwnerLifetimeTests {
    @Test func busDoesNotRetainTheOwner() {
        let sut = EventBus()
        var owner: Owner? = Owner()
        let weakOwner = WeakReference(owner!)
        sut.subscribe(owner: owner!) { (owner, _: Ping) in owner.log.append("ping") }

        owner = nil

        #expect(weakOwner.object == nil)
    }

    @Test func handlerNeverRunsAfterTheOwnerIsReleased() {
        let sut = EventBus()
        let log = Log()
        var owner: Owner? = Owner(log: log)
        sut.subscribe(owner: owner!) { (owner, _: Ping) in owner.log.append("ping") }
        sut.publish(Ping())

        owner = nil
        sut.publish(Ping())

        #expect(log.all == ["ping"])
    }

    @Test func deadOwnersEntriesAreRemovedByTheNextPublish() {
        let sut = EventBus()
        var owner: Owner? = Owner()
        sut.subscribe(owner: owner!) { (_, _: Ping) in }
        owner = nil
        #expect(sut.store.count(of: ObjectIdentifier(Ping.self)) == 1)

        sut.publish(Ping())

        #expect(sut.store.count(of: ObjectIdentifier(Ping.self)) == 0)
    }

    @Test func subscribingManyShortLivedOwnersWithoutPublishingKeepsTheListBounded() {
        let sut = EventBus()
        let survivor = Owner()
        sut.subscribe(owner: survivor) { (_, _: Ping) in }

        for _ in 0..<10_000 {
            let shortLived = Owner()
            sut.subscribe(owner: shortLived) { (_, _: Ping) in }
        }

        #expect(sut.store.count(of: ObjectIdentifier(Ping.self)) <= 16)
    }

    @Test func handlerMayReleaseTheLastReferenceToItsOwner() {
        let sut = EventBus()
        let holder = LockBox<Owner?>(Owner())
        let weakOwner = WeakReference(holder.value!)
        sut.subscribe(owner: holder.value!) { (owner, _: Ping) in
            holder.value = nil
            owner.log.append("still usable")
        }

        sut.publish(Ping())

        #expect(weakOwner.object == nil)
    }

    @Test func tokenReportsFinishedOnceTheOwnerIsGone() {
        let sut = EventBus()
        var owner: Owner? = Owner()
        let token = sut.subscribe(owner: owner!) { (_, _: Ping) in }
        #expect(!token.isFinished)

        owner = nil

        #expect(token.isFinished)
    }

    @Test func handlerDoesNotKeepTheOwnerAlive() {
        let sut = EventBus()
        var owner: Owner? = Owner()
        let weakOwner = WeakReference(owner!)
        // The handler receives the owner instead of capturing it: no `[weak self]` needed.
        sut.subscribe(owner: owner!) { (owner, _: Ping) in owner.log.append("ping") }
        sut.publish(Ping())

        owner = nil

        #expect(weakOwner.object == nil)
    }

    // Regression: pruning released the entry (and its handler's captures) while holding the
    // shard lock, so a capture whose deinit published on the same bus deadlocked.
    @Test func capturesReleasedByPruningMayPublishOnTheSameBus() {
        let sut = EventBus()
        let log = Log()
        var owner: Owner? = Owner()
        do {
            let sentinel = DeinitPublisher(bus: sut)
            sut.subscribe(owner: owner!) { (_, _: Ping) in _ = sentinel }
        }
        let listener = Owner("listener")
        sut.subscribe(owner: listener) { (_: Pong) in log.append("pong from deinit") }

        owner = nil
        sut.publish(Ping())

        #expect(log.all == ["pong from deinit"])
        withExtendedLifetime(listener) {}
    }

    @Test func capturesReleasedByUnsubscribeMayPublishOnTheSameBus() {
        let sut = EventBus()
        let log = Log()
        let owner = Owner()
        do {
            let sentinel = DeinitPublisher(bus: sut)
            sut.subscribe(owner: owner) { (_, _: Pong) in _ = sentinel }
        }
        let listener = Owner("listener")
        sut.subscribe(owner: listener) { (_: Pong) in log.append("pong from deinit") }

        sut.unsubscribe(owner: owner, for: Pong.self)

        #expect(log.all == ["pong from deinit"])
        withExtendedLifetime(listener) {}
    }
}

/// Publishes a `Pong` on its bus when released.
private final class DeinitPublisher: Sendable {
    let bus: EventBus

    init(bus: EventBus) { self.bus = bus }

    deinit { bus.publish(Pong()) }
}
