import Synchronization
import Testing

@testable import EventBus

/// Cancelling the newest subscription of a type removes its slot outright when no publish walks
/// the list (issue 20, subscribe + cancel), and leaves a vacancy, as any other cancel does, when
/// one does: a publish that read the old count must never meet a later subscription there.
@Suite("Cancelling the newest subscription")
struct NewestCancelTests {
    private let pingKey = ObjectIdentifier(Ping.self)

    @Test func cancellingTheNewestOutsideAPublishLeavesNoVacancy() {
        // Given three subscriptions of Ping
        let sut = EventBus()
        let log = LockBox<[String]>([])
        let tokens = ["a", "b", "c"].map { name in
            sut.subscribe(for: Ping.self) { _ in log.mutate { $0.append(name) } }
        }

        // When the newest is cancelled, then a new one subscribes, many times over
        tokens[2].cancel()
        for _ in 0..<100 { sut.subscribe(for: Ping.self) { _ in log.mutate { $0.append("x") } }.cancel() }
        let d = sut.subscribe(for: Ping.self) { _ in log.mutate { $0.append("d") } }

        // Then the list holds exactly the live entries, in order, and the mirror matches it
        let listed = sut.store.withShard(for: pingKey) { $0.snapshot(of: pingKey) }
        #expect(listed.count == 3)
        #expect(mirrorCount(sut) == 3)
        sut.publish(Ping())
        #expect(log.value == ["a", "b", "d"])
        withExtendedLifetime((tokens, d)) {}
    }

    @Test func aSubscriptionMadeDuringAPublishAfterCancellingTheNewestGetsOnlyTheNextEvent() {
        // Given a first handler that, during a publish, cancels the newest subscription of the
        // same type and subscribes another: the list is being walked, so the slot must not be
        // reused by the new subscription
        let sut = EventBus()
        let log = LockBox<[String]>([])
        let newest = LockBox<SubscriptionToken?>(nil)
        let added = LockBox<[SubscriptionToken]>([])
        let first = sut.subscribe(for: Ping.self) { [unowned sut] event in
            log.mutate { $0.append("first \(event.number)") }
            guard event.number == 1 else { return }
            newest.value?.cancel()
            added.mutate {
                $0.append(
                    sut.subscribe(for: Ping.self) { event in log.mutate { $0.append("added \(event.number)") }
                    })
            }
        }
        newest.value = sut.subscribe(for: Ping.self) { event in
            log.mutate { $0.append("newest \(event.number)") }
        }

        // When two events are published
        sut.publish(Ping(number: 1))
        sut.publish(Ping(number: 2))

        // Then the cancelled one got nothing, and the added one only the second event
        #expect(log.value == ["first 1", "first 2", "added 2"])
        withExtendedLifetime((first, added.value)) {}
    }

    /// How many entries a publish of Ping would read now.
    private func mirrorCount(_ bus: EventBus) -> Int {
        guard let list = bus.store.publishedList(of: pingKey)?.takeUnretainedValue() else { return 0 }
        return list.buffer[PublishedList.countWord].load(ordering: .acquiring)
    }
}
