import EventBus
import Foundation
import Synchronization

/// A protocol that `Ping` conforms to, for the protocol-subscription rows.
protocol BenchEvent: EventBusEvent {
    var value: Int { get }
}

extension Ping: BenchEvent {}

/// A protocol nothing published conforms to: its subscription must cost other types nothing.
protocol UnpublishedEvent: EventBusEvent {}

/// Publishing `Ping` to one subscriber reached in different ways, on a bus whose 20 other types
/// have subscribers: an exact-type subscription (the reference), a protocol subscription, and an
/// exact-type subscription on a bus that also has a protocol subscription `Ping` does not match.
func protocolContenders(options: Options) -> [Contender] {
    let sink = Sink()
    var contenders = ContenderList(options: options)
    contenders.add(Competitor.token) {
        let bus = EventBus()
        let noise = TokenNoise(bus: bus)
        forEachNoiseType(noise)
        let token = bus.subscribe(for: Ping.self) { sink.add($0.value) }
        return { count in
            withExtendedLifetime((token, noise)) {
                for index in 0..<count { bus.publish(Ping(value: index)) }
            }
        }
    }
    contenders.add(Competitor.protocolMatch) {
        let bus = EventBus()
        let noise = TokenNoise(bus: bus)
        forEachNoiseType(noise)
        let token = bus.subscribe(conformingTo: (any BenchEvent).self) { sink.add($0.value) }
        return { count in
            withExtendedLifetime((token, noise)) {
                for index in 0..<count { bus.publish(Ping(value: index)) }
            }
        }
    }
    contenders.add(Competitor.protocolUnmatched) {
        let bus = EventBus()
        let noise = TokenNoise(bus: bus)
        forEachNoiseType(noise)
        let tokens = [
            bus.subscribe(for: Ping.self) { sink.add($0.value) },
            bus.subscribe(conformingTo: (any UnpublishedEvent).self) { _ in },
        ]
        return { count in
            withExtendedLifetime((tokens, noise)) {
                for index in 0..<count { bus.publish(Ping(value: index)) }
            }
        }
    }
    return contenders.all
}

/// Publishing `Ping` to 10 token-owned subscribers that each have a different priority
/// (subscribed lowest first, so every subscribe inserts at the front), against the same 10 with
/// the default priority. Sorting happens when subscribing, so both should cost the same.
func priorityContenders(options: Options) -> [Contender] {
    let sinks = (0..<10).map { _ in Sink() }
    var contenders = ContenderList(options: options)
    for prioritized in [false, true] {
        contenders.add(prioritized ? Competitor.prioritized : Competitor.token) {
            let bus = EventBus()
            let noise = TokenNoise(bus: bus)
            forEachNoiseType(noise)
            let tokens = sinks.enumerated().map { index, sink in
                bus.subscribe(for: Ping.self, priority: prioritized ? index : 0) { sink.add($0.value) }
            }
            return { count in
                withExtendedLifetime((tokens, noise)) {
                    for index in 0..<count { bus.publish(Ping(value: index)) }
                }
            }
        }
    }
    return contenders.all
}

/// Async handler throughput: this thread publishes a burst into an async subscription, then
/// waits until the handler has run for every event; one operation is one event published and
/// handled. The stream row next to it is the same burst consumed by a `for await` loop.
func asyncHandlerContenders(options: Options) -> [Contender] {
    var contenders = ContenderList(options: options)
    contenders.add(Competitor.asyncHandler) {
        let bus = EventBus()
        let progress = BurstProgress()
        let token = bus.subscribeAsync(for: Ping.self) { (event: Ping) async in progress.handled(event.value)
        }
        return { count in
            withExtendedLifetime(token) {
                progress.expect(count)
                for index in 0..<count { bus.publish(Ping(value: index)) }
                progress.wait()
            }
        }
    }
    contenders.add(Competitor.stream) {
        let bus = EventBus()
        return { count in
            let stream = bus.stream(for: Ping.self, buffering: .unbounded)
            for index in 0..<count { bus.publish(Ping(value: index)) }
            consume(stream, count: count).wait()
        }
    }
    return contenders.all
}

/// Counts handled events and wakes the publisher when a burst is done.
final class BurstProgress: Sendable {
    private let remaining = Atomic<Int>(0)
    private let sink = Sink()
    private let done = DispatchSemaphore(value: 0)

    func expect(_ count: Int) { remaining.store(count, ordering: .releasing) }

    func handled(_ value: Int) {
        sink.add(value)
        if remaining.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { done.signal() }
    }

    func wait() { done.wait() }
}
