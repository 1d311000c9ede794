import EventBus
import Testing

@Suite("Publishing")
struct PublishTests {
    @Test func routesByConcreteTypeEvenWhenFieldsMatch() {
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner) { (owner, event: Ping) in owner.log.append("ping \(event.number)") }
        sut.subscribe(owner: owner) { (owner, event: PingLookalike) in owner.log.append("lookalike") }

        sut.publish(Ping(number: 1))

        #expect(owner.log.all == ["ping 1"])
    }

    @Test func deliversSynchronouslyInSubscriptionOrder() {
        let sut = EventBus()
        let log = Log()
        let owners = (0..<5).map { Owner("o\($0)", log: log) }
        for owner in owners {
            sut.subscribe(owner: owner) { (owner, _: Ping) in owner.log.append(owner.name) }
        }

        sut.publish(Ping())

        #expect(log.all == ["o0", "o1", "o2", "o3", "o4"])
    }

    @Test func eventOnlyHandlerReceivesTheEvent() {
        let sut = EventBus()
        let owner = Owner()
        let log = owner.log
        sut.subscribe(owner: owner) { (event: Ping) in log.append("got \(event.number)") }

        sut.publish(Ping(number: 7))

        #expect(log.all == ["got 7"])
    }

    @Test func publishingWithoutSubscribersIsHarmless() {
        let sut = EventBus()
        sut.publish(Ping())
    }

    @Test func nestedPublishRunsDepthFirst() {
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner) { [weak sut] (owner, _: Ping) in
            owner.log.append("ping start")
            sut?.publish(Pong())
            owner.log.append("ping end")
        }
        sut.subscribe(owner: owner) { (owner, _: Pong) in owner.log.append("pong") }

        sut.publish(Ping())

        #expect(owner.log.all == ["ping start", "pong", "ping end"])
    }

    @Test func subscriptionAddedDuringPublishGetsTheNextEventNotTheCurrentOne() {
        let sut = EventBus()
        let owner = Owner()
        sut.subscribeOnce(owner: owner) { (owner, _: Ping) in
            sut.subscribe(owner: owner) { (owner, event: Ping) in owner.log.append("late \(event.number)") }
        }

        sut.publish(Ping(number: 1))
        sut.publish(Ping(number: 2))

        #expect(owner.log.all == ["late 2"])
    }

    @Test func subscriptionCancelledBeforeItsTurnIsSkipped() {
        let sut = EventBus()
        let log = Log()
        let first = Owner("first", log: log)
        let second = Owner("second", log: log)
        let secondToken = LockBox<SubscriptionToken?>(nil)
        sut.subscribe(owner: first) { (owner, _: Ping) in
            owner.log.append(owner.name)
            secondToken.value?.cancel()
        }
        secondToken.value = sut.subscribe(owner: second) { (owner, _: Ping) in owner.log.append(owner.name) }

        sut.publish(Ping())

        #expect(log.all == ["first"])
    }

    @Test func handlerMayUnsubscribeItsOwnerWithoutDeadlock() {
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner) { (owner, _: Ping) in
            owner.log.append("once")
            sut.unsubscribeAll(owner: owner)
        }

        sut.publish(Ping())
        sut.publish(Ping())

        #expect(owner.log.all == ["once"])
    }

    @Test func publishingAnExistentialRoutesByItsDynamicType() {
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner) { (owner, _: Ping) in owner.log.append("ping") }
        let event: any EventBusEvent = Ping()

        sut.publish(event)

        #expect(owner.log.all == ["ping"])
    }

    @Test func separateBusesDoNotShareSubscriptions() {
        let sut = EventBus()
        let other = EventBus()
        let owner = Owner()
        other.subscribe(owner: owner) { (owner, _: Ping) in owner.log.append("other") }

        sut.publish(Ping())

        #expect(owner.log.all.isEmpty)
    }
}
