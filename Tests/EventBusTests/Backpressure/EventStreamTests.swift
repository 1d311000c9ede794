import EventBus
import EventBusTesting
import Testing

@Suite("Streams that count drops", .timeLimit(.minutes(3)))
struct EventStreamTests {
    @Test func countsWhatTheBufferDropped() async {
        let sut = EventBus()
        let stream = sut.eventStream(for: Ping.self, buffering: .keepNewest(2))

        for number in 1...5 { sut.publish(Ping(number: number)) }

        #expect(stream.droppedEventCount == 3)
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == Ping(number: 4))
        #expect(await iterator.next() == Ping(number: 5))
    }

    @Test func bufferingOldestDropsTheNewArrivalsAndTapsSeeThem() async {
        let sut = EventBus()
        let records = LockBox<[PublishRecord]>([])
        let tap = sut.observeAll { record in records.mutate { $0.append(record) } }
        let stream = sut.eventStream(for: Ping.self, buffering: .keepOldest(1))

        sut.publish(Ping(number: 1))
        sut.publish(Ping(number: 2))

        #expect(stream.droppedEventCount == 1)
        #expect(records.value.map(\.droppingRecipients.count) == [0, 1])
        #expect(records.value.map(\.recipients.count) == [1, 0])
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == Ping(number: 1))
        withExtendedLifetime(tap) {}
    }

    @Test func cancelFinishesTheIterationAfterTheBufferedEvents() async {
        let sut = EventBus()
        let stream = sut.eventStream(for: Ping.self)
        sut.publish(Ping(number: 1))

        stream.cancel()
        sut.publish(Ping(number: 2))

        var received: [Int] = []
        for await event in stream { received.append(event.number) }
        #expect(received == [1])
    }

    @Test func aPacedStreamYieldsOnePerInterval() async {
        // Given a paced stream whose backlog keeps the oldest two, and three publishes
        let sut = EventBus()
        let clock = ManualClock()
        let stream = sut.pacedStream(
            for: Ping.self, every: .seconds(1), clock: clock, buffering: .keepOldest(2))
        for number in 1...3 { sut.publish(Ping(number: number)) }
        #expect(stream.waitingEventCount == 2)
        #expect(stream.droppedEventCount == 1)

        // When the consumer reads: the first comes at once
        let iterator = IteratorBox(stream.makeAsyncIterator())
        #expect(await iterator.next() == Ping(number: 1))
        #expect(stream.waitingEventCount == 1)

        // Then the next one waits for the interval
        let second = Task { await iterator.next() }
        await waitUntil { clock.sleeperCount == 1 }
        clock.advance(by: .seconds(1))
        #expect(await second.value == Ping(number: 2))
        #expect(stream.waitingEventCount == 0)
    }

    @Test func aPacedStreamReadsTheUsersClockWithNoLockHeld() async {
        // Given a paced stream with one waiting event, on a clock whose next `now` publishes
        // to the same stream from another thread and waits for that publish (which needs the
        // stream's lock: it deadlocked with the consumer reading `now` under it, before)
        let sut = EventBus()
        let clock = LockProbingClock()
        let stream = sut.pacedStream(for: Ping.self, every: .seconds(1), clock: clock)
        sut.publish(Ping(number: 1))
        clock.arm { sut.publish(Ping(number: 2)) }

        // When the consumer takes the waiting event, which stamps the next deadline
        let iterator = IteratorBox(stream.makeAsyncIterator())
        let first = await iterator.next()

        // Then the probe's publish returned while `now` waited for it
        #expect(clock.probes.count == 1)
        #expect(clock.readsUnderLock.count == 0)
        #expect(first == Ping(number: 1))

        // And the pacing holds: the probe's event waits one interval after that hand-over
        let second = Task { await iterator.next() }
        await waitUntil { clock.base.sleeperCount == 1 }
        clock.base.advance(by: .seconds(1))
        #expect(await second.value == Ping(number: 2))
    }

    @Test func aPacedStreamNobodyReadsHoldsOnlyWhatItsPolicyAllowsAndCountsTheRest() {
        // Given a paced stream whose consumer never reads, keeping the newest five
        let sut = EventBus()
        let released = ReleaseCounter()
        let stream = sut.pacedStream(
            for: TrackedEvent.self, every: .seconds(1), clock: ManualClock(), buffering: .keepNewest(5))

        // When 100 events are published
        for number in 1...100 { sut.publish(released.event(number)) }

        // Then it holds five, and every other one was dropped, counted and released
        #expect(stream.waitingEventCount == 5)
        #expect(stream.droppedEventCount == 95)
        #expect(released.count == 95)

        // And cancelling it releases the five
        stream.cancel()
        #expect(released.count == 100)
        #expect(stream.waitingEventCount == 0)
    }

    /// Lets a test hand one iterator to a task after reading from it (a single consumer at a time).
    final class IteratorBox: @unchecked Sendable {
        // safe: the tests use it from one task at a time, awaiting each call
        private var iterator: EventStream<Ping>.AsyncIterator
        init(_ iterator: EventStream<Ping>.AsyncIterator) { self.iterator = iterator }
        func next() async -> Ping? { await iterator.next() }
    }

    @Test func releasingAPacedStreamEndsItsSubscription() async {
        let sut = EventBus()
        let clock = ManualClock()
        var stream: EventStream<Ping>? = sut.pacedStream(for: Ping.self, every: .seconds(1), clock: clock)
        let records = LockBox<[Int]>([])
        let tap = sut.observeAll { record in records.mutate { $0.append(record.recipients.count) } }
        sut.publish(Ping(number: 1))

        stream = nil
        sut.publish(Ping(number: 2))

        #expect(stream == nil)
        #expect(records.value == [1, 0])
        withExtendedLifetime(tap) {}
    }
}
