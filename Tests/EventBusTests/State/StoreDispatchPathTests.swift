import Dispatch
import Foundation
import Testing

@testable import EventBus

protocol Auditable: Sendable {}
extension BasketAction: Auditable {}

private func reduceBasket(_ state: inout Basket, _ action: BasketAction) {
    switch action {
    case .add(let item): state.items.append(item)
    case .removeAll: state.items.removeAll()
    case .noop: break
    }
}

/// Issue 20: a dispatch takes an idle store with one compare-and-swap and hands its action to
/// the store directly when nothing else on the bus would hear it. These pin what that must not
/// change: the action stays an event for whoever listens, the nesting limit still queues it,
/// and a busy store still queues and reduces in order.
@Suite("Store: dispatch paths", .timeLimit(.minutes(3)))
struct StoreDispatchPathTests {
    @Test func aSubscriberToTheActionTypeHearsEachDispatchAndTheStoreStillReducesIt() {
        // Given a store and, later, a subscriber to its action type
        let bus = EventBus()
        let sut = Store(bus: bus, initialState: Basket(), reducer: reduceBasket)
        sut.dispatch(.add("tea"))
        let heard = LockBox<[BasketAction]>([])
        let token = bus.subscribe(for: BasketAction.self) { action in heard.mutate { $0.append(action) } }

        // When actions are dispatched while it listens and after it is cancelled
        sut.dispatch(.add("jam"))
        token.cancel()
        sut.dispatch(.add("milk"))

        // Then it heard the one dispatched meanwhile, and the store reduced all three in order
        #expect(heard.value == [.add("jam")])
        #expect(sut.state.items == ["tea", "jam", "milk"])
    }

    @Test func anInterceptorThatStopsAnActionKeepsItFromTheStore() {
        // Given an interceptor ahead of the store that stops `.removeAll`
        let bus = EventBus()
        let sut = Store(bus: bus, initialState: Basket(), reducer: reduceBasket)
        let token = bus.intercept(for: BasketAction.self, priority: 100) { action in
            action == .removeAll ? .stop : .proceed
        }

        // When both kinds are dispatched
        sut.dispatch(.add("tea"))
        sut.dispatch(.removeAll)

        // Then the stopped one never reached the reducer
        #expect(sut.state.items == ["tea"])
        token.cancel()
    }

    @Test func aProtocolSubscriptionAndATapSeeDispatchedActions() {
        // Given a protocol subscription the action type conforms to, and an observe-all tap
        let bus = EventBus()
        let sut = Store(bus: bus, initialState: Basket(), reducer: reduceBasket)
        let audited = LockBox(0)
        let protocolToken = bus.subscribe(conformingTo: (any Auditable).self) { _ in
            audited.mutate { $0 += 1 }
        }
        let tapped = LockBox<[String]>([])
        let tap = bus.observeAll { record in tapped.mutate { $0.append(record.eventTypeName) } }

        // When an action is dispatched
        sut.dispatch(.add("tea"))

        // Then both saw it, and it was reduced
        #expect(audited.value == 1)
        #expect(tapped.value.contains { $0.contains("BasketAction") })
        #expect(sut.state.items == ["tea"])
        protocolToken.cancel()
        tap.cancel()
    }

    @Test func theStoresSubscriptionCountsDirectDispatchesAsReceivedEvents() {
        // Given a store nothing else listens to
        let bus = EventBus()
        let sut = Store(bus: bus, initialState: Basket(), reducer: reduceBasket)

        // When it is dispatched to three times
        for item in ["tea", "jam", "milk"] { sut.dispatch(.add(item)) }

        // Then its action subscription received three events, as a walked publish counts them
        let received = bus.store.snapshot(of: ObjectIdentifier(BasketAction.self)).map(\.deliveredCount)
        #expect(received == [3])
    }

    @Test func aDispatchPastTheNestingLimitWaitsWithThePublishesQueuedThereInOrder() {
        // Given a chain of publishes as deep as the nesting limit, whose deepest handler
        // publishes a marker and then dispatches
        let bus = EventBus()
        let log = LockBox<[String]>([])
        let sut = Store(bus: bus, initialState: Basket()) { (state: inout Basket, action: BasketAction) in
            log.mutate { $0.append("reduced") }
            reduceBasket(&state, action)
        }
        let marker = bus.subscribe(for: Marker.self) { _ in log.mutate { $0.append("marker") } }
        let chain = bus.subscribe(for: Depth.self) { depth in
            if depth.level < EventBus.nestingLimit {
                bus.publish(Depth(level: depth.level + 1))
            } else {
                bus.publish(Marker())
                sut.dispatch(.add("tea"))
            }
        }

        // When the chain runs
        bus.publish(Depth(level: 1))

        // Then the dispatch, past the limit, ran after the marker queued before it
        #expect(log.value == ["marker", "reduced"])
        #expect(sut.state.items == ["tea"])
        marker.cancel()
        chain.cancel()
    }

    @Test func aDispatchThatFindsTheStoreBusyIsQueuedAndReducedBeforeTheRunnerReturns() async {
        // Given a reducer held inside its first action on another thread
        let inside = DispatchSemaphore(value: 0)
        let letGo = DispatchSemaphore(value: 0)
        let sut = Store(bus: EventBus(), initialState: Basket()) {
            (state: inout Basket, action: BasketAction) in
            if action == .add("first") {
                inside.signal()
                _ = letGo.wait(timeout: .now() + 60)
            }
            reduceBasket(&state, action)
        }
        let runnerDone = DispatchSemaphore(value: 0)
        Thread {
            sut.dispatch(.add("first"))
            runnerDone.signal()
        }.start()
        #expect(inside.wait(timeout: .now() + 60) == .success)

        // When this thread dispatches meanwhile
        sut.dispatch(.add("second"))

        // Then its dispatch returned at once with the action queued, and the runner reduced it
        // after its own before returning
        #expect(sut.backlog == 1)
        #expect(sut.state.items.isEmpty)
        letGo.signal()
        #expect(runnerDone.wait(timeout: .now() + 60) == .success)
        #expect(sut.state.items == ["first", "second"])
        #expect(sut.backlog == 0)
    }

    @Test func threadsSwitchingBetweenTheDirectPathAndThePublishKeepTheirOrder() async {
        // Given a store two threads dispatch to while a third keeps subscribing to and
        // cancelling its action type, so dispatches alternate between the two paths
        let perThread = 2_000
        let lastSeen = LockBox<[Int]>([-1, -1])
        let violations = LockBox(0)
        let bus = EventBus()
        let sut = Store(bus: bus, initialState: StoreBacklogTests.Tally()) {
            (state: inout StoreBacklogTests.Tally, action: StoreBacklogTests.Ordered) in
            state.reduced += 1
            lastSeen.mutate {
                if action.index != $0[action.thread] + 1 { violations.mutate { $0 += 1 } }
                $0[action.thread] = action.index
            }
        }
        let dispatching = LockBox(2)

        // When they run at once
        await onDedicatedThread {
            let group = DispatchGroup()
            for thread in 0..<2 {
                group.enter()
                Thread {
                    for index in 0..<perThread {
                        sut.dispatch(StoreBacklogTests.Ordered(thread: thread, index: index))
                    }
                    dispatching.mutate { $0 -= 1 }
                    group.leave()
                }.start()
            }
            group.enter()
            Thread {
                while dispatching.value > 0 {
                    bus.subscribe(for: StoreBacklogTests.Ordered.self) { _ in }.cancel()
                }
                group.leave()
            }.start()
            group.wait()
        }

        // Then every action was reduced, each thread's in its order
        #expect(violations.value == 0)
        #expect(sut.state.reduced == 2 * perThread)
        #expect(lastSeen.value == [perThread - 1, perThread - 1])
    }

    struct Depth: EventBusEvent {
        let level: Int
    }

    struct Marker: EventBusEvent {}
}
