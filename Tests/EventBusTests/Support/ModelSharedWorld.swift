import EventBus

/// The part of the model-based test that every thread touches at once.
///
/// `ModelSharedHop`: long-lived subscriptions (two token-owned, two owner-bound) made before the
/// threads start and kept to the end, on the bus and on the reference; every publish must reach
/// each of them exactly once, in each publishing thread's order, on both.
///
/// `ModelChurnHop`: each thread subscribes and cancels subscriptions of its own while every thread
/// publishes. Which of those publishes a subscription gets depends on the interleaving, so they
/// are held to the bus's promises by moments (a shared sequence of ticks): a publish that began
/// after `cancel()` returned, or ended before `subscribe` began, must not arrive; one that began
/// after `subscribe` returned and ended before `cancel()` began must arrive; none twice.
final class ModelSharedWorld: Sendable {
    static let sharedSubscribers = 4

    private let bus: EventBus
    private let reference: ReferenceBus
    /// Per shared subscriber: `publisher * 1_000_000 + number` of each delivery, in order.
    let realShared = (0..<ModelSharedWorld.sharedSubscribers).map { _ in LockBox<[Int]>([]) }
    let modelShared = (0..<ModelSharedWorld.sharedSubscribers).map { _ in LockBox<[Int]>([]) }
    /// Every `ModelSharedHop` published, as above.
    let sharedPublished = LockBox<[Int]>([])
    /// The token-owned shared subscriptions' tokens, kept to the end.
    private let keep = LockBox<[SubscriptionToken]>([])
    private let sharedOwners = [Owner("shared 0"), Owner("shared 1")]

    private let clock = MomentClock()
    /// Subscription number to its moments; `cancelStart`/`cancelEnd` are `Int.max` while live.
    let churnWindows = LockBox<[Int: ModelChurnWindow]>([:])
    private let churnTokens = LockBox<[Int: SubscriptionToken]>([:])
    /// `publisher * 1_000_000 + number` to the publish's first and last moment.
    let churnPublishes = LockBox<[Int: ClosedRange<Int>]>([:])
    /// (subscription, publish) pairs delivered, in arrival order.
    let churnDeliveries = LockBox<[ModelChurnDelivery]>([])

    init(bus: EventBus, reference: ReferenceBus) {
        self.bus = bus
        self.reference = reference
        var tokens: [SubscriptionToken] = []
        for index in 0..<Self.sharedSubscribers {
            let (real, model) = (realShared[index], modelShared[index])
            if index < 2 {
                tokens.append(
                    bus.subscribe(for: ModelSharedHop.self) { event in real.mutate { $0.append(event.key) } })
            } else {
                bus.subscribe(owner: sharedOwners[index - 2]) { (_, event: ModelSharedHop) in
                    real.mutate { $0.append(event.key) }
                }
            }
            _ = reference.subscribe(for: ModelSharedHop.self) { event in model.mutate { $0.append(event.key) }
            }
        }
        keep.value = tokens
    }

    func publishShared(from publisher: Int, number: Int) {
        let event = ModelSharedHop(publisher: publisher, number: number)
        sharedPublished.mutate { $0.append(event.key) }
        bus.publish(event)
        reference.publish(event)
    }

    func churnSubscribe(thread: Int, number: Int) {
        let id = thread * 1_000_000 + number
        let deliveries = churnDeliveries
        let start = clock.tick()
        let token = bus.subscribe(for: ModelChurnHop.self) { event in
            deliveries.mutate { $0.append(ModelChurnDelivery(subscription: id, publish: event.key)) }
        }
        let end = clock.tick()
        churnTokens.mutate { $0[id] = token }
        churnWindows.mutate { $0[id] = ModelChurnWindow(subscribed: start...end) }
    }

    /// Ends the long-lived token-owned subscriptions and every churn subscription still live, so
    /// their handlers (which capture this world's boxes) do not outlive the test.
    func cancelEverything() {
        for token in keep.value { token.cancel() }
        let churn = churnTokens.mutate { tokens in
            defer { tokens = [:] }
            return tokens
        }
        for token in churn.values { token.cancel() }
    }

    func churnCancel(thread: Int, pick: Int) {
        let mine = churnTokens.value.keys.filter { $0 / 1_000_000 == thread }.sorted()
        guard !mine.isEmpty else { return }
        let id = mine[pick % mine.count]
        let token = churnTokens.mutate { $0.removeValue(forKey: id) }
        let start = clock.tick()
        token?.cancel()
        let end = clock.tick()
        churnWindows.mutate { $0[id]?.cancelled = start...end }
    }

    func publishChurn(from publisher: Int, number: Int) {
        let event = ModelChurnHop(publisher: publisher, number: number)
        let start = clock.tick()
        bus.publish(event)
        let end = clock.tick()
        churnPublishes.mutate { $0[event.key] = start...end }
    }

    /// Broken promises among the churn deliveries, described.
    func churnViolations() -> [String] {
        let windows = churnWindows.value
        let publishes = churnPublishes.value
        var seen = Set<ModelChurnDelivery>()
        var problems: [String] = []
        for delivery in churnDeliveries.value {
            if !seen.insert(delivery).inserted { problems.append("delivered twice: \(delivery)") }
            guard let window = windows[delivery.subscription], let publish = publishes[delivery.publish]
            else {
                continue
            }
            if publish.upperBound < window.subscribed.lowerBound {
                problems.append("delivered a publish that ended before subscribe began: \(delivery)")
            }
            if publish.lowerBound > window.cancelled.upperBound {
                problems.append("delivered a publish that began after cancel() returned: \(delivery)")
            }
        }
        for (id, window) in windows {
            for (key, publish) in publishes
            where publish.lowerBound > window.subscribed.upperBound
                && publish.upperBound < window.cancelled.lowerBound
                && !seen.contains(ModelChurnDelivery(subscription: id, publish: key))
            {
                problems.append("missed publish \(key) although subscription \(id) was live throughout")
            }
        }
        return problems
    }
}

struct ModelChurnWindow: Sendable {
    var subscribed: ClosedRange<Int>
    var cancelled = Int.max...Int.max
}

struct ModelChurnDelivery: Hashable, Sendable {
    let subscription: Int
    let publish: Int
}

extension ModelSharedHop {
    var key: Int { publisher * 1_000_000 + number }
}

extension ModelChurnHop {
    var key: Int { publisher * 1_000_000 + number }
}
