import EventBus
import EventBusTesting
import Testing

@Suite("Dead events")
struct DeadEventTests {
    @Test func aPublishThatReachesNobodyIsRepublishedAsADeadEvent() {
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner) { (owner, dead: DeadEvent) in
            owner.log.append("\(dead.eventTypeName) \((dead.event as? Ping)?.number ?? -1)")
        }

        sut.publish(Ping(number: 7))

        #expect(owner.log.all == ["Ping 7"])
    }

    @Test func aPublishThatReachedSomeoneIsNotDead() {
        let sut = EventBus()
        let owner = Owner()
        let executor = ManualExecutor()
        sut.subscribe(owner: owner) { (owner, _: DeadEvent) in owner.log.append("dead") }
        sut.subscribe(owner: owner, on: executor) { (_, _: Ping) in }
        sut.intercept(owner: owner, priority: 1) { (_, _: Pong) in .stop }

        sut.publish(Ping())
        sut.publish(Pong())

        #expect(owner.log.all.isEmpty)
    }

    @Test func thereIsNeverADeadEventAboutADeadEvent() {
        let sut = EventBus()
        let owner = Owner()
        let tapped = LockBox<[String]>([])
        let tap = sut.observeAll { record in tapped.mutate { $0.append(record.eventTypeName) } }
        let token = sut.subscribe(owner: owner) { (_, _: DeadEvent) in }
        token.cancel()  // someone once listened, nobody listens now

        sut.publish(Ping())

        #expect(tapped.value == ["DeadEvent", "Ping"])
        tap.cancel()
    }

    @Test func aBusWhereNobodyEverSubscribedToDeadEventsPublishesNone() {
        let sut = EventBus()
        let tapped = LockBox<[String]>([])
        let tap = sut.observeAll { record in tapped.mutate { $0.append(record.eventTypeName) } }

        sut.publish(Ping())

        #expect(tapped.value == ["Ping"])
        tap.cancel()
    }

    @Test func aStaleSubscriptionWhoseOwnerIsGoneDoesNotCountAsReached() {
        let sut = EventBus()
        let listener = Owner()
        sut.subscribe(owner: listener) { (owner, _: DeadEvent) in owner.log.append("dead") }
        do {
            let doomed = Owner()
            sut.subscribe(owner: doomed) { (_, _: Ping) in }
        }

        sut.publish(Ping())

        #expect(listener.log.all == ["dead"])
    }

    @Test(.timeLimit(.minutes(3)))
    func aDeadEventHandlerThatPublishesAnEventNobodyHearsRunsOnce() {
        // Given a dead-event handler that publishes an event nobody subscribes to
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner) { [unowned sut] (owner, dead: DeadEvent) in
            owner.log.append(dead.eventTypeName)
            sut.publish(Pong(number: owner.log.count))
        }

        // When an event nobody hears is published (this publish never returned before)
        sut.publish(Ping())

        // Then the handler heard about the first one only: the Pong it published is dropped
        #expect(owner.log.all == ["Ping"])

        // And the next publish from outside a dead event is reported again
        sut.publish(Ping())
        #expect(owner.log.all == ["Ping", "Ping"])
    }

    @Test(.timeLimit(.minutes(3)))
    func aDeadEventQueuedBeyondTheNestingLimitCannotLoopEither() {
        // Given a chain of publishes that reaches the nesting limit and then publishes an event
        // nobody hears, and a dead-event handler that publishes another such event
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner) { [unowned sut] (_, event: Level) in
            if event.number < EventBus.nestingLimit {
                sut.publish(Level(number: event.number + 1))
            } else {
                sut.publish(Ping())
            }
        }
        sut.subscribe(owner: owner) { [unowned sut] (owner, dead: DeadEvent) in
            owner.log.append(dead.eventTypeName)
            sut.publish(Pong())
        }

        // When the chain runs: the dead event and what its handler publishes wait in the queue
        sut.publish(Level(number: 1))

        // Then the handler ran once, for the Ping
        #expect(owner.log.all == ["Ping"])
    }
}

private struct Level: EventBusEvent {
    let number: Int
}
