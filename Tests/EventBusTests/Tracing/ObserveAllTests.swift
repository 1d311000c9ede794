import EventBus
import EventBusTesting
import Testing

@Suite("Observe-all tap")
struct ObserveAllTests {
    @Test func seesEveryPublishWithTypeNameAndReach() {
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner) { (_, _: Ping) in }
        sut.subscribe(owner: owner) { (_, _: Ping) in }
        let records = LockBox<[PublishRecord]>([])
        let token = sut.observeAll { record in records.mutate { $0.append(record) } }

        sut.publish(Ping(number: 3))
        sut.publish(Pong())

        let seen = records.value
        #expect(seen.map(\.eventTypeName) == ["Ping", "Pong"])
        #expect(seen.map(\.recipients.count) == [2, 0])
        #expect((seen.first?.event as? Ping)?.number == 3)
        token.cancel()
    }

    @Test func reportsWhereTheReachedSubscriptionsRun() {
        let sut = EventBus()
        let owner = Owner()
        let executor = ManualExecutor()
        sut.subscribe(owner: owner) { (_, _: Ping) in }
        sut.subscribe(owner: owner, on: executor) { (_, _: Ping) in }
        sut.subscribe(owner: owner) { (_, _: Ping) in }
        let labels = LockBox<[String]>([])
        let token = sut.observeAll { labels.value = $0.executorLabels }

        sut.publish(Ping())

        #expect(labels.value == ["publisher", "manual"])
        token.cancel()
    }

    @Test func namesWhoReceivedTheEventAndWhere() {
        let sut = EventBus()
        let owner = Owner()
        let executor = ManualExecutor()
        sut.subscribe(owner: owner) { (_, _: Ping) in }
        sut.subscribe(owner: owner, on: executor) { (_, _: Ping) in }
        let ownerless = sut.subscribe { (_: Ping) in }
        let stream = sut.stream(for: Ping.self)
        let recipients = LockBox<[PublishRecord.Recipient]>([])
        let token = sut.observeAll { recipients.value = $0.recipients }

        sut.publish(Ping())

        #expect(
            recipients.value == [
                .init(subscriberName: "Owner", executorLabel: "publisher"),
                .init(subscriberName: "Owner", executorLabel: "manual", delivery: .executor),
                .init(subscriberName: "ownerless", executorLabel: "publisher"),
                .init(subscriberName: "AsyncStream", executorLabel: "publisher", delivery: .stream),
            ])
        token.cancel()
        ownerless.cancel()
        _ = stream
    }

    @Test func cancelledSubscriptionsDoNotCountAsReached() {
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner) { (_, _: Ping) in }.cancel()
        let reached = LockBox(-1)
        let token = sut.observeAll { reached.value = $0.recipients.count }

        sut.publish(Ping())

        #expect(reached.value == 0)
        token.cancel()
    }

    @Test func sequenceNumbersOrderNestedPublishesAfterTheirParent() {
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner) { [weak sut] (_, _: Ping) in sut?.publish(Pong()) }
        let records = LockBox<[PublishRecord]>([])
        let token = sut.observeAll { record in records.mutate { $0.append(record) } }

        sut.publish(Ping())

        let seen = records.value
        #expect(seen.map(\.eventTypeName) == ["Pong", "Ping"])
        #expect(seen[0].sequenceNumber > seen[1].sequenceNumber)
        token.cancel()
    }

    @Test func releasingTheTokenRemovesTheObserver() {
        let sut = EventBus()
        let count = LockBox(0)
        var token: SubscriptionToken? = sut.observeAll { _ in count.mutate { $0 += 1 } }
        sut.publish(Ping())

        token = nil
        sut.publish(Ping())

        #expect(token == nil)
        #expect(count.value == 1)
    }

    @Test(.timeLimit(.minutes(3)))
    func aTapThatPublishesWhatItSeesDoesNotHearItsOwnPublishes() {
        // Given a tap that publishes a note about every publish it observes (a logging tap)
        let sut = EventBus()
        let notes = LockBox(0)
        let token = sut.subscribe(for: Pong.self) { _ in notes.mutate { $0 += 1 } }
        let seen = LockBox<[String]>([])
        let tap = sut.observeAll { [unowned sut] record in
            seen.mutate { $0.append(record.eventTypeName) }
            sut.publish(Pong())
        }

        // When something is published (this never returned before)
        sut.publish(Ping())

        // Then the note was delivered, and the tap heard only the publish it did not make
        #expect(notes.value == 1)
        #expect(seen.value == ["Ping"])
        withExtendedLifetime((token, tap)) {}
    }

    @Test(.timeLimit(.minutes(3)))
    func aFailureHandlerThatPublishesAnEventWhoseHandlerThrowsDoesNotLoop() {
        // Given a failure handler that publishes an alert, and an alert handler that throws
        struct Boom: Error {}
        let sut = EventBus()
        let owner = Owner()
        let reports = LockBox<[String]>([])
        sut.setFailureHandler { [unowned sut] failure in
            reports.mutate { $0.append(failure.eventTypeName) }
            sut.publish(Pong())
        }
        sut.subscribe(owner: owner) { (_: Owner, _: Ping) throws in throw Boom() }
        sut.subscribe(owner: owner) { (_: Owner, _: Pong) throws in throw Boom() }

        // When the first handler throws
        sut.publish(Ping())

        // Then the failure handler heard that error only: the alert's error went to the default
        #expect(reports.value == ["Ping"])
    }
}
