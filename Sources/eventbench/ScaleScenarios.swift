import EventBus
import Foundation

/// Scale: 10,000 subscribers of one type, 10,000 event types on one bus.
///
/// `subscribe+cancel at 10k`: one new token-owned subscription and the cancel of one existing
/// one, on a list kept at 10,000 entries; the cancelled one is the oldest, the newest (the one
/// just made), or one at a pseudo-random place.
func scaleCancelContenders(options: Options) -> [Contender] {
    let sink = Sink()
    let size = options.quick ? 1_000 : 10_000
    var contenders = ContenderList(options: options)
    let positions = [
        (Competitor.cancelOldest, 0), (Competitor.cancelNewest, 1), (Competitor.cancelRandom, 2),
    ]
    for (name, position) in positions {
        contenders.add(name) {
            let bus = EventBus()
            let noise = TokenNoise(bus: bus)
            forEachNoiseType(noise)
            var tokens = (0..<size).map { _ in bus.subscribe(for: Ping.self) { sink.add($0.value) } }
            var oldest = 0
            var random: UInt64 = 0x9E37_79B9_7F4A_7C15
            return { count in
                for _ in 0..<count {
                    let token = bus.subscribe(for: Ping.self) { sink.add($0.value) }
                    switch position {
                    case 0:
                        // A ring: the slot of the oldest token gets the newest one.
                        tokens[oldest].cancel()
                        tokens[oldest] = token
                        oldest = (oldest + 1) % size
                    case 1:
                        token.cancel()
                    default:
                        random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                        let slot = Int(random >> 33) % size
                        tokens[slot].cancel()
                        tokens[slot] = token
                    }
                }
                withExtendedLifetime(noise) {}
            }
        }
    }
    return contenders.all
}

/// `end 8,000 of 10,000`: the time to cancel 8,000 of 10,000 subscriptions of one type, oldest
/// first, through a `SubscriptionBag` (a screen with many rows going away); ns per cancel.
func endManyRows(options: Options) -> [ResultRow] {
    guard options.includes(competitor: Competitor.token) else { return [] }
    let (total, ended) = options.quick ? (1_000, 800) : (10_000, 8_000)
    let sink = Sink()
    var perCancel: [Double] = []
    for _ in 0..<(options.quick ? 2 : 5) {
        let bus = EventBus()
        let bag = SubscriptionBag()
        for _ in 0..<ended { bus.subscribe(for: Ping.self) { sink.add($0.value) }.store(in: bag) }
        let kept = (ended..<total).map { _ in bus.subscribe(for: Ping.self) { sink.add($0.value) } }
        let start = nowNanoseconds()
        bag.cancelAll()
        perCancel.append(Double(nowNanoseconds() - start) / Double(ended))
        withExtendedLifetime(kept) {}
    }
    let cost = median(perCancel)
    return [
        ResultRow(
            scenario: ScenarioName.endMany, competitor: Competitor.token, nsPerOp: cost,
            note: String(format: "%.2f ms for %d cancels", cost * Double(ended) / 1e6, ended))
    ]
}

/// `unsubscribeAll, 10k types`: an owner subscribes to one type and then leaves with
/// `unsubscribeAll(owner:)`, on a bus where 10,000 (or 20) other types have a subscriber.
func unsubscribeAllContenders(options: Options) -> [Contender] {
    let owner = Sink()
    let noiseOwner = Sink()
    var contenders = ContenderList(options: options)
    for (name, types) in [(Competitor.weakOwner10kTypes, 10_000), (Competitor.weakOwner, 20)] {
        contenders.add(name) {
            let bus = EventBus()
            forEachManyType(
                OwnedNoise(bus: bus, owner: noiseOwner), count: options.quick ? types / 10 : types)
            return { count in
                for _ in 0..<count {
                    bus.subscribe(owner: owner) { (owner: Sink, event: Ping) in owner.add(event.value) }
                    bus.unsubscribeAll(owner: owner)
                }
                withExtendedLifetime(noiseOwner) {}
            }
        }
    }
    return contenders.all
}

/// `publish-1, 10k types`: one token-owned subscriber of `Ping`, on a bus where 10,000 other
/// types have a subscriber, against the same with 20 (the plain `publish-1` set-up).
func manyTypesPublishContenders(options: Options) -> [Contender] {
    let sink = Sink()
    var contenders = ContenderList(options: options)
    for (name, types) in [(Competitor.token10kTypes, 10_000), (Competitor.token, 20)] {
        contenders.add(name) {
            let bus = EventBus()
            let noise = TokenNoise(bus: bus)
            forEachManyType(noise, count: options.quick ? types / 10 : types)
            let token = bus.subscribe(for: Ping.self) { sink.add($0.value) }
            return { count in
                withExtendedLifetime((token, noise)) {
                    for index in 0..<count { bus.publish(Ping(value: index)) }
                }
            }
        }
    }
    return contenders.all
}

/// `publish, no subscribers`: publishing a type nobody subscribes to, on a bus where 20 other
/// types have subscribers; once for a type that never had any, once for one whose only
/// subscription was cancelled.
func noSubscriberContenders(options: Options) -> [Contender] {
    var contenders = ContenderList(options: options)
    contenders.add(Competitor.neverSubscribed) {
        let bus = EventBus()
        let noise = TokenNoise(bus: bus)
        forEachNoiseType(noise)
        return { count in
            withExtendedLifetime(noise) {
                for index in 0..<count { bus.publish(Pong(value: index)) }
            }
        }
    }
    contenders.add(Competitor.noLongerSubscribed) {
        let bus = EventBus()
        let noise = TokenNoise(bus: bus)
        forEachNoiseType(noise)
        bus.subscribe(for: Pong.self) { _ in }.cancel()
        bus.publish(Pong(value: 0))
        return { count in
            withExtendedLifetime(noise) {
                for index in 0..<count { bus.publish(Pong(value: index)) }
            }
        }
    }
    return contenders.all
}

/// A binary digit of a generated event type: `Digit<One, Digit<Zero, Ping>>` and so on, so that
/// 10,000 distinct types need only 14 levels of nesting.
struct Digit<Bit, Rest: EventBusEvent>: EventBusEvent {}
enum Zero {}
enum One {}

/// Calls `visitor` with `count` distinct generated event types (none of them `Ping` or `Pong`).
func forEachManyType(_ visitor: some EventTypeVisitor, count: Int) {
    var remaining = count
    visitDigits(Ping.self, depth: 14, remaining: &remaining, visitor)
}

private func visitDigits<Event: EventBusEvent>(
    _ type: Event.Type, depth: Int, remaining: inout Int, _ visitor: some EventTypeVisitor
) {
    guard remaining > 0 else { return }
    guard depth > 0 else {
        visitor.visit(type)
        remaining -= 1
        return
    }
    visitDigits(Digit<Zero, Event>.self, depth: depth - 1, remaining: &remaining, visitor)
    visitDigits(Digit<One, Event>.self, depth: depth - 1, remaining: &remaining, visitor)
}

/// `executor jobs per burst`: how many jobs a burst of 64 publishes to 100 weak-owner subscriptions
/// on one executor hands to that executor.
func executorJobRows(options: Options) -> [ResultRow] {
    guard options.includes(competitor: Competitor.executor) else { return [] }
    let bus = EventBus()
    let executor = BatchExecutor()
    let sinks = (0..<100).map { _ in Sink() }
    for sink in sinks {
        bus.subscribe(owner: sink, on: executor) { (owner: Sink, event: Ping) in owner.add(event.value) }
    }
    let before = executor.enqueuedCount
    for index in 0..<64 { bus.publish(Ping(value: index)) }
    let jobs = executor.enqueuedCount - before
    executor.drain()
    withExtendedLifetime(sinks) {}
    return [
        ResultRow(
            scenario: ScenarioName.executorJobs, competitor: Competitor.executor,
            note: "\(jobs) jobs for 64 publishes to 100 subscriptions on one executor",
            value: Double(jobs))
    ]
}
