import EventBusTesting
import Foundation
import Testing

@testable import EventBus

@MainActor
final class MainActorOwner {
    private(set) var received: [Int] = []

    func receive(_ number: Int) {
        MainActor.assertIsolated()
        received.append(number)
    }
}

@Suite("Main-actor delivery", .timeLimit(.minutes(3)))
@MainActor
struct MainActorDeliveryTests {
    @Test func deliversOnTheMainActorInPublishOrder() async {
        let sut = EventBus()
        let owner = MainActorOwner()
        sut.subscribe(owner: owner, on: .mainActor) { (owner, event: Ping) in owner.receive(event.number) }

        await Task.detached {
            for number in 0..<200 { sut.publish(Ping(number: number)) }
        }.value

        await sut.settle(timeout: .seconds(60))
        #expect(owner.received.count == 200)
        #expect(owner.received == Array(0..<200))
    }

    @Test func deliversLaterEvenWhenPublishedOnTheMainActor() async {
        let sut = EventBus()
        let owner = MainActorOwner()
        sut.subscribe(owner: owner, on: .mainActor) { (owner, event: Ping) in owner.receive(event.number) }

        sut.publish(Ping(number: 1))
        #expect(owner.received.isEmpty)

        await sut.settle(timeout: .seconds(60))
        #expect(owner.received == [1])
    }

    @Test func cancelBeforeTheMainActorRunsTheJobDropsTheEvent() async {
        let sut = EventBus()
        let owner = MainActorOwner()
        let token = sut.subscribe(owner: owner, on: .mainActor) { (owner, event: Ping) in
            owner.receive(event.number)
        }
        let witness = MainActorOwner()
        sut.subscribe(owner: witness, on: .mainActor) { (owner, event: Ping) in owner.receive(event.number) }

        sut.publish(Ping(number: 1))
        token.cancel()

        // The witness's delivery was queued on the same lane: once the lane is done, the other
        // one had its turn.
        await sut.settle(timeout: .seconds(60))
        #expect(witness.received == [1])
        #expect(owner.received.isEmpty)
    }

    @Test func ownerReleasedBeforeDeliveryGetsNothing() async {
        let sut = EventBus()
        var owner: MainActorOwner? = MainActorOwner()
        let weakOwner = WeakReference(owner!)
        sut.subscribe(owner: owner!, on: .mainActor) { (owner, event: Ping) in owner.receive(event.number) }
        let witness = MainActorOwner()
        sut.subscribe(owner: witness, on: .mainActor) { (owner, event: Ping) in owner.receive(event.number) }

        sut.publish(Ping(number: 1))
        owner = nil

        await sut.settle(timeout: .seconds(60))
        #expect(witness.received == [1])
        #expect(weakOwner.object == nil)
    }
}

/// Where main-actor handlers run. The bus only starts main-actor tasks; it never calls
/// `dispatchMain()`, touches `DispatchQueue.main` or checks the thread, so handlers run wherever
/// the program's main actor runs. On Darwin that is the main thread in an app (the run loop drains
/// the main queue) and in this runner (its async `main` runs CFRunLoop once Foundation is loaded).
/// On Linux the runner's async `main` calls dispatch_main(), which ends the main thread and has
/// Dispatch drain the main queue on a thread of its own: still the one serial main actor, which
/// every handler checks (`MainActor.assertIsolated`), but not pthread's main thread, so the
/// thread is only asserted on Darwin (the macOS CI job).
@Suite("Main-actor delivery thread", .timeLimit(.minutes(3)))
@MainActor
struct MainActorThreadTests {
    @MainActor final class ThreadRecorder {
        private(set) var onMainThread: [Bool] = []
        func record() {
            MainActor.assertIsolated()
            onMainThread.append(Thread.isMainThread)
        }
    }

    @Test func handlersPublishedFromAnotherThreadRunOnTheMainActor() async {
        let sut = EventBus()
        let recorder = ThreadRecorder()
        sut.subscribe(owner: recorder, on: .mainActor) { (recorder, _: Ping) in recorder.record() }

        await Task.detached {
            for number in 0..<20 { sut.publish(Ping(number: number)) }
        }.value

        await sut.settle(timeout: .seconds(60))
        #expect(recorder.onMainThread.count == 20)
        #if canImport(Darwin)
            #expect(recorder.onMainThread == Array(repeating: true, count: 20))
        #endif
    }

    @Test func theMainActorExecutorRunsJobsOnTheMainActor() async {
        let recorder = ThreadRecorder()
        let ran = Tally()
        await Task.detached {
            for _ in 0..<5 {
                MainActorExecutor().enqueue {
                    MainActor.assumeIsolated { recorder.record() }
                    ran.add()
                }
            }
        }.value

        await waitUntil { ran.count == 5 }
        #expect(recorder.onMainThread.count == 5)
        #if canImport(Darwin)
            #expect(recorder.onMainThread == Array(repeating: true, count: 5))
        #endif
    }
}
