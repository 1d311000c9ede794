import EventBusTesting
import Foundation
import Testing

@testable import EventBus

/// An owner whose `deinit` uses the bus: it subscribes (and, releasing the token, cancels) on
/// the shard of `Ping` and in the protocol store. Run under either lock by the thread that holds
/// it, that `deinit` deadlocks (the locks are plain pthread mutexes).
private final class BusTouchingOwner: Sendable {
    let bus: EventBus

    init(bus: EventBus) { self.bus = bus }

    deinit {
        _ = bus.subscribe(to: Ping.self) { _ in }
        _ = bus.subscribe(conformingTo: (any ShopEvent).self) { _ in }
    }
}

/// A weak load makes a strong reference for an instant. When a check made under a lock loads an
/// owner whose last other reference another thread drops at that instant, releasing the loaded
/// reference runs the owner's `deinit`; the library keeps such references until after the lock.
/// These races are probabilistic: the loops are bounded by counts, and a deadlock shows as a
/// timeout.
@Suite("Owner deinit outside locks", .timeLimit(.minutes(2)))
struct OwnerDeinitOutsideLocksTests {
    @Test func ownersDyingWhileLockedChecksLoadThemRunTheirDeinitOutsideTheLocks() async {
        // Given a thread that keeps scanning the owners of Ping's list and of the protocol
        // subscriptions under their locks (a stranger's unsubscribe checks every entry's owner)
        let sut = EventBus()
        let stranger = Owner()
        let stop = LockBox(false)
        let done = LockBox(0)
        Thread {
            while !stop.value {
                sut.unsubscribe(owner: stranger, from: Ping.self)
                sut.unsubscribeAll(for: stranger)
            }
            done.mutate { $0 += 1 }
        }.start()

        // When another thread subscribes owners and drops them, round after round
        Thread {
            for _ in 0..<3_000 {
                var owners = (0..<16).map { _ in BusTouchingOwner(bus: sut) }
                for owner in owners {
                    sut.subscribe(owner: owner) { (_, _: Ping) in }
                    sut.subscribe(owner: owner, conformingTo: (any ShopEvent).self) { _, _ in }
                }
                owners.removeAll()
            }
            stop.mutate { $0 = true }
            done.mutate { $0 += 1 }
        }.start()

        // Then both finish: no deinit ran under a lock its thread held
        await waitUntil(timeout: .seconds(90)) { done.value == 2 }
    }

    @Test func lanesBornAndDyingOnTwoThreadsNeverDeinitUnderTheLaneTable() async {
        // Given one executor, whose lane lives while a subscription on it does
        let sut = EventBus()
        let executor = ManualExecutor(label: "churn")
        let done = LockBox(0)

        // When two threads each make and cancel subscriptions on it, so that one thread's lane
        // dies (and leaves the lane table) while the other's newer lane is made and dropped
        for _ in 0..<2 {
            Thread {
                for _ in 0..<20_000 {
                    let owner = Owner()
                    sut.subscribe(owner: owner, to: Ping.self, on: executor) { _, _ in }.cancel()
                }
                done.mutate { $0 += 1 }
            }.start()
        }

        // Then both finish, and the table forgot every lane
        await waitUntil(timeout: .seconds(90)) { done.value == 2 }
        #expect(sut.lanes.count == 0)
    }
}
