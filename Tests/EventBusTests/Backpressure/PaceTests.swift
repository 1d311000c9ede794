import EventBus
import EventBusTesting
import Testing

@Suite("Pace", .timeLimit(.minutes(3)))
struct PaceTests {
    /// Given a paced subscriber that records when (on the manual clock) each event arrived.
    private func givenAPacedSubscriber(
        every interval: Duration = .seconds(1), buffering policy: EventBufferPolicy = .unbounded
    ) -> (
        sut: EventBus, clock: ManualClock, deliveries: LockBox<[String]>, token: SubscriptionToken,
        owner: Owner
    ) {
        let sut = EventBus()
        let clock = ManualClock()
        let owner = Owner()
        let deliveries = LockBox<[String]>([])
        let token = sut.subscribePaced(owner: owner, every: interval, clock: clock, buffering: policy) {
            (_, event: Letter) in
            deliveries.mutate { $0.append("\(event.name)@\(clock.now.offset)") }
        }
        return (sut, clock, deliveries, token, owner)
    }

    @Test func reproducesTheTimelineExactly() async {
        let (sut, clock, deliveries, _, owner) = givenAPacedSubscriber()

        // A, B, C at 0, 0.3, 0.6 s.
        sut.publish(Letter("A"))
        clock.advance(to: .init(offset: .milliseconds(300)))
        sut.publish(Letter("B"))
        clock.advance(to: .init(offset: .milliseconds(600)))
        sut.publish(Letter("C"))
        #expect(deliveries.value == ["A@0.0 seconds"])
        // Each step waits for the delivery it makes due before moving the clock on.
        clock.advance(to: .init(offset: .seconds(1)))
        await waitUntil { deliveries.value.count == 2 }
        clock.advance(to: .init(offset: .seconds(2)))
        await waitUntil { deliveries.value.count == 3 }
        // D, E, F at 5, 5.3, 5.6 s.
        clock.advance(to: .init(offset: .seconds(5)))
        sut.publish(Letter("D"))
        await waitUntil { deliveries.value.count == 4 }
        clock.advance(to: .init(offset: .milliseconds(5300)))
        sut.publish(Letter("E"))
        clock.advance(to: .init(offset: .milliseconds(5600)))
        sut.publish(Letter("F"))
        clock.advance(to: .init(offset: .seconds(6)))
        await waitUntil { deliveries.value.count == 5 }
        clock.advance(to: .init(offset: .seconds(7)))
        await waitUntil { deliveries.value.count == 6 }

        #expect(
            deliveries.value == [
                "A@0.0 seconds", "B@1.0 seconds", "C@2.0 seconds",
                "D@5.0 seconds", "E@6.0 seconds", "F@7.0 seconds",
            ])
        withExtendedLifetime(owner) {}
    }

    @Test func anEventAfterAnIdlePeriodPassesAtOnce() async {
        let (sut, clock, deliveries, _, owner) = givenAPacedSubscriber()
        sut.publish(Letter("A"))
        await waitUntil { clock.sleeperCount == 1 }  // A's interval timer.

        clock.advance(by: .seconds(3))
        sut.publish(Letter("B"))
        await sut.settle(timeout: .seconds(60))

        #expect(deliveries.value == ["A@0.0 seconds", "B@3.0 seconds"])
        withExtendedLifetime(owner) {}
    }

    @Test func nothingIsDeliveredBeforeTheIntervalIsOver() async {
        let (sut, clock, deliveries, token, owner) = givenAPacedSubscriber()
        sut.publish(Letter("A"))
        sut.publish(Letter("B"))

        clock.advance(by: .milliseconds(999))

        #expect(deliveries.value == ["A@0.0 seconds"])
        #expect(token.waitingEventCount == 1)
        clock.advance(by: .milliseconds(1))
        await sut.settle(timeout: .seconds(60))
        #expect(deliveries.value == ["A@0.0 seconds", "B@1.0 seconds"])
        withExtendedLifetime(owner) {}
    }

    @Test func aBoundedPaceKeepsTheNewestAndCountsTheRest() async {
        let (sut, clock, deliveries, token, owner) = givenAPacedSubscriber(buffering: .keepNewest(1))

        for name in ["A", "B", "C", "D"] { sut.publish(Letter(name)) }
        clock.advance(by: .seconds(1))
        await sut.settle(timeout: .seconds(60))

        #expect(deliveries.value == ["A@0.0 seconds", "D@1.0 seconds"])
        #expect(token.droppedEventCount == 2)
        withExtendedLifetime(owner) {}
    }

    @Test func cancellingReleasesTheBacklogAndTheTimerDeliversNothing() async {
        let (sut, clock, deliveries, token, owner) = givenAPacedSubscriber()
        for name in ["A", "B", "C"] { sut.publish(Letter(name)) }

        token.cancel()
        #expect(token.waitingEventCount == 0)
        clock.advance(by: .seconds(5))
        await waitUntil { clock.sleeperCount == 0 }

        #expect(deliveries.value == ["A@0.0 seconds"])
        withExtendedLifetime(owner) {}
    }

    @Test func pacesOnAnExecutorWithOneJobPerDueDelivery() async {
        let sut = EventBus()
        let clock = ManualClock()
        let executor = ManualExecutor()
        let owner = Owner()
        sut.subscribePaced(owner: owner, every: .seconds(1), clock: clock, on: executor) {
            (owner, event: Letter) in
            owner.log.append(event.name)
        }
        for name in ["A", "B"] { sut.publish(Letter(name)) }
        executor.drain()
        #expect(owner.log.all == ["A"])

        clock.advance(by: .seconds(1))
        await waitUntil { executor.pendingJobCount == 1 }
        executor.drain()

        #expect(owner.log.all == ["A", "B"])
    }
}

struct Letter: EventBusEvent {
    let name: String
    init(_ name: String) { self.name = name }
}
