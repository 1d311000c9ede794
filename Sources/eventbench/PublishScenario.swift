import EventBus
import Foundation

extension Notification.Name {
    static let ping = Notification.Name("eventbench.ping")
}

/// Publishing to `subscriberCount` subscribers of `Ping` while 20 other event types also have
/// subscribers, for every competitor.
func publishContenders(subscriberCount: Int, options: Options) -> [Contender] {
    let sinks = (0..<subscriberCount).map { _ in Sink() }
    let noiseOwner = Sink()
    var contenders = ContenderList(options: options)

    contenders.add(Competitor.weakOwner) {
        let bus = EventBus()
        forEachNoiseType(OwnedNoise(bus: bus, owner: noiseOwner))
        for sink in sinks {
            bus.subscribe(owner: sink) { (owner: Sink, event: Ping) in owner.add(event.value) }
        }
        return { count in
            withExtendedLifetime(sinks) {
                for index in 0..<count { bus.publish(Ping(value: index)) }
            }
        }
    }
    contenders.add(Competitor.token) {
        let bus = EventBus()
        let noise = TokenNoise(bus: bus)
        forEachNoiseType(noise)
        let tokens = sinks.map { sink in bus.subscribe(for: Ping.self) { sink.add($0.value) } }
        return { count in
            withExtendedLifetime((tokens, noise)) {
                for index in 0..<count { bus.publish(Ping(value: index)) }
            }
        }
    }
    contenders.add(Competitor.state) {
        // `publishState` to weak-owner state subscriptions with a two-step chain; every value
        // differs, so the handler runs for each (the chain's cost is measured, not skipped).
        let bus = EventBus()
        forEachNoiseType(OwnedNoise(bus: bus, owner: noiseOwner))
        for sink in sinks {
            bus.states(for: Ping.self, replaysCurrentValue: false).select(\.value).skipRepeats()
                .subscribe(owner: sink) { owner, value in owner.add(value) }
        }
        return { count in
            withExtendedLifetime(sinks) {
                for index in 0..<count { bus.publishState(Ping(value: index)) }
            }
        }
    }
    contenders.add(Competitor.executor) {
        // Drained every 64 publishes: a burst costs one job, as on a busy main loop.
        let bus = EventBus()
        let executor = BatchExecutor()
        forEachNoiseType(OwnedNoise(bus: bus, owner: noiseOwner))
        for sink in sinks {
            bus.subscribe(owner: sink, on: executor) { (owner: Sink, event: Ping) in owner.add(event.value) }
        }
        return { count in
            withExtendedLifetime(sinks) {
                for index in 0..<count {
                    bus.publish(Ping(value: index))
                    if index & 63 == 63 { executor.drain() }
                }
                executor.drain()
            }
        }
    }
    contenders.add(Competitor.stepped) {
        // Stepping with the promise completed inside the handler, as a handler that keeps up
        // does: the price of demand-driven delivery over the weak-owner row above.
        let bus = EventBus()
        forEachNoiseType(OwnedNoise(bus: bus, owner: noiseOwner))
        for sink in sinks {
            bus.subscribeStepping(owner: sink, buffering: .keepNewest(16)) {
                (owner: Sink, event: Ping, promise) in
                owner.add(event.value)
                promise.complete(.more)
            }
        }
        return { count in
            withExtendedLifetime(sinks) {
                for index in 0..<count { bus.publish(Ping(value: index)) }
            }
        }
    }
    contenders.add(Competitor.notificationCenter) {
        let center = NotificationCenter()
        var observers: [any NSObjectProtocol] = []
        for index in 0..<20 {
            let name = Notification.Name("eventbench.noise.\(index)")
            observers.append(center.addObserver(forName: name, object: nil, queue: nil) { _ in })
        }
        for sink in sinks {
            observers.append(
                center.addObserver(forName: .ping, object: nil, queue: nil) { note in
                    if let event = note.object as? Ping { sink.add(event.value) }
                })
        }
        return { count in
            withExtendedLifetime(observers) {
                for index in 0..<count { center.post(name: .ping, object: Ping(value: index)) }
            }
        }
    }
    contenders.add(Competitor.naive) {
        let bus = NaiveBus()
        forEachNoiseType(NaiveNoise(bus: bus))
        for sink in sinks {
            bus.subscribe(Ping.self) { sink.add($0.value) }
        }
        return { count in
            for index in 0..<count { bus.publish(Ping(value: index)) }
        }
    }
    contenders.add(Competitor.directFloor) {
        var floor = DirectFloor()
        for sink in sinks {
            floor.append { sink.add($0.value) }
        }
        return { [floor] count in
            for index in 0..<count { floor.publish(Ping(value: index)) }
        }
    }
    contenders.add(Competitor.weakFloor) {
        var floor = WeakFloor()
        for sink in sinks {
            floor.append(owner: sink) { owner, event in owner.add(event.value) }
        }
        return { [floor] count in
            withExtendedLifetime(sinks) {
                for index in 0..<count { floor.publish(Ping(value: index)) }
            }
        }
    }
    return contenders.all
}

/// Subscribes a weak owner to each noise type.
struct OwnedNoise: EventTypeVisitor {
    let bus: EventBus
    let owner: Sink

    func visit<Event: EventBusEvent>(_ type: Event.Type) {
        bus.subscribe(owner: owner, for: type) { (_: Sink, _: Event) in }
    }
}

/// Subscribes token-owned handlers to each noise type and keeps the tokens.
final class TokenNoise: EventTypeVisitor {
    let bus: EventBus
    private(set) var tokens: [SubscriptionToken] = []

    init(bus: EventBus) { self.bus = bus }

    func visit<Event: EventBusEvent>(_ type: Event.Type) {
        tokens.append(bus.subscribe(for: type) { _ in })
    }
}

/// Subscribes the naive bus to each noise type.
struct NaiveNoise: EventTypeVisitor {
    let bus: NaiveBus

    func visit<Event: EventBusEvent>(_ type: Event.Type) {
        bus.subscribe(type) { _ in }
    }
}
