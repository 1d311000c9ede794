import Dispatch
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
        _ = bus.subscribe(for: Ping.self) { _ in }
        _ = bus.subscribe(conformingTo: (any ShopEvent).self) { _ in }
    }
}

extension LockBox<Bool> {
    /// The flag's value, leaving it false.
    fileprivate func take() -> Bool {
        mutate { flag in
            let value = flag
            flag = false
            return value
        }
    }
}

/// A weak load makes a strong reference for an instant. When a check made under a lock loads an
/// owner whose last other reference another thread drops at that instant, releasing the loaded
/// reference runs the owner's `deinit`; the library keeps such references until after the lock.
/// These races are probabilistic: the loops are bounded by counts, and a deadlock shows as a
/// timeout.
@Suite("Owner deinit outside locks", .timeLimit(.minutes(3)))
struct OwnerDeinitOutsideLocksTests {
    /// Rounds of eight owners. The scanner scans only while a round's owners are dropped, which
    /// is where the race is, and waits on a semaphore the rest of the time. On the code before
    /// the fix (8b958b5^) this deadlocked in 5 of 6 runs of 1,000 rounds under ThreadSanitizer
    /// (at rounds 113-681) and in 4 of 4 runs of 3,000 without (297-1,638). The scanner used
    /// to spin all the time, for 3,000 rounds of 16 owners: it deadlocked at rounds 676-2,212
    /// under TSan, and kept a core busy for 55-75 s there (55 s of CPU), which starved the
    /// async tests running beside it. Now 1.6 s of CPU under TSan.
    private static let rounds = isRunningUnderThreadSanitizer ? 1_000 : 3_000

    @Test func ownersDyingWhileLockedChecksLoadThemRunTheirDeinitOutsideTheLocks() async {
        // Given a thread that, while each round's owners are dropped, keeps scanning the owners
        // of Ping's list and of the protocol subscriptions under their locks (a stranger's
        // unsubscribe checks every entry's owner)
        let sut = EventBus()
        let stranger = Owner()
        let go = DispatchSemaphore(value: 0)
        let scanning = DispatchSemaphore(value: 0)
        let dropped = LockBox(false)
        let stop = LockBox(false)
        let done = LockBox(0)
        Thread {
            while true {
                go.wait()
                if stop.value { break }
                scanning.signal()
                // Until this round's drop is over (each round sets the flag once, after the
                // signal above, so a round never takes the next round's flag).
                repeat {
                    sut.unsubscribe(owner: stranger, for: Ping.self)
                    sut.unsubscribeAll(owner: stranger)
                } while !dropped.take()
            }
            done.mutate { $0 += 1 }
        }.start()

        // When another thread subscribes owners and drops them while the scanner runs, round
        // after round
        Thread {
            for _ in 0..<Self.rounds {
                var owners = (0..<8).map { _ in BusTouchingOwner(bus: sut) }
                for owner in owners {
                    sut.subscribe(owner: owner) { (_, _: Ping) in }
                    sut.subscribe(owner: owner, conformingTo: (any ShopEvent).self) { _, _ in }
                }
                go.signal()
                scanning.wait()
                owners.removeAll()
                dropped.value = true
            }
            stop.value = true
            go.signal()
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
                    sut.subscribe(owner: owner, for: Ping.self, on: executor) { _, _ in }.cancel()
                }
                done.mutate { $0 += 1 }
            }.start()
        }

        // Then both finish, and the table forgot every lane
        await waitUntil(timeout: .seconds(90)) { done.value == 2 }
        #expect(sut.lanes.count == 0)
    }
}
