import Dispatch
import Foundation
import Synchronization
import Testing

@testable import EventBus

/// How `deliveredEventCount` is counted on the lock-free path (issue 12): once per publish on the list,
/// in the publishing thread's stripe, minus the entries a publish did not reach.
@Suite("Delivery counts: one count per lock-free publish, per thread stripe")
struct DeliveryCountTests {
    @Test func theDeliveredEventCountAddsUpThePublishesOfEveryThread() {
        // Given two subscribers of Ping
        let sut = EventBus()
        let tokens = (0..<2).map { _ in sut.subscribe(for: Ping.self) { _ in } }

        // When three threads publish one after another (each counts in its own stripe)
        for publishes in [3, 2, 4] {
            let done = DispatchSemaphore(value: 0)
            Thread {
                for _ in 0..<publishes { sut.publish(Ping()) }
                done.signal()
            }.start()
            #expect(done.wait(timeout: .now() + 60) == .success)
        }
        sut.publish(Ping())

        // Then each subscription counts all ten
        #expect(sut.subscriptionSnapshot()[EventType(Ping.self)]?.map(\.deliveredEventCount) == [10, 10])
        withExtendedLifetime(tokens) {}
    }

    @Test func aSubscriptionAddedDuringAPublishCountsOnlyLaterPublishes() {
        // Given a handler that subscribes a second handler, once, and publishes Ping nested once
        let sut = EventBus()
        let added = LockBox<SubscriptionToken?>(nil)
        let nested = LockBox(false)
        let first = sut.subscribe(for: Ping.self) { _ in
            if added.value == nil { added.value = sut.subscribe(for: Ping.self) { _ in } }
            if !nested.value {
                nested.value = true
                sut.publish(Ping())
            }
        }

        // When Ping is published once from outside
        sut.publish(Ping())

        // Then the first got both publishes, the added one only the nested publish
        #expect(sut.subscriptionSnapshot()[EventType(Ping.self)]?.map(\.deliveredEventCount) == [2, 1])
        withExtendedLifetime((first, added)) {}
    }

    @Test func eventsTurnedAwayOrNotReachedAreNotCounted() {
        // Given a plain subscription, a stream that keeps only its oldest event, and one whose
        // owner goes after the first publish
        let sut = EventBus()
        let plain = sut.subscribe(for: Ping.self) { _ in }
        let stream = sut.stream(for: Ping.self, buffering: .keepOldest(1))
        var doomed: Owner? = Owner()
        sut.subscribe(owner: doomed!) { (_, _: Ping) in }
        sut.publish(Ping())
        doomed = nil

        // When Ping is published twice more (the stream's buffer is full: both are dropped)
        sut.publish(Ping())
        sut.publish(Ping())

        // Then the plain subscription counts three, the stream only the one it buffered
        #expect(sut.subscriptionSnapshot()[EventType(Ping.self)]?.map(\.deliveredEventCount) == [3, 1])
        withExtendedLifetime((plain, stream)) {}
    }
}
