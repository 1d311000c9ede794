import Dispatch
import EventBusTesting
import Testing
@testable import EventBus

enum BasketAction: EventBusEvent, Equatable {
    case add(String)
    case removeAll
    case noop
}

private func basketReducer(_ state: inout Basket, _ action: BasketAction) {
    switch action {
    case .add(let item): state.items.append(item)
    case .removeAll: state.items.removeAll()
    case .noop: break
    }
}

@Suite("Store", .timeLimit(.minutes(3)))
struct StoreTests {
    @Test func reducerFoldsDispatchedActionsIntoTheState() {
        let sut = Store(bus: EventBus(), initialState: Basket(), reducer: basketReducer)

        sut.dispatch(.add("tea"))
        sut.dispatch(.add("jam"))

        #expect(sut.state.items == ["tea", "jam"])
    }

    @Test func actionsPublishedOnTheBusByAnyoneAreReduced() {
        let bus = EventBus()
        let sut = Store(bus: bus, initialState: Basket(), reducer: basketReducer)

        bus.publish(BasketAction.add("tea"))

        #expect(sut.state.items == ["tea"])
    }

    @Test func theStateIsTheReplayedCurrentValue() {
        let bus = EventBus()
        let owner = Owner()
        let sut = Store(bus: bus, initialState: Basket(items: ["tea"]), reducer: basketReducer)
        sut.dispatch(.add("jam"))

        sut.states.select(\.itemCount).subscribe(owner: owner) { owner, count in owner.log.append("\(count)")
        }
        sut.dispatch(.add("rye"))

        #expect(owner.log.all == ["2", "3"])
        #expect(bus.currentState(for: Basket.self)?.items == ["tea", "jam", "rye"])
    }

    @Test func unchangedStateIsSkippedByDefaultAndDeliveredWhenAutomaticSkippingIsOff() {
        let bus = EventBus()
        let skipping = Owner("skipping")
        let every = Owner("every")
        let sut = Store(bus: bus, initialState: Basket(), reducer: basketReducer)
        let unskipped = Store(
            bus: EventBus(), initialState: Basket(), automaticallySkipsRepeats: false, reducer: basketReducer)
        sut.states.subscribe(owner: skipping) { owner, _ in owner.log.append("state") }
        unskipped.states.subscribe(owner: every) { owner, _ in owner.log.append("state") }

        sut.dispatch(.noop)
        unskipped.dispatch(.noop)

        #expect(skipping.log.all == ["state"])  // the replay only
        #expect(every.log.all == ["state", "state"])
    }

    @Test func middlewareSeesEachActionAndCanLogDropOrReplaceIt() {
        let seen = Log()
        let logger: Store<Basket, BasketAction>.Middleware = { action, state in
            seen.append("\(action) with \(state.itemCount)")
            return action
        }
        let dropNoops: Store<Basket, BasketAction>.Middleware = { action, _ in action == .noop ? nil : action
        }
        let replaceJam: Store<Basket, BasketAction>.Middleware = { action, _ in
            action == .add("jam") ? .add("marmalade") : action
        }
        let bus = EventBus()
        let published = LockBox(0)
        let tap = bus.observeAll { record in if record.event is Basket { published.mutate { $0 += 1 } } }
        let sut = Store(
            bus: bus, initialState: Basket(), middleware: [logger, dropNoops, replaceJam],
            reducer: basketReducer)

        sut.dispatch(.add("jam"))
        sut.dispatch(.noop)

        #expect(sut.state.items == ["marmalade"])
        #expect(seen.all == ["add(\"jam\") with 0", "noop with 1"])
        #expect(published.value == 2)  // the initial state and one action's: a dropped action publishes none
        tap.cancel()
    }

    @Test func concurrentDispatchesAreAllReducedOneAtATime() async {
        let bus = EventBus()
        let inReducer = LockBox(0)
        let overlaps = LockBox(0)
        let sut = Store(bus: bus, initialState: Basket()) { (state: inout Basket, action: BasketAction) in
            inReducer.mutate { $0 += 1 }
            if inReducer.value > 1 { overlaps.mutate { $0 += 1 } }
            basketReducer(&state, action)
            inReducer.mutate { $0 -= 1 }
        }
        let lastSeen = LockBox<[Int]>([])
        let token = sut.states.select(\.itemCount).subscribe { count in lastSeen.mutate { $0.append(count) } }

        await onDedicatedThread {
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for index in 0..<250 { sut.dispatch(.add("\(thread)-\(index)")) }
            }
        }
        token.cancel()

        #expect(sut.state.itemCount == 1000)
        #expect(overlaps.value == 0)
        #expect(lastSeen.value == Array(0...1000))  // every state, in order, once
    }

    @Test func dispatchFromASubscriberIsReducedAfterTheCurrentAction() {
        let bus = EventBus()
        let sut = Store(bus: bus, initialState: Basket(), reducer: basketReducer)
        let owner = Owner()
        sut.states.subscribe(owner: owner) { [weak sut] owner, basket in
            owner.log.append(basket.items.joined(separator: ","))
            if basket.items == ["tea"] { sut?.dispatch(.add("milk")) }
        }

        sut.dispatch(.add("tea"))

        #expect(sut.state.items == ["tea", "milk"])
        #expect(owner.log.all == ["", "tea", "tea,milk"])
    }

    @Test func releasedStoreStopsReducing() {
        let bus = EventBus()
        var sut: Store<Basket, BasketAction>? = Store(
            bus: bus, initialState: Basket(), reducer: basketReducer)
        let released = WeakReference(sut!)

        sut = nil
        bus.publish(BasketAction.add("tea"))

        #expect(released.object == nil)
        #expect(bus.currentState(for: Basket.self) == Basket())  // the last state stays current
        #expect(bus.subscriptionCount(forExactType: BasketAction.self) == 0)
    }

    @Test func dispatchFromInsideTheReducerStopsWithAClearMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let bus = EventBus()
            let relay = LockBox<Store<Basket, BasketAction>?>(nil)
            relay.value = Store(bus: bus, initialState: Basket()) {
                (state: inout Basket, action: BasketAction) in
                if action == .noop { relay.value?.dispatch(.removeAll) }
            }
            relay.value?.dispatch(.noop)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            message.contains(
                "Store<Basket, BasketAction>: dispatch(removeAll) was called from inside the reducer"))
    }
}

/// The Store guide's example, with the prints recorded.
@Suite("Store: guide example")
struct StoreGuideExampleTests {
    struct CartState: EventBusEvent, Equatable {
        var items: [String] = []
        var itemCount: Int { items.count }
    }

    enum CartAction: EventBusEvent {
        case add(String)
        case clear
    }

    @Test func guideExamplePrintsWhatItSays() {
        let printed = Log()
        let bus = EventBus()
        let log: Store<CartState, CartAction>.Middleware = { action, state in
            printed.append("\(action) with \(state.itemCount) items")
            return action
        }
        let store = Store(bus: bus, initialState: CartState(), middleware: [log]) { state, action in
            switch action {
            case .add(let item): state.items.append(item)
            case .clear: state.items.removeAll()
            }
        }

        let badge = store.states
            .select(\.itemCount)
            .subscribe { count in printed.append("badge: \(count)") }
        store.dispatch(.add("tea"))
        bus.publish(CartAction.add("jam"))
        store.dispatch(.clear)

        #expect(
            printed.all == [
                "badge: 0", "add(\"tea\") with 0 items", "badge: 1", "add(\"jam\") with 1 items", "badge: 2",
                "clear with 2 items", "badge: 0",
            ])
        badge.cancel()
    }
}
