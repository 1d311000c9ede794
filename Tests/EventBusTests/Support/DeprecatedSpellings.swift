import EventBus
import EventBusTesting

/// The same scenarios through the deprecated spellings.
struct DeprecatedSpellings: Spellings {
    @available(*, deprecated, message: "calls the deprecated spellings on purpose")
    func subscribeEveryKind(on bus: EventBus, owner: Owner, executor: ManualExecutor) -> [SubscriptionToken] {
        let anyOwner: AnyObject = owner
        let clock = ManualClock()
        return [
            bus.subscribe(owner: owner, to: Ping.self) { owner, ping in note("owned", owner, ping) },
            bus.subscribe(owner: anyOwner, to: Ping.self) { _, ping in note("any owner", owner, ping) },
            bus.subscribe(owner: owner, to: Ping.self) { ping in note("event only", owner, ping) },
            bus.subscribe(to: Ping.self) { ping in note("ownerless", owner, ping) },
            bus.subscribeOnce(owner: owner, to: Ping.self) { owner, ping in note("once", owner, ping) },
            bus.subscribe(owner: owner, to: Ping.self, on: executor) { owner, ping in
                note("lane", owner, ping)
            },
            bus.subscribe(owner: owner, to: Ping.self, on: executor, buffering: .keepNewest(4)) {
                owner, ping in
                note("bounded lane", owner, ping)
            },
            bus.subscribe(owner: owner, to: Ping.self) { (owner, ping) throws in note("throwing", owner, ping)
            },
            bus.subscribe(to: Ping.self) { (ping) throws in note("throwing ownerless", owner, ping) },
            bus.subscribe(owner: owner, to: Ping.self, on: executor) { (owner, ping) throws in
                note("throwing lane", owner, ping)
            },
            bus.intercept(owner: owner, to: Ping.self) { owner, ping in
                note("interceptor", owner, ping)
                return .proceed
            },
            bus.intercept(to: Ping.self) { ping in
                note("ownerless interceptor", owner, ping)
                return .proceed
            },
            bus.subscribeStepping(owner: owner, to: Ping.self, buffering: .unbounded) {
                owner, ping, promise in
                note("stepping", owner, ping)
                promise(.more)
            },
            bus.subscribeStepping(owner: owner, to: Ping.self, on: executor, buffering: .unbounded) {
                owner, ping, promise in
                note("stepping lane", owner, ping)
                promise(.more)
            },
            bus.subscribeStepping(to: Ping.self, buffering: .unbounded) { ping, promise in
                note("ownerless stepping", owner, ping)
                promise(.more)
            },
            bus.subscribeStepping(to: Ping.self, on: executor, buffering: .unbounded) { ping, promise in
                note("ownerless stepping lane", owner, ping)
                promise(.more)
            },
            bus.subscribePaced(owner: owner, to: Ping.self, every: .seconds(1), clock: clock) { owner, ping in
                note("paced", owner, ping)
            },
            bus.subscribePaced(owner: owner, to: Ping.self, every: .seconds(1), clock: clock, on: executor) {
                owner, ping in note("paced lane", owner, ping)
            },
            bus.subscribePaced(to: Ping.self, every: .seconds(1), clock: clock) { ping in
                note("ownerless paced", owner, ping)
            },
            bus.subscribePaced(to: Ping.self, every: .seconds(1), clock: clock, on: executor) { ping in
                note("ownerless paced lane", owner, ping)
            },
        ]
    }

    @available(*, deprecated, message: "calls the deprecated spellings on purpose")
    func observeBaskets(on bus: EventBus, owner: Owner) -> SubscriptionToken {
        bus.states(of: Basket.self).subscribe(owner: owner) { owner, basket in
            owner.log.append(basket.items.joined())
        }
    }

    @available(*, deprecated, message: "calls the deprecated spellings on purpose")
    func currentBasket(on bus: EventBus) -> Basket? { bus.currentState(of: Basket.self) }

    @available(*, deprecated, message: "calls the deprecated spellings on purpose")
    func clearBaskets(on bus: EventBus) { bus.clearState(of: Basket.self) }

    @available(*, deprecated, message: "calls the deprecated spellings on purpose")
    func streams(on bus: EventBus, clock: ManualClock)
        -> (plain: AsyncStream<Ping>, counted: EventStream<Ping>, paced: EventStream<Ping>)
    {
        (
            bus.stream(Ping.self), bus.eventStream(Ping.self),
            bus.pacedStream(Ping.self, every: .seconds(1), clock: clock)
        )
    }

    @available(*, deprecated, message: "calls the deprecated spellings on purpose")
    func introspect(on bus: EventBus, owner: Owner) -> Introspection {
        Introspection(
            isSubscribed: bus.isSubscribed(owner),
            isSubscribedToPings: bus.isSubscribed(owner, to: Ping.self),
            count: bus.subscriptions(of: owner).count)
    }

    @available(*, deprecated, message: "calls the deprecated spellings on purpose")
    func unsubscribe(_ owner: Owner, fromPingsOn bus: EventBus) {
        bus.unsubscribe(owner: owner, from: Ping.self)
    }

    @available(*, deprecated, message: "calls the deprecated spellings on purpose")
    func unsubscribeAll(_ owner: Owner, on bus: EventBus) { bus.unsubscribeAll(for: owner) }

    @available(*, deprecated, message: "calls the deprecated spellings on purpose")
    func subscribeAsync(on bus: EventBus, owner: Owner) -> ([SubscriptionToken], EventRecorder<Ping>) {
        let tokens = [
            bus.subscribeAsync(owner: owner, to: Ping.self) { owner, ping in note("async owned", owner, ping)
            },
            bus.subscribeAsync(to: Ping.self) { ping in note("async ownerless", owner, ping) },
        ]
        return (tokens, EventRecorder(Ping.self, on: bus))
    }

    @available(*, deprecated, message: "calls the deprecated spellings on purpose")
    @MainActor func subscribeOnMain(on bus: EventBus, owner: Owner) -> [AnyObject] {
        let appearance = AppearanceSubscription(Ping.self, on: bus) { ping in note("appearance", owner, ping)
        }
        appearance.appear()
        return [
            bus.subscribeOnMain(owner: owner, to: Ping.self) { owner, ping in note("main", owner, ping) },
            bus.subscribeOnMain(owner: owner, to: Ping.self, buffering: .unbounded) { owner, ping in
                note("main bounded", owner, ping)
            },
            bus.subscribeOnMain(owner: owner, for: Ping.self) { owner, ping in note("main for", owner, ping)
            },
            bus.subscribeOnMain(owner: owner, for: Ping.self, buffering: .unbounded) { owner, ping in
                note("main for bounded", owner, ping)
            },
            bus.subscribeOnMain(owner: owner, conformingTo: (any EventBusEvent).self) { owner, event in
                if let ping = event as? Ping { note("main protocol", owner, ping) }
            },
            appearance,
        ]
    }
}
