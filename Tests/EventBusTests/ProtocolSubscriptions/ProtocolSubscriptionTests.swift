import Dispatch
import EventBusTesting
import Testing

@testable import EventBus

protocol ShopEvent: EventBusEvent {
    var label: String { get }
}

struct ItemAdded: ShopEvent {
    var label: String { "added" }
}

struct ItemRemoved: ShopEvent {
    var label: String { "removed" }
}

@Suite("Protocol subscriptions", .timeLimit(.minutes(3)))
struct ProtocolSubscriptionTests {
    @Test func receivesEveryConformingTypeAndNothingElse() {
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner, conformingTo: (any ShopEvent).self) { owner, event in
            owner.log.append(event.label)
        }

        sut.publish(ItemAdded())
        sut.publish(Ping())
        sut.publish(ItemRemoved())

        #expect(owner.log.all == ["added", "removed"])
    }

    @Test func anyEventBusEventSeesEveryEvent() {
        let sut = EventBus()
        let seen = LockBox<[String]>([])
        let token = sut.subscribe(conformingTo: (any EventBusEvent).self) { event in
            seen.mutate { $0.append(String(describing: type(of: event))) }
        }

        sut.publish(Ping())
        sut.publish(ItemAdded())

        #expect(seen.value == ["Ping", "ItemAdded"])
        withExtendedLifetime(token) {}
    }

    @Test func runsAfterExactTypeSubscriptionsOfEqualPriorityAndByPriorityOtherwise() {
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner, conformingTo: (any ShopEvent).self) { owner, _ in
            owner.log.append("protocol 0")
        }
        sut.subscribe(owner: owner, conformingTo: (any ShopEvent).self, priority: 5) { owner, _ in
            owner.log.append("protocol 5")
        }
        sut.subscribe(owner: owner) { (owner, _: ItemAdded) in owner.log.append("exact 0") }
        sut.subscribe(owner: owner, priority: -1) { (owner, _: ItemAdded) in owner.log.append("exact -1") }

        sut.publish(ItemAdded())
        sut.subscribe(owner: owner) { (owner, _: ItemAdded) in owner.log.append("exact 0, later") }
        owner.log.append("|")
        sut.publish(ItemAdded())

        #expect(
            owner.log.all == [
                "protocol 5", "exact 0", "protocol 0", "exact -1", "|",
                "protocol 5", "exact 0", "exact 0, later", "protocol 0", "exact -1",
            ])
    }

    @Test func aProtocolSubscriptionAddedOrCancelledLaterIsSeenByTheNextPublish() {
        // Given a type whose matches were already resolved (and cached) with no protocol match
        let sut = EventBus()
        let owner = Owner()
        let other = sut.subscribe(conformingTo: (any Sendable).self) { (_: any Sendable) in }
        sut.publish(ItemAdded())

        // When a matching protocol subscription is added, then cancelled
        let token = sut.subscribe(owner: owner, conformingTo: (any ShopEvent).self) { owner, event in
            owner.log.append(event.label)
        }
        sut.publish(ItemAdded())
        token.cancel()
        sut.publish(ItemAdded())

        // Then only the publish between the two saw it
        #expect(owner.log.all == ["added"])
        withExtendedLifetime(other) {}
    }

    @Test func theOwnersReleaseAndUnsubscribeAllEndProtocolSubscriptions() {
        let sut = EventBus()
        let kept = Owner()
        sut.subscribe(owner: kept, conformingTo: (any ShopEvent).self) { owner, _ in owner.log.append("kept")
        }
        do {
            let released = Owner(log: kept.log)
            sut.subscribe(owner: released, conformingTo: (any ShopEvent).self) { owner, _ in
                owner.log.append("released")
            }
        }

        sut.publish(ItemAdded())
        sut.unsubscribeAll(owner: kept)
        sut.publish(ItemAdded())

        #expect(kept.log.all == ["kept"])
    }

    @Test func stopPropagationDeadEventsAndTapsTreatThemLikeAnySubscription() {
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner) { (owner, _: DeadEvent) in owner.log.append("dead") }
        sut.intercept(owner: owner, priority: 1) { (_, _: ItemRemoved) in .stop }
        sut.subscribe(owner: owner, conformingTo: (any ShopEvent).self) { owner, event in
            owner.log.append(event.label)
        }
        let recipients = LockBox<[String]>([])
        let tap = sut.observeAll { record in
            recipients.mutate { $0.append(contentsOf: record.recipients.map(\.subscriberName)) }
        }

        sut.publish(ItemAdded())
        sut.publish(ItemRemoved())

        #expect(owner.log.all == ["added"])
        #expect(recipients.value == ["Owner", "Owner"])
        tap.cancel()
    }

    @Test func introspectionListsThemUnderTheProtocolName() {
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner, conformingTo: (any ShopEvent).self) { _, _ in }

        sut.publish(ItemAdded())
        sut.publish(ItemRemoved())

        let infos = sut.subscriptionSnapshot()[EventType((any ShopEvent).self)]
        #expect(infos?.map(\.subscriberName) == ["Owner"])
        #expect(infos?.first?.deliveredEventCount == 2)
        #expect(sut.subscriptionSnapshot().count == 1)
        #expect(sut.subscriptionCount(for: ItemAdded()) == 1)
        #expect(sut.subscriptionCount(forExactType: ItemAdded.self) == 0)
    }

    @Test func countsForAnEventIncludeProtocolSubscriptionsBeforeItsTypeWasEverPublished() {
        // Given a protocol subscription, and a type that conforms but was never published
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner, conformingTo: (any ShopEvent).self) { _, _ in }

        // Then asking with an event sees the match (greenrobot's `if has subscribers { post }`)
        #expect(sut.hasSubscribers(for: ItemAdded()))
        #expect(sut.subscriptionCount(for: ItemAdded()) == 1)
        #expect(!sut.hasSubscribers(for: Ping()))

        // And asking by type counts the type's own subscriptions only, before and after a publish
        #expect(!sut.hasSubscribers(forExactType: ItemAdded.self))
        sut.publish(ItemAdded())
        #expect(sut.subscriptionCount(forExactType: ItemAdded.self) == 0)
        let own = sut.subscribe(for: ItemAdded.self) { _ in }
        #expect(sut.subscriptionCount(forExactType: ItemAdded.self) == 1)
        #expect(sut.subscriptionCount(for: ItemAdded()) == 2)

        // And a cancelled protocol subscription is no longer counted
        sut.unsubscribeAll(owner: owner)
        #expect(sut.subscriptionCount(for: ItemAdded()) == 1)
        withExtendedLifetime(own) {}
    }

    @Test func aTypeThatNoEventCanBeIsRejectedAtSubscribeTime() {
        // Given a subscription to a type that is neither a protocol nor an event type
        let sut = EventBus()
        let owner = Owner()
        let token = sut.subscribe(owner: owner, conformingTo: Int.self) { _, _ in }

        // Then nothing was subscribed: not listed, and the token is already finished
        #expect(sut.subscriptionSnapshot().isEmpty)
        #expect(token.isFinished)
    }

    @Test func whatCanMatchAPublishedEvent() {
        final class BaseEvent: Sendable {}
        struct NotAnEvent: Sendable {}
        #expect(EventBus.eventsCanMatch((any ShopEvent).self))
        #expect(EventBus.eventsCanMatch((any EventBusEvent).self))
        #expect(EventBus.eventsCanMatch((any Sendable).self))
        #expect(EventBus.eventsCanMatch(ItemAdded.self))
        #expect(EventBus.eventsCanMatch(BaseEvent.self))
        #expect(!EventBus.eventsCanMatch(Int.self))
        #expect(!EventBus.eventsCanMatch(String.self))
        #expect(!EventBus.eventsCanMatch(NotAnEvent.self))
        #expect(!EventBus.eventsCanMatch([ItemAdded].self))
    }

    @Test func matchesStayCorrectWhileSubscriptionsChangeOnOtherThreads() async {
        // Given two stable protocol subscriptions that count what they receive
        let sut = EventBus()
        let shop = LockBox(0)
        let all = LockBox(0)
        let shopToken = sut.subscribe(conformingTo: (any ShopEvent).self) { _ in shop.mutate { $0 += 1 } }
        let allToken = sut.subscribe(conformingTo: (any EventBusEvent).self) { _ in all.mutate { $0 += 1 } }

        // When three threads publish while a fourth keeps adding and cancelling protocol
        // subscriptions (each change invalidates every type's cached matches)
        await onDedicatedThread {
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for index in 0..<300 {
                    switch thread {
                    case 0: sut.subscribe(conformingTo: (any ShopEvent).self) { _ in }.cancel()
                    case 1: sut.publish(ItemAdded())
                    case 2: sut.publish(ItemRemoved())
                    default: sut.publish(Ping(number: index))
                    }
                }
            }
        }

        // Then the stable subscriptions got every matching event exactly once
        #expect(shop.value == 600)
        #expect(all.value == 900)
        withExtendedLifetime((shopToken, allToken)) {}
    }
}
