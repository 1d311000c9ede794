import EventBus
import Testing

/// Streams take the bus's one buffer policy under the one label, with the one default: keep
/// every event, and count what a bound drops where every other drop is counted.
@Suite("Stream buffering", .timeLimit(.minutes(3)))
struct StreamBufferingTests {
    @Test func aStreamKeepsThe101stWaitingEventByDefault() async {
        // Given a stream whose consumer has not read yet
        let sut = EventBus()
        let stream = sut.stream(for: Ping.self)

        // When 101 events wait
        for number in 1...101 { sut.publish(Ping(number: number)) }

        // Then the first one is still there
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == Ping(number: 1))
    }

    @Test func anEventStreamKeepsEveryWaitingEventByDefault() async {
        // Given an event stream whose consumer has not read yet
        let sut = EventBus()
        let stream = sut.eventStream(for: Ping.self)

        // When 101 events wait and the stream is ended
        for number in 1...101 { sut.publish(Ping(number: number)) }
        stream.cancel()

        // Then every one of them is read, and nothing was dropped
        var numbers: [Int] = []
        for await event in stream { numbers.append(event.number) }
        #expect(numbers == Array(1...101))
        #expect(stream.droppedEventCount == 0)
    }

    @Test func aBoundedStreamsDropsShowInTheSnapshot() {
        // Given a stream that keeps the newest two waiting events
        let sut = EventBus()
        let stream = sut.stream(for: Ping.self, buffering: .keepNewest(2))

        // When five wait
        for number in 1...5 { sut.publish(Ping(number: number)) }

        // Then the snapshot counts the three it dropped
        let infos = sut.subscriptionSnapshot().values.flatMap { $0 }
        #expect(infos.map(\.delivery) == [.stream])
        #expect(infos.map(\.droppedEventCount) == [3])
        withExtendedLifetime(stream) {}
    }

    @Test func aStateQuerysStreamTakesTheSamePolicy() async {
        // Given a state query's stream that keeps the oldest two values
        let sut = EventBus()
        let stream = sut.states(for: Ping.self, replaysCurrentValue: false).stream(buffering: .keepOldest(2))

        // When four values are published
        for number in 1...4 { sut.publishState(Ping(number: number)) }

        // Then the first two wait and the snapshot counts the other two as dropped
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == Ping(number: 1))
        #expect(await iterator.next() == Ping(number: 2))
        #expect(sut.subscriptionSnapshot().values.flatMap { $0 }.map(\.droppedEventCount) == [2])
    }

    @Test func theDeprecatedSpellingsKeepTheirPolicies() async {
        // Given streams made with the 0.x spellings
        let sut = EventBus()
        let spellings: any OldStreamSpellings = DeprecatedStreams()
        let (stream, eventStream) = spellings.streamsKeepingTheNewestTwo(on: sut)

        // When five events wait
        for number in 1...5 { sut.publish(Ping(number: number)) }

        // Then each kept the newest two, as `.bufferingNewest(2)` asked
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == Ping(number: 4))
        #expect(eventStream.droppedEventCount == 3)
    }
}

/// Calls the deprecated spellings through a protocol, so this file compiles without
/// deprecation warnings (warnings are errors here) and still proves they work.
private protocol OldStreamSpellings {
    func streamsKeepingTheNewestTwo(on bus: EventBus) -> (AsyncStream<Ping>, EventStream<Ping>)
}

private struct DeprecatedStreams: OldStreamSpellings {
    @available(*, deprecated, message: "calls the deprecated spellings on purpose")
    func streamsKeepingTheNewestTwo(on bus: EventBus) -> (AsyncStream<Ping>, EventStream<Ping>) {
        (
            bus.stream(Ping.self, bufferingPolicy: .bufferingNewest(2)),
            bus.eventStream(Ping.self, bufferingPolicy: .bufferingNewest(2))
        )
    }
}
