import Dispatch
import Foundation
import Testing

@testable import EventBus

/// Issue 20: a store keeps its state in two slots; the runner stores the next state in the
/// hidden one and shows it without the lock unless a reader is in. These pin what readers may
/// rely on, and that the replaced state is released with no lock held.
@Suite("Store: state slots", .timeLimit(.minutes(1)))
struct StoreStateSlotTests {
    /// Runs its closure when released: user code in a state's `deinit`.
    final class Probe: Sendable {
        let onRelease: @Sendable () -> Void
        init(onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }
        deinit { onRelease() }
    }

    struct Holder: EventBusEvent {
        var probe: Probe?
        var count = 0
    }

    enum Bump: EventBusEvent {
        case once
    }

    /// A count and a heap-allocated label that must agree: a torn or freed read shows.
    struct Labeled: EventBusEvent {
        var reduced = 0
        var label = Labeled.label(for: 0)

        static func label(for count: Int) -> String { "the state after \(count) actions" }
    }

    @Test func aReplacedStateIsReleasedWithNoLockHeldSoItsDeinitMayReadTheStore() {
        // Given a store whose state holds an object that reads the store's state when released,
        // and whose only holder is the store (the bus's current value cleared)
        let relay = LockBox<Store<Holder, Bump>?>(nil)
        let readInDeinit = LockBox<[Int]>([])
        let sut = Store(bus: EventBus(), initialState: Holder()) { (state: inout Holder, _: Bump) in
            state.count += 1
            state.probe = Probe {
                if let count = relay.value?.state.count { readInDeinit.mutate { $0.append(count) } }
            }
        }
        relay.value = sut
        sut.dispatch(.once)
        sut.bus.clearState(for: Holder.self)

        // When the next action replaces that state (the old code released it under the lock,
        // and the read deadlocked)
        sut.dispatch(.once)

        // Then the object's deinit read the new state
        #expect(readInDeinit.value == [2])
        relay.value = nil
    }

    @Test func readersOnOtherThreadsSeeEveryStateWholeAndNeverAnOlderOne() async {
        // Given a store one thread dispatches to while two others keep reading its state
        let dispatches = 5_000
        let sut = Store(bus: EventBus(), initialState: Labeled()) { (state: inout Labeled, _: Bump) in
            state.reduced += 1
            state.label = Labeled.label(for: state.reduced)
        }
        let done = LockBox(false)
        let wentBack = LockBox(0)
        let torn = LockBox(0)

        // When they run at once
        await onDedicatedThread {
            let group = DispatchGroup()
            for _ in 0..<2 {
                group.enter()
                Thread {
                    var last = 0
                    while !done.value {
                        let seen = sut.state
                        if seen.reduced < last { wentBack.mutate { $0 += 1 } }
                        if seen.label != Labeled.label(for: seen.reduced) { torn.mutate { $0 += 1 } }
                        last = seen.reduced
                    }
                    group.leave()
                }.start()
            }
            for _ in 0..<dispatches { sut.dispatch(.once) }
            done.value = true
            group.wait()
        }

        // Then no reader saw a state torn or the count go back, and the last state is the last
        // action's
        #expect(torn.value == 0)
        #expect(wentBack.value == 0)
        #expect(sut.state.reduced == dispatches)
    }
}
