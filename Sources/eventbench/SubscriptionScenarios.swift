import CMallocCounter
import EventBus
import Foundation

/// One subscribe followed by its cancel, on a bus where `Ping` already has 10 subscribers and
/// 20 other types have one each.
func subscribeCancelContenders(options: Options) -> [Contender] {
    let sinks = (0..<10).map { _ in Sink() }
    let owner = Sink()
    var contenders = ContenderList(options: options)

    contenders.add(Competitor.weakOwner) {
        let bus = EventBus()
        forEachNoiseType(OwnedNoise(bus: bus, owner: owner))
        for sink in sinks { bus.subscribe(owner: sink) { (_: Sink, _: Ping) in } }
        return { count in
            withExtendedLifetime(sinks) {
                for _ in 0..<count {
                    bus.subscribe(owner: owner) { (owner: Sink, event: Ping) in owner.add(event.value) }
                        .cancel()
                }
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
                for _ in 0..<count {
                    // Releasing the token is the cancel.
                    _ = bus.subscribe(for: Ping.self) { owner.add($0.value) }
                }
            }
        }
    }
    contenders.add(Competitor.notificationCenter) {
        let center = NotificationCenter()
        let observers = sinks.map { _ in center.addObserver(forName: .ping, object: nil, queue: nil) { _ in }
        }
        return { count in
            withExtendedLifetime(observers) {
                for _ in 0..<count {
                    let observer = center.addObserver(forName: .ping, object: nil, queue: nil) { note in
                        if let event = note.object as? Ping { owner.add(event.value) }
                    }
                    center.removeObserver(observer)
                }
            }
        }
    }
    return contenders.all
}

/// Heap bytes per live subscription: the allocator's in-use delta over `count` subscriptions
/// (tokens kept where the API needs them kept, owners created beforehand).
func bytesPerSubscription(options: Options, count: Int) -> [ResultRow] {
    guard cmc_is_counting() != 0 else { return [] }
    var rows: [ResultRow] = []
    func measure(_ name: String, _ body: () -> Any) {
        guard options.includes(competitor: name) else { return }
        let before = cmc_heap_in_use()
        let kept = body()
        let after = cmc_heap_in_use()
        withExtendedLifetime(kept) {
            let bytes = Double(Int64(bitPattern: after &- before)) / Double(count)
            rows.append(
                ResultRow(
                    scenario: ScenarioName.bytes, competitor: name,
                    note: String(format: "%.0f B per live subscription", bytes), value: bytes))
        }
    }
    let owners = (0..<count).map { _ in Sink() }
    var keep: [AnyObject] = []
    keep.reserveCapacity(count)

    measure(Competitor.weakOwner) {
        let bus = EventBus()
        for owner in owners {
            bus.subscribe(owner: owner) { (owner: Sink, event: Ping) in owner.add(event.value) }
        }
        return bus
    }
    measure(Competitor.token) {
        let bus = EventBus()
        let sink = owners[0]
        for _ in 0..<count { keep.append(bus.subscribe(for: Ping.self) { sink.add($0.value) }) }
        return bus
    }
    keep.removeAll(keepingCapacity: true)
    measure(Competitor.notificationCenter) {
        let center = NotificationCenter()
        let sink = owners[0]
        for _ in 0..<count {
            keep.append(
                center.addObserver(forName: .ping, object: nil, queue: nil) { note in
                    if let event = note.object as? Ping { sink.add(event.value) }
                })
        }
        return center
    }
    keep.removeAll(keepingCapacity: true)
    measure(Competitor.naive) {
        let bus = NaiveBus()
        let sink = owners[0]
        for _ in 0..<count { bus.subscribe(Ping.self) { sink.add($0.value) } }
        return bus
    }
    withExtendedLifetime(owners) {}
    return rows
}
