import EventBus
import Synchronization

/// What the stress workers share: the bus, the clock, and the tallies the test checks.
final class StressWorld: Sendable {
    let bus: EventBus
    let clock = MomentClock()
    /// Deliveries to a subscription whose cancel() had returned before the publish started, or
    /// to a handler whose owner had already been deinitialized.
    let violations = Tally()
    let onceOverfires = Tally()
    let handlerCalls = Tally()
    let reached = Tally()
    /// Values captured by handlers that are still allocated.
    let live = Tally()

    init(bus: EventBus) { self.bus = bus }

    func publish<Event: StampedEvent>(_: Event.Type) {
        bus.publish(Event(stamp: clock.tick()))
    }

    /// What every stress handler does: count the call and check it was allowed.
    func handle(_ event: some StampedEvent, probe: CancelProbe, death: DeathFlag?) {
        handlerCalls.add()
        if event.stamp > probe.cancelledAt.load(ordering: .sequentiallyConsistent) { violations.add() }
        if death?.isDead == true { violations.add() }
    }
}

/// The moment a subscription's cancel() returned (`Int.max` until then) and how often a once
/// handler ran.
final class CancelProbe: Sendable {
    let cancelledAt = Atomic<Int>(.max)
    let fired = Atomic<Int>(0)
}

/// Set when an owner's deinit starts; no handler may see it set.
final class DeathFlag: Sendable {
    private let dead = Atomic<Bool>(false)

    func markDead() { dead.store(true, ordering: .sequentiallyConsistent) }

    var isDead: Bool { dead.load(ordering: .sequentiallyConsistent) }
}

final class StressOwner: Sendable {
    let death = DeathFlag()

    deinit { death.markDead() }
}

/// One thread's random walk over publish, subscribe (every synchronous kind), cancel and owner
/// release, on three event types.
struct StressWorker {
    private let world: StressWorld
    private var random: SplitMix64
    private var tokens: [(token: SubscriptionToken, probe: CancelProbe)] = []
    private var owners: [StressOwner] = []

    init(world: StressWorld, seed: UInt64) {
        self.world = world
        random = SplitMix64(seed: seed)
    }

    mutating func step() {
        let kind = Int.random(in: 0..<3, using: &random)
        switch Int.random(in: 0..<10, using: &random) {
        case 0...3:
            switch kind {
            case 0: world.publish(StressA.self)
            case 1: world.publish(StressB.self)
            default: world.publish(StressC.self)
            }
        case 4...7:
            switch kind {
            case 0: subscribe(for: StressA.self)
            case 1: subscribe(for: StressB.self)
            default: subscribe(for: StressC.self)
            }
        case 8:
            cancelOne()
        default:
            if !owners.isEmpty { owners.remove(at: Int.random(in: 0..<owners.count, using: &random)) }
        }
        if tokens.count > 24 { cancelOne() }
        if owners.count > 16 { owners.removeFirst() }
    }

    mutating func finish() {
        while !tokens.isEmpty { cancelOne() }
        owners.removeAll()
    }

    private mutating func cancelOne() {
        guard !tokens.isEmpty else { return }
        let (token, probe) = tokens.remove(at: Int.random(in: 0..<tokens.count, using: &random))
        token.cancel()
        probe.cancelledAt.store(world.clock.tick(), ordering: .sequentiallyConsistent)
    }

    private mutating func subscribe<Event: StampedEvent>(for _: Event.Type) {
        let probe = CancelProbe()
        let tracked = Tracked(in: world.live)
        let world = world
        if owners.isEmpty || Int.random(in: 0..<4, using: &random) == 0 { owners.append(StressOwner()) }
        let owner = owners[Int.random(in: 0..<owners.count, using: &random)]
        let death = owner.death
        let token: SubscriptionToken
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            token = world.bus.subscribe(for: Event.self) { event in
                withExtendedLifetime(tracked) { world.handle(event, probe: probe, death: nil) }
            }
        case 1:
            token = world.bus.subscribe(owner: owner) { (owner, event: Event) in
                withExtendedLifetime(tracked) { world.handle(event, probe: probe, death: owner.death) }
            }
        case 2:
            token = world.bus.subscribe(owner: owner) { (event: Event) in
                withExtendedLifetime(tracked) { world.handle(event, probe: probe, death: death) }
            }
        default:
            token = world.bus.subscribeOnce(owner: owner) { (owner, event: Event) in
                if probe.fired.wrappingAdd(1, ordering: .relaxed).newValue > 1 { world.onceOverfires.add() }
                withExtendedLifetime(tracked) { world.handle(event, probe: probe, death: owner.death) }
            }
        }
        tokens.append((token, probe))
    }
}
