import EventBus
import EventBusTesting
import Testing

/// Waits that need the cooperative pool are generous: under the sanitizers every test starts at
/// once on two cores, and the pool can be busy with other suites for many seconds.
@Suite("EventBus.settle", .timeLimit(.minutes(3)))
struct SettleTests {
    @Test func returnsAtOnceOnABusWithOnlySynchronousSubscriptions() async {
        let sut = EventBus()
        let token = sut.subscribe(for: Ping.self) { _ in }
        sut.publish(Ping())

        #expect(await sut.settle())
        withExtendedLifetime(token) {}
    }

    @Test func waitsUntilEveryAsyncHandlerHasRunEveryEvent() async {
        // Given: a handler that suspends several times per event
        let sut = EventBus()
        let handled = LockBox<[Int]>([])
        let token = sut.subscribeAsync(for: Ping.self) { ping in
            for _ in 0..<5 { await Task.yield() }
            handled.mutate { $0.append(ping.number) }
        }

        // When
        for number in 1...20 { sut.publish(Ping(number: number)) }
        let settled = await sut.settle(timeout: .seconds(60))

        // Then
        #expect(settled)
        #expect(handled.value == Array(1...20))
        withExtendedLifetime(token) {}
    }

    @Test func waitsForWorkThatHandlersQueueWhileItWaits() async {
        let sut = EventBus()
        let pongs = LockBox(0)
        let first = sut.subscribeAsync(for: Ping.self) { ping in
            await Task.yield()
            sut.publish(Pong(number: ping.number))
        }
        let second = sut.subscribeAsync(for: Pong.self) { _ in
            await Task.yield()
            pongs.mutate { $0 += 1 }
        }

        for number in 1...10 { sut.publish(Ping(number: number)) }
        await sut.settle(timeout: .seconds(60))

        #expect(pongs.value == 10)
        withExtendedLifetime((first, second)) {}
    }

    @Test func drainsTheManualExecutorsTheBusQueuedOn() async {
        let sut = EventBus()
        let executor = ManualExecutor()
        let owner = Owner()
        let unbounded = LockBox(0)
        let bounded = LockBox(0)
        sut.subscribe(owner: owner, on: executor) { (_, _: Ping) in unbounded.mutate { $0 += 1 } }
        sut.subscribe(owner: owner, on: executor, buffering: .keepNewest(10)) { (_, _: Ping) in
            bounded.mutate { $0 += 1 }
        }

        sut.publish(Ping())
        sut.publish(Ping())
        await sut.settle(timeout: .seconds(60))

        #expect(unbounded.value == 2)
        #expect(bounded.value == 2)
        #expect(executor.pendingJobCount == 0)
    }

    @MainActor
    @Test func letsMainActorDeliveriesRunWhenCalledOnTheMainActor() async {
        let sut = EventBus()
        let owner = MainActorOwner()
        sut.subscribe(owner: owner, on: .mainActor) { (owner, event: Ping) in owner.receive(event.number) }

        sut.publish(Ping(number: 1))
        sut.publish(Ping(number: 2))
        #expect(owner.received.isEmpty)
        await sut.settle(timeout: .seconds(60))

        #expect(owner.received == [1, 2])
    }

    @Test func advancesAManualClockForPacedDeliveries() async {
        // Given: one delivery per second on a clock only the test moves
        let sut = EventBus()
        let clock = ManualClock()
        let owner = Owner()
        let delivered = LockBox<[Int]>([])
        sut.subscribePaced(owner: owner, every: .seconds(1), clock: clock) { (_, ping: Ping) in
            delivered.mutate { $0.append(ping.number) }
        }

        // When
        for number in 1...3 { sut.publish(Ping(number: number)) }
        await sut.settle(timeout: .seconds(60), advancing: clock)

        // Then
        #expect(delivered.value == [1, 2, 3])
        #expect(clock.now.offset >= .seconds(2))
    }

    @Test func failsByNameWithWhatIsStillPendingAfterTheTimeout() async {
        let sut = EventBus()
        let (gate, opener) = AsyncStream.makeStream(of: Void.self)
        let token = sut.subscribeAsync(for: Ping.self) { _ in
            for await _ in gate { return }
        }
        sut.publish(Ping())

        await withKnownIssue {
            let settled = await sut.settle(timeout: .milliseconds(100))
            #expect(!settled)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("did not settle within") && text.contains("the async handler of ownerless")
                && issue.sourceLocation?.fileName == "SettleTests.swift"
        }
        opener.finish()
        token.cancel()
    }
}
