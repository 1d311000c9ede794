import EventBus
import Testing

@Suite("AsyncStream bridge", .timeLimit(.minutes(3)))
struct StreamTests {
    @Test func registersWhenCreatedNotOnFirstNext() async {
        let sut = EventBus()
        let stream = sut.stream(for: Ping.self)

        sut.publish(Ping(number: 1))
        sut.publish(Ping(number: 2))

        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == Ping(number: 1))
        #expect(await iterator.next() == Ping(number: 2))
    }

    @Test func appliesTheBufferingPolicy() async {
        let sut = EventBus()
        let stream = sut.stream(for: Ping.self, buffering: .keepNewest(2))

        for number in 1...5 { sut.publish(Ping(number: number)) }

        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == Ping(number: 4))
        #expect(await iterator.next() == Ping(number: 5))
    }

    @Test func cancellingTheConsumerEndsTheSubscription() async {
        let sut = EventBus()
        let ended = LockBox(false)
        let observer = sut.observeAll { _ in }
        let consumer = Task {
            for await _ in sut.stream(for: Ping.self) {}
            ended.value = true
        }
        await waitUntil { reachedCount(on: sut) == 1 }

        consumer.cancel()

        await waitUntil { ended.value }
        #expect(reachedCount(on: sut) == 0)
        _ = observer
    }

    @Test func droppingTheStreamEndsTheSubscription() async {
        let sut = EventBus()
        var stream: AsyncStream<Ping>? = sut.stream(for: Ping.self)
        #expect(reachedCount(on: sut) == 1)

        stream = nil

        #expect(stream == nil)
        #expect(reachedCount(on: sut) == 0)
    }
}

/// Publishes a probe event and reports how many subscriptions it reached.
private func reachedCount(on bus: EventBus) -> Int {
    let reached = LockBox(-1)
    let token = bus.observeAll { record in
        if record.event is Ping { reached.value = record.recipients.count }
    }
    bus.publish(Ping(number: -1))
    token.cancel()
    return reached.value
}
