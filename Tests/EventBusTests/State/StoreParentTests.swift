import Dispatch
import EventBus
import Testing

/// A store's state is nested inside the publish of the action that produced it, and its first
/// state names the line that created the store: whether the action was reduced at once, queued
/// behind a follow-up of this thread, or queued by another thread while the store was busy.
@Suite("Store: parents and call sites of its states", .timeLimit(.minutes(1)))
struct StoreParentTests {
    @Test func theInitialStateNamesTheLineThatCreatedTheStore() {
        // Given a bus with a tap
        let bus = EventBus()
        let records = LockBox<[PublishRecord]>([])
        let tap = bus.observeAll { record in records.mutate { $0.append(record) } }

        // When a store is created on it
        let sut = Store<Basket, BasketAction>(bus: bus, initialState: Basket()) { _, _ in }
        let line = #line - 1

        // Then its initial state's publish names that line, not the library's
        let site = records.value.first { $0.event is Basket }?.callSite
        #expect(site?.fileID == "EventBusTests/StoreParentTests.swift")
        #expect(site?.line == UInt(line))
        #expect(site?.function == "theInitialStateNamesTheLineThatCreatedTheStore()")
        _ = sut
        tap.cancel()
    }

    @Test func aFollowUpDispatchedByAStateSubscriberHasItsStateNestedInItsOwnAction() {
        // Given a store whose state subscriber dispatches a follow-up after the first item
        let bus = EventBus()
        let owner = Owner()
        let sut = Store<Basket, BasketAction>(bus: bus, initialState: Basket()) { state, action in
            if case .add(let item) = action { state.items.append(item) }
        }
        let relay = LockBox<Store<Basket, BasketAction>?>(sut)
        sut.states.subscribe(owner: owner) { _, basket in
            if basket.items == ["tea"] { relay.value?.dispatch(.add("jam")) }
        }
        let records = LockBox<[PublishRecord]>([])
        let tap = bus.observeAll { record in records.mutate { $0.append(record) } }

        // When the first action is dispatched
        sut.dispatch(.add("tea"))

        // Then each state names the publish of the action that produced it
        let all = records.value
        let teaAction = all.first { $0.event as? BasketAction == .add("tea") }
        let jamAction = all.first { $0.event as? BasketAction == .add("jam") }
        let teaState = all.first { ($0.event as? Basket)?.items == ["tea"] }
        let jamState = all.first { ($0.event as? Basket)?.items == ["tea", "jam"] }
        #expect(teaState?.parentSequenceNumber == teaAction?.sequenceNumber)
        #expect(jamState?.parentSequenceNumber == jamAction?.sequenceNumber)
        #expect(jamAction?.parentSequenceNumber == teaState?.sequenceNumber)
        #expect(
            jamState?.callSite.function
                == "aFollowUpDispatchedByAStateSubscriberHasItsStateNestedInItsOwnAction()")
        relay.value = nil
        tap.cancel()
    }

    @Test func anActionQueuedByAnotherThreadHasItsStateNestedInThatThreadsAction() {
        // Given a store whose reducer holds the first action until another thread has dispatched
        let bus = EventBus()
        let reducing = DispatchSemaphore(value: 0)
        let goOn = DispatchSemaphore(value: 0)
        let sut = Store<Basket, BasketAction>(bus: bus, initialState: Basket()) { state, action in
            guard case .add(let item) = action else { return }
            if item == "tea" {
                reducing.signal()
                _ = goOn.wait(timeout: .now() + 30)
            }
            state.items.append(item)
        }
        let records = LockBox<[PublishRecord]>([])
        let tap = bus.observeAll { record in records.mutate { $0.append(record) } }
        let other = DispatchQueue(label: "StoreParentTests.other")
        other.async {
            _ = reducing.wait(timeout: .now() + 30)
            sut.dispatch(.add("jam"))  // the store is busy: queued, returns at once
            goOn.signal()
        }

        // When the first action is dispatched here, and the other thread's while it is reduced
        sut.dispatch(.add("tea"))
        other.sync {}

        // Then the second state names the other thread's action, not the first one
        let all = records.value
        let teaAction = all.first { $0.event as? BasketAction == .add("tea") }
        let jamAction = all.first { $0.event as? BasketAction == .add("jam") }
        let jamState = all.first { ($0.event as? Basket)?.items == ["tea", "jam"] }
        #expect(jamAction != nil && jamState != nil)
        #expect(jamAction?.sequenceNumber != teaAction?.sequenceNumber)
        #expect(jamState?.parentSequenceNumber == jamAction?.sequenceNumber)
        tap.cancel()
    }
}
