import EventBus
import EventBusTesting
import Testing

@Suite("Streams that count drops", .timeLimit(.minutes(1)))
struct EventStreamTests {
    @Test func countsWhatTheBufferDropped() async {
        let sut = EventBus()
        let stream = sut.eventStream(Ping.self, bufferingPolicy: .bufferingNewest(2))

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
        let stream = sut.eventStream(Ping.self, bufferingPolicy: .bufferingOldest(1))

        sut.publish(Ping(number: 1))
        sut.publish(Ping(number: 2))

        #expect(stream.droppedEventCount == 1)
        #expect(records.value.map(\.droppingRecipients.count) == [0, 1])
        #expect(records.value.map(\.reachedCount) == [1, 0])
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == Ping(number: 1))
        withExtendedLifetime(tap) {}
    }

    @Test func cancelFinishesTheIterationAfterTheBufferedEvents() async {
        let sut = EventBus()
        let stream = sut.eventStream(Ping.self)
        sut.publish(Ping(number: 1))

        stream.cancel()
        sut.publish(Ping(number: 2))

        var received: [Int] = []
        for await event in stream { received.append(event.number) }
        #expect(received == [1])
    }

    @Test func aPacedStreamYieldsOnePerInterval() async {
        let sut = EventBus()
        let clock = ManualClock()
        let stream = sut.pacedStream(Ping.self, every: .seconds(1), clock: clock, buffering: .keepOldest(1))
        for number in 1...3 { sut.publish(Ping(number: number)) }
        var iterator = stream.makeAsyncIterator()

        #expect(await iterator.next() == Ping(number: 1))
        #expect(stream.waitingEventCount == 1)
        #expect(stream.droppedEventCount == 1)
        clock.advance(by: .seconds(1))

        #expect(await iterator.next() == Ping(number: 2))
    }

    @Test func releasingAPacedStreamEndsItsSubscription() async {
        let sut = EventBus()
        let clock = ManualClock()
        var stream: EventStream<Ping>? = sut.pacedStream(Ping.self, every: .seconds(1), clock: clock)
        let records = LockBox<[Int]>([])
        let tap = sut.observeAll { record in records.mutate { $0.append(record.reachedCount) } }
        sut.publish(Ping(number: 1))

        stream = nil
        sut.publish(Ping(number: 2))

        #expect(stream == nil)
        #expect(records.value == [1, 0])
        withExtendedLifetime(tap) {}
    }
}
