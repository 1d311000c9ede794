import EventBus
import EventBusTesting

/// What an owner's introspection answers, for comparing two spellings.
struct Introspection: Equatable {
    var isSubscribed: Bool
    var isSubscribedToPings: Bool
    var count: Int
}

/// One scenario per area of the API, written once with the new spellings and once with the
/// deprecated ones, so a test can run both and compare.
protocol Spellings: Sendable {
    func subscribeEveryKind(on bus: EventBus, owner: Owner, executor: ManualExecutor) -> [SubscriptionToken]
    func observeBaskets(on bus: EventBus, owner: Owner) -> SubscriptionToken
    func currentBasket(on bus: EventBus) -> Basket?
    func clearBaskets(on bus: EventBus)
    func streams(on bus: EventBus, clock: ManualClock)
        -> (plain: AsyncStream<Ping>, counted: EventStream<Ping>, paced: EventStream<Ping>)
    func introspect(on bus: EventBus, owner: Owner) -> Introspection
    func unsubscribe(_ owner: Owner, fromPingsOn bus: EventBus)
    func unsubscribeAll(_ owner: Owner, on bus: EventBus)
    func subscribeAsync(on bus: EventBus, owner: Owner) -> ([SubscriptionToken], EventRecorder<Ping>)
    @MainActor func subscribeOnMain(on bus: EventBus, owner: Owner) -> [AnyObject]
}

/// Logs `kind` and the ping's number to `owner`'s log.
func note(_ kind: String, _ owner: Owner, _ ping: Ping) {
    owner.log.append("\(kind) \(ping.number)")
}

struct NewSpellings: Spellings {
    func subscribeEveryKind(on bus: EventBus, owner: Owner, executor: ManualExecutor) -> [SubscriptionToken] {
        let anyOwner: AnyObject = owner
        let clock = ManualClock()
        return [
            bus.subscribe(owner: owner, for: Ping.self) { owner, ping in note("owned", owner, ping) },
            bus.subscribe(owner: anyOwner, for: Ping.self) { _, ping in note("any owner", owner, ping) },
            bus.subscribe(owner: owner, for: Ping.self) { ping in note("event only", owner, ping) },
            bus.subscribe(for: Ping.self) { ping in note("ownerless", owner, ping) },
            bus.subscribeOnce(owner: owner, for: Ping.self) { owner, ping in note("once", owner, ping) },
            bus.subscribe(owner: owner, for: Ping.self, on: executor) { owner, ping in
                note("lane", owner, ping)
            },
            bus.subscribe(owner: owner, for: Ping.self, on: executor, buffering: .keepNewest(4)) {
                owner, ping in
                note("bounded lane", owner, ping)
            },
            bus.subscribe(owner: owner, for: Ping.self) { (owner, ping) throws in
                note("throwing", owner, ping)
            },
            bus.subscribe(for: Ping.self) { (ping) throws in note("throwing ownerless", owner, ping) },
            bus.subscribe(owner: owner, for: Ping.self, on: executor) { (owner, ping) throws in
                note("throwing lane", owner, ping)
            },
            bus.intercept(owner: owner, for: Ping.self) { owner, ping in
                note("interceptor", owner, ping)
                return .proceed
            },
            bus.intercept(for: Ping.self) { ping in
                note("ownerless interceptor", owner, ping)
                return .proceed
            },
            bus.subscribeStepping(owner: owner, for: Ping.self, buffering: .unbounded) {
                owner, ping, promise in
                note("stepping", owner, ping)
                promise(.more)
            },
            bus.subscribeStepping(owner: owner, for: Ping.self, on: executor, buffering: .unbounded) {
                owner, ping, promise in
                note("stepping lane", owner, ping)
                promise(.more)
            },
            bus.subscribeStepping(for: Ping.self, buffering: .unbounded) { ping, promise in
                note("ownerless stepping", owner, ping)
                promise(.more)
            },
            bus.subscribeStepping(for: Ping.self, on: executor, buffering: .unbounded) { ping, promise in
                note("ownerless stepping lane", owner, ping)
                promise(.more)
            },
            bus.subscribePaced(owner: owner, for: Ping.self, every: .seconds(1), clock: clock) {
                owner, ping in
                note("paced", owner, ping)
            },
            bus.subscribePaced(owner: owner, for: Ping.self, every: .seconds(1), clock: clock, on: executor) {
                owner, ping in note("paced lane", owner, ping)
            },
            bus.subscribePaced(for: Ping.self, every: .seconds(1), clock: clock) { ping in
                note("ownerless paced", owner, ping)
            },
            bus.subscribePaced(for: Ping.self, every: .seconds(1), clock: clock, on: executor) { ping in
                note("ownerless paced lane", owner, ping)
            },
        ]
    }

    func observeBaskets(on bus: EventBus, owner: Owner) -> SubscriptionToken {
        bus.states(for: Basket.self).subscribe(owner: owner) { owner, basket in
            owner.log.append(basket.items.joined())
        }
    }

    func currentBasket(on bus: EventBus) -> Basket? { bus.currentState(for: Basket.self) }

    func clearBaskets(on bus: EventBus) { bus.clearState(for: Basket.self) }

    func streams(on bus: EventBus, clock: ManualClock)
        -> (plain: AsyncStream<Ping>, counted: EventStream<Ping>, paced: EventStream<Ping>)
    {
        (
            bus.stream(for: Ping.self), bus.eventStream(for: Ping.self),
            bus.pacedStream(for: Ping.self, every: .seconds(1), clock: clock)
        )
    }

    func introspect(on bus: EventBus, owner: Owner) -> Introspection {
        Introspection(
            isSubscribed: bus.isSubscribed(owner: owner),
            isSubscribedToPings: bus.isSubscribed(owner: owner, for: Ping.self),
            count: bus.subscriptions(owner: owner).count)
    }

    func unsubscribe(_ owner: Owner, fromPingsOn bus: EventBus) {
        bus.unsubscribe(owner: owner, for: Ping.self)
    }

    func unsubscribeAll(_ owner: Owner, on bus: EventBus) { bus.unsubscribeAll(owner: owner) }

    func subscribeAsync(on bus: EventBus, owner: Owner) -> ([SubscriptionToken], EventRecorder<Ping>) {
        let tokens = [
            bus.subscribeAsync(owner: owner, for: Ping.self) { owner, ping in note("async owned", owner, ping)
            },
            bus.subscribeAsync(for: Ping.self) { ping in note("async ownerless", owner, ping) },
        ]
        return (tokens, EventRecorder(for: Ping.self, on: bus))
    }

    @MainActor func subscribeOnMain(on bus: EventBus, owner: Owner) -> [AnyObject] {
        let appearance = AppearanceSubscription(for: Ping.self, on: bus) { ping in
            note("appearance", owner, ping)
        }
        appearance.appear()
        return [
            bus.subscribe(owner: owner, for: Ping.self, on: .mainActor) { owner, ping in
                note("main", owner, ping)
            },
            bus.subscribe(owner: owner, for: Ping.self, on: .mainActor, buffering: .unbounded) {
                owner, ping in
                note("main bounded", owner, ping)
            },
            bus.subscribe(owner: owner, for: Ping.self, on: .mainActor) { owner, ping in
                note("main for", owner, ping)
            },
            bus.subscribe(owner: owner, for: Ping.self, on: .mainActor, buffering: .unbounded) {
                owner, ping in
                note("main for bounded", owner, ping)
            },
            bus.subscribe(owner: owner, conformingTo: (any EventBusEvent).self, on: .mainActor) {
                owner, event in
                if let ping = event as? Ping { note("main protocol", owner, ping) }
            },
            appearance,
        ]
    }
}
