import EventBus

/// Publishing `Ping` to the publish scenarios' weak-owner and token subscribers (and their
/// noise) on a bus that also has what reports on other publishes: a synchronous handler of
/// another type that has thrown, or a `DeadEvent` subscriber. Neither should cost `Ping`'s
/// publishes anything: compare each row with the plain weak-owner and token rows.
func elsewhereContenders(subscriberCount: Int, options: Options) -> [Contender] {
    struct Refused: Error {}
    let sinks = (0..<subscriberCount).map { _ in Sink() }
    let noiseOwner = Sink()
    var contenders = ContenderList(options: options)

    contenders.add(Competitor.ownedThrowingElsewhere) {
        let bus = EventBus()
        forEachNoiseType(OwnedNoise(bus: bus, owner: noiseOwner))
        for sink in sinks {
            bus.subscribe(owner: sink) { (owner: Sink, event: Ping) in owner.add(event.value) }
        }
        let thrower = bus.subscribe(for: Pong.self) { _ in throw Refused() }
        bus.publish(Pong(value: 0))  // the default failure handler's one line, before measuring
        return { count in
            withExtendedLifetime((sinks, thrower)) {
                for index in 0..<count { bus.publish(Ping(value: index)) }
            }
        }
    }
    contenders.add(Competitor.ownerlessThrowingElsewhere) {
        let bus = EventBus()
        let noise = TokenNoise(bus: bus)
        forEachNoiseType(noise)
        let tokens = sinks.map { sink in bus.subscribe(for: Ping.self) { sink.add($0.value) } }
        let thrower = bus.subscribe(for: Pong.self) { _ in throw Refused() }
        bus.publish(Pong(value: 0))
        return { count in
            withExtendedLifetime((tokens, noise, thrower)) {
                for index in 0..<count { bus.publish(Ping(value: index)) }
            }
        }
    }
    contenders.add(Competitor.ownedDeadEventsWatched) {
        let bus = EventBus()
        forEachNoiseType(OwnedNoise(bus: bus, owner: noiseOwner))
        for sink in sinks {
            bus.subscribe(owner: sink) { (owner: Sink, event: Ping) in owner.add(event.value) }
        }
        let watcher = bus.subscribe(for: DeadEvent.self) { _ in }
        return { count in
            withExtendedLifetime((sinks, watcher)) {
                for index in 0..<count { bus.publish(Ping(value: index)) }
            }
        }
    }
    contenders.add(Competitor.ownerlessDeadEventsWatched) {
        let bus = EventBus()
        let noise = TokenNoise(bus: bus)
        forEachNoiseType(noise)
        let tokens = sinks.map { sink in bus.subscribe(for: Ping.self) { sink.add($0.value) } }
        let watcher = bus.subscribe(for: DeadEvent.self) { _ in }
        return { count in
            withExtendedLifetime((tokens, noise, watcher)) {
                for index in 0..<count { bus.publish(Ping(value: index)) }
            }
        }
    }
    return contenders.all
}
