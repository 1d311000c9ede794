import Dispatch
import Foundation
import Synchronization
import Testing

@testable import EventBus

/// The lock-free read path (issue 12): publishes read a published mirror of each list found
/// through a lock-free table, announced in per-thread hazard slots; what writers take out is
/// freed once no publish walks that list.
@Suite("Lock-free publish: published lists, hazard slots, reclamation")
struct LockFreePublishTests {
    private let pingKey = ObjectIdentifier(Ping.self)

    @Test func thePublishedMirrorMatchesTheListAfterEveryKindOfEdit() {
        // Given a list that gets appends, an insertion before the end, cancels and a prune
        var sut = SubscriptionRegistry()
        var entries = (0..<12).map { _ in OwnerlessSubscription<Ping> { _ in } }
        for entry in entries { _ = sut.add(entry) }
        #expect(mirror(of: sut) == identities(sut.snapshot(of: pingKey)))

        // When a higher priority entry is inserted at the front
        let first = OwnerlessSubscription<Ping>(priority: 5) { _ in }
        _ = sut.add(first)
        entries.insert(first, at: 0)
        #expect(mirror(of: sut) == identities(sut.snapshot(of: pingKey)))

        // And entries are cancelled (vacated in place), then pruned
        for entry in entries.prefix(4) { _ = sut.cancel(SubscriptionID(entry)) }
        #expect(mirror(of: sut) == identities(sut.snapshot(of: pingKey)))
        _ = sut.pruneFinished(of: pingKey)

        // Then the mirror lists exactly the live entries, in delivery order
        #expect(mirror(of: sut) == entries.dropFirst(4).map(ObjectIdentifier.init))
    }

    @Test func thePublishedTableFindsEveryFiledTypeAcrossGrowthAndNoOther() {
        // Given 300 types filed one by one (the table grows several times)
        let sut = PublishedTable()
        let reclaimer = Reclaimer()
        let keys = (0..<300).map { _ in Owner() }
        let lists = keys.map { _ in PublishedList(reclaimer: reclaimer) }
        for (key, list) in zip(keys, lists) { sut.insert(list, for: ObjectIdentifier(key)) }

        // Then each finds its own list, and an unfiled key finds none
        for (key, list) in zip(keys, lists) {
            #expect(sut.list(of: ObjectIdentifier(key))?.takeUnretainedValue() === list)
        }
        let stranger = Owner()
        #expect(sut.list(of: ObjectIdentifier(stranger)) == nil)
    }

    @Test func anEntryCancelledWhileAnotherThreadWalksItsListLivesUntilThatPublishReturns() {
        // Given a publish on another thread that is inside the first handler of Ping's list
        let sut = EventBus()
        let inside = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let blocker = sut.subscribe(for: Ping.self) { _ in
            inside.signal()
            proceed.wait()
        }
        var probe: Probe? = Probe()
        let weakProbe = WeakReference(probe!)
        let later = sut.subscribe(for: Ping.self) { [probe] _ in probe?.touch() }
        probe = nil
        let done = DispatchSemaphore(value: 0)
        Thread {
            sut.publish(Ping())
            done.signal()
        }.start()
        #expect(inside.wait(timeout: .now() + 60) == .success)

        // When a later entry of that list is cancelled meanwhile
        later.cancel()

        // Then it is kept (the walk may still reach its slot) and freed when the publish returns
        #expect(weakProbe.object != nil)
        #expect(sut.store.reclaimer.pendingCount == 1)
        proceed.signal()
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(weakProbe.object == nil)
        #expect(sut.store.reclaimer.pendingCount == 0)
        withExtendedLifetime(blocker) {}
    }

    @Test func anEntryCancelledByItsOwnHandlerIsReleasedWhenThePublishReturns() {
        // Given a handler that cancels its own subscription and captures a probe
        let sut = EventBus()
        let token = LockBox<SubscriptionToken?>(nil)
        var probe: Probe? = Probe()
        let weakProbe = WeakReference(probe!)
        token.value = sut.subscribe(for: Ping.self) { [probe] _ in
            probe?.touch()
            token.value?.cancel()
        }
        probe = nil

        // When it is published to
        sut.publish(Ping())

        // Then the entry and its captures are gone once the publish has returned
        #expect(weakProbe.object == nil)
        #expect(sut.store.reclaimer.pendingCount == 0)
    }

    @Test func cancellingOutsideAnyPublishReleasesAtOnceAndKeepsNothing() {
        // Given many subscriptions cancelled while no publish runs
        let sut = EventBus()
        var probe: Probe? = Probe()
        let weakProbe = WeakReference(probe!)
        let tokens = (0..<40).map { _ in sut.subscribe(for: Ping.self) { [probe] _ in probe?.touch() } }
        probe = nil

        // When they are all cancelled
        tokens.forEach { $0.cancel() }

        // Then nothing waits for reclamation and the captures are gone
        #expect(sut.store.reclaimer.pendingCount == 0)
        #expect(weakProbe.object == nil)
    }

    @Test func publishingATypeNobodySubscribedToFilesNoList() {
        // Given a bus with subscribers of Pong only
        let sut = EventBus()
        let token = sut.subscribe(for: Pong.self) { _ in }

        // When Ping is published
        sut.publish(Ping())

        // Then Ping got no list (the publish only looked), and Pong's is found
        #expect(sut.store.publishedList(of: pingKey) == nil)
        #expect(sut.store.publishedList(of: ObjectIdentifier(Pong.self)) != nil)
        withExtendedLifetime(token) {}
    }

    @Test func protocolMatchesOnceResolvedAreReadWithoutTheLockAndANewOneIsStillMatched() {
        // Given a protocol subscription, and Ping published once (which resolves its matches)
        let sut = EventBus()
        let received = LockBox<[String]>([])
        let first = sut.subscribe(conformingTo: (any EventBusEvent).self) { _ in
            received.mutate { $0.append("first") }
        }
        sut.publish(Ping())
        let list = sut.store.publishedList(of: pingKey)?.takeUnretainedValue()
        #expect(list?.resolvedGeneration.load(ordering: .acquiring) == sut.protocols.generation)

        // When another protocol subscription arrives and Ping is published again
        let second = sut.subscribe(conformingTo: (any EventBusEvent).self) { _ in
            received.mutate { $0.append("second") }
        }
        sut.publish(Ping())

        // Then the second publish reached both, in subscription order
        #expect(received.value == ["first", "first", "second"])
        withExtendedLifetime((first, second)) {}
    }

    @Test func churnWhileSeveralThreadsPublishReleasesEveryHandlerInTheEnd() async {
        // Given threads publishing Ping while others subscribe and cancel handlers that each
        // capture a payload reporting its release
        let sut = EventBus()
        let released = ReleaseCounter()
        let stable = sut.subscribe(for: Ping.self) { _ in }
        let rounds = 400

        // When they run together
        await onDedicatedThread {
            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                for round in 0..<rounds {
                    if worker < 2 {
                        sut.publish(Ping(number: round))
                    } else {
                        let payload = ReleaseCounter.Payload(released)
                        sut.subscribe(for: Ping.self) { _ in withExtendedLifetime(payload) {} }.cancel()
                    }
                }
            }
        }

        // Then every cancelled handler was released (none is left to a reclaimer), and the
        // stable subscription is the only one listed
        #expect(released.count == 2 * rounds)
        #expect(sut.store.reclaimer.pendingCount == 0)
        #expect(sut.subscriptionCount(forExactType: Ping.self) == 1)
        withExtendedLifetime(stable) {}
    }

    /// The entries a publish would read from the registry's published list of Ping.
    private func mirror(of registry: SubscriptionRegistry) -> [ObjectIdentifier] {
        guard let list = registry.published.list(of: pingKey)?.takeUnretainedValue() else { return [] }
        let buffer = list.buffer
        let count = buffer[PublishedList.countWord].load(ordering: .acquiring)
        return (0..<count).map {
            ObjectIdentifier(PublishedList.entry(at: $0, in: buffer).takeUnretainedValue())
        }
    }

    private func identities(_ entries: ContiguousArray<AnySubscription>) -> [ObjectIdentifier] {
        entries.map(ObjectIdentifier.init)
    }
}
