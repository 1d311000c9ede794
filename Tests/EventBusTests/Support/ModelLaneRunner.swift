import EventBus

@testable import EventBus

/// Events of the model-based test carry a number: the operation that published them.
protocol ModelNumberedEvent: EventBusEvent {
    var number: Int { get }
    init(number: Int)
}

extension ModelHop: ModelNumberedEvent {}
extension ModelRelay: ModelNumberedEvent {}
extension ModelGauge: ModelNumberedEvent {}

/// Runs one thread's program against the bus and, in lockstep, the reference bus: each operation
/// on the bus, then the same on the reference. The thread's own types reach only its own
/// subscriptions, so both logs must match entry for entry; deliveries to an owner-bound
/// subscription after the program dropped its owner are left out of the comparison (another
/// thread's sweep may hold that owner for a moment, so the bus may still deliver).
final class ModelLaneRunner<Lane: ModelLane>: Sendable {
    private struct Live: Sendable {
        let token: SubscriptionToken
        let entry: ReferenceBus.Entry
        let owner: Int?
        let inBag: Bool
    }

    /// Only this runner's thread changes it; handlers read it to cancel a subscription.
    private let live = LockBox<[Int: Live]>([:])
    private let bus: EventBus
    private let reference: ReferenceBus
    private let shared: ModelSharedWorld
    let realLog = LockBox<[String]>([])
    let modelLog = LockBox<[String]>([])
    /// The real log's length when the subscription's owner was dropped.
    private let dropped = LockBox<[Int: Int]>([:])
    private let owners = LockBox<[Int: ModelOwner]>([:])
    private let bag = LockBox(SubscriptionBag())
    private let ownersLive: Tally

    init(bus: EventBus, reference: ReferenceBus, shared: ModelSharedWorld, ownersLive: Tally) {
        self.bus = bus
        self.reference = reference
        self.shared = shared
        self.ownersLive = ownersLive
    }

    func run(_ program: [ModelOperation]) {
        var made = 0
        for (index, operation) in program.enumerated() {
            switch operation {
            case .subscribe(let kind, let topic, let reaction):
                subscribe(id: made, kind: kind, topic: topic, reaction: reaction)
                made += 1
            case .cancel(let pick):
                guard let id = pickOne(live.value.keys, pick), let subscription = remove(id) else { break }
                subscription.token.cancel()
                reference.cancel(subscription.entry)
            case .killOwner(let pick):
                guard let key = pickOne(owners.value.keys, pick) else { break }
                killOwner(key)
            case .releaseBag:
                for (id, subscription) in live.value where subscription.inBag {
                    _ = remove(id)
                    reference.cancel(subscription.entry)
                }
                bag.value = SubscriptionBag()
            case .publish(.hop):
                bus.publish(ModelHop<Lane>(number: index))
                reference.publish(ModelHop<Lane>(number: index))
            case .publish(_):
                bus.publish(ModelRelay<Lane>(number: index))
                reference.publish(ModelRelay<Lane>(number: index))
            case .publishState:
                bus.publishState(ModelGauge<Lane>(number: index))
                reference.publishState(ModelGauge<Lane>(number: index))
            case .publishShared:
                shared.publishShared(from: Lane.index, number: index)
            case .churnSubscribe:
                shared.churnSubscribe(thread: Lane.index, number: index)
            case .churnCancel(let pick):
                shared.churnCancel(thread: Lane.index, pick: pick)
            case .publishChurn:
                shared.publishChurn(from: Lane.index, number: index)
            }
        }
    }

    /// Drops every owner this thread still holds (their subscriptions end).
    func killAllOwners() {
        for key in owners.value.keys.sorted() { killOwner(key) }
    }

    /// Ends every subscription this thread still holds. Their handlers capture this runner's
    /// boxes and both buses, so a subscription left live would keep them all alive in a cycle.
    func cancelEverything() {
        let remaining = live.mutate { live in
            defer { live = [:] }
            return live
        }
        for subscription in remaining.values {
            subscription.token.cancel()
            reference.cancel(subscription.entry)
        }
        bag.value.cancelAll()
    }

    /// The real log without deliveries made after the subscription's owner was dropped.
    var comparableRealLog: [String] {
        let dropped = dropped.value
        return realLog.value.enumerated().compactMap { index, line in
            let id = Int(line.prefix { $0 != "<" })!
            if let at = dropped[id], index >= at { return nil }
            return line
        }
    }

    func liveCounts() -> (real: [Int], model: [Int]) {
        let snapshot = bus.subscriptionSnapshot()
        let types: [EventType] = [
            EventType(ModelHop<Lane>.self), EventType(ModelRelay<Lane>.self),
            EventType(ModelGauge<Lane>.self),
        ]
        return (
            types.map { snapshot[$0]?.count ?? 0 },
            [
                reference.liveCount(of: ModelHop<Lane>.self), reference.liveCount(of: ModelRelay<Lane>.self),
                reference.liveCount(of: ModelGauge<Lane>.self),
            ]
        )
    }

    /// One publish of each type, on both buses: a publish prunes what it meets.
    func publishOnceOfEach(number: Int) {
        bus.publish(ModelHop<Lane>(number: number))
        reference.publish(ModelHop<Lane>(number: number))
        bus.publish(ModelRelay<Lane>(number: number))
        reference.publish(ModelRelay<Lane>(number: number))
        bus.publishState(ModelGauge<Lane>(number: number))
        reference.publishState(ModelGauge<Lane>(number: number))
    }

    func listedCounts() -> (real: [Int], model: [Int]) {
        (
            [
                bus.store.count(of: ObjectIdentifier(ModelHop<Lane>.self)),
                bus.store.count(of: ObjectIdentifier(ModelRelay<Lane>.self)),
                bus.store.count(of: ObjectIdentifier(ModelGauge<Lane>.self)),
            ],
            liveCounts().model
        )
    }

    private func subscribe(id: Int, kind: ModelSubscriberKind, topic: ModelTopic, reaction: ModelReaction) {
        let owner = kind == .owner ? pickOwner(for: id) : nil
        let real = reactor(id: id, topic: topic, reaction: reaction, real: true)
        let model = reactor(id: id, topic: topic, reaction: reaction, real: false)
        let token: SubscriptionToken
        let entry: ReferenceBus.Entry
        switch topic {
        case .hop:
            token = subscribe(ModelHop<Lane>.self, owner: owner.map { owners.value[$0]! }, real)
            entry = reference.subscribe(for: ModelHop<Lane>.self) { model($0.number) }
        case .relay:
            token = subscribe(ModelRelay<Lane>.self, owner: owner.map { owners.value[$0]! }, real)
            entry = reference.subscribe(for: ModelRelay<Lane>.self) { model($0.number) }
        case .gauge:
            let query = bus.states(for: ModelGauge<Lane>.self)
            if let owner, let object = owners.value[owner] {
                token = query.subscribe(owner: object) { _, value in real(value.number) }
            } else {
                token = query.subscribe { value in real(value.number) }
            }
            entry = reference.subscribeState(for: ModelGauge<Lane>.self) { model($0.number) }
        }
        if kind == .bag { token.store(in: bag.value) }
        live.mutate { $0[id] = Live(token: token, entry: entry, owner: owner, inBag: kind == .bag) }
    }

    private func subscribe<Event: ModelNumberedEvent>(
        _ type: Event.Type, owner: ModelOwner?, _ handler: @escaping @Sendable (Int) -> Void
    ) -> SubscriptionToken {
        guard let owner else { return bus.subscribe(for: type) { handler($0.number) } }
        return bus.subscribe(owner: owner) { (_, event: Event) in handler(event.number) }
    }

    /// What a subscription's handler does on one side: record the event, then react.
    private func reactor(id: Int, topic: ModelTopic, reaction: ModelReaction, real: Bool)
        -> @Sendable (Int) -> Void
    {
        let log = real ? realLog : modelLog
        let (live, bus, reference) = (self.live, self.bus, self.reference)
        return { number in
            log.mutate { $0.append("\(id)<-\(topic) \(number)") }
            switch reaction {
            case .none: break
            case .publishNested:
                let relay = ModelRelay<Lane>(number: number * 1_000 + id)
                if real { bus.publish(relay) } else { reference.publish(relay) }
            case .cancel(let target):
                guard let subscription = live.value[target] else { return }
                if real { subscription.token.cancel() } else { reference.cancel(subscription.entry) }
            }
        }
    }

    /// An owner for subscription `id`: usually one that already has subscriptions, so owners
    /// hold several entries (the owner index's ring), sometimes a new one.
    private func pickOwner(for id: Int) -> Int {
        let keys = owners.value.keys.sorted()
        if !keys.isEmpty, !id.isMultiple(of: 3) { return keys[id % keys.count] }
        owners.mutate { $0[id] = ModelOwner(live: ownersLive) }
        return id
    }

    private func killOwner(_ key: Int) {
        let count = realLog.value.count
        for (id, subscription) in live.value where subscription.owner == key {
            _ = remove(id)
            dropped.mutate { $0[id] = count }
            reference.cancel(subscription.entry)
        }
        // Released here, after the lock: this thread held the owner's only reference.
        _ = owners.mutate { $0.removeValue(forKey: key) }
    }

    private func remove(_ id: Int) -> Live? { live.mutate { $0.removeValue(forKey: id) } }

    private func pickOne<Value>(_ keys: Dictionary<Int, Value>.Keys, _ pick: Int) -> Int? {
        let sorted = keys.sorted()
        return sorted.isEmpty ? nil : sorted[pick % sorted.count]
    }
}
