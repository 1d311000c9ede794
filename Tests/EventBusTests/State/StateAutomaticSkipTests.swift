import EventBus
import Testing

@Suite("State: automatic skip of repeats")
struct StateAutomaticSkipTests {
    @Test func equatableSelectionSkipsRepeatsByDefault() {
        let sut = EventBus()
        let owner = Owner()
        sut.states(for: Basket.self).select(\.itemCount).subscribe(owner: owner) { owner, count in
            owner.log.append("\(count)")
        }

        sut.publishState(Basket(items: ["tea"]))
        sut.publishState(Basket(items: ["jam"]))  // same count
        sut.publishState(Basket(items: ["jam", "tea"]))

        #expect(owner.log.all == ["1", "2"])
    }

    @Test func equatableStateSkipsEqualValuesByDefault() {
        let sut = EventBus()
        let owner = Owner()
        sut.states(for: Basket.self).subscribe(owner: owner) { owner, basket in
            owner.log.append("\(basket.items)")
        }

        sut.publishState(Basket(items: ["tea"]))
        sut.publishState(Basket(items: ["tea"]))

        #expect(owner.log.all == ["[\"tea\"]"])
    }

    @Test func automaticSkippingCanBeTurnedOff() {
        let sut = EventBus()
        let owner = Owner()
        sut.states(for: Basket.self, automaticallySkipsRepeats: false).select(\.itemCount)
            .subscribe(owner: owner) { owner, count in owner.log.append("\(count)") }

        sut.publishState(Basket(items: ["tea"]))
        sut.publishState(Basket(items: ["jam"]))

        #expect(owner.log.all == ["1", "1"])
    }

    @Test func explicitSkipRepeatsByReplacesTheAutomaticStep() {
        let sut = EventBus()
        let owner = Owner()
        // Never a repeat by this predicate: the automatic `==` step must not be added on top.
        sut.states(for: Basket.self).skipRepeats { _, _ in false }
            .subscribe(owner: owner) { owner, basket in owner.log.append("\(basket.itemCount)") }

        sut.publishState(Basket(items: ["tea"]))
        sut.publishState(Basket(items: ["tea"]))

        #expect(owner.log.all == ["1", "1"])
    }

    @Test func nonEquatableSelectionIsNeverSkippedAutomatically() {
        let sut = EventBus()
        let owner = Owner()
        sut.states(for: Basket.self).select { ($0.itemCount, $0.owner) }
            .subscribe(owner: owner) { owner, pair in owner.log.append("\(pair.0)") }

        sut.publishState(Basket(items: ["tea"]))
        sut.publishState(Basket(items: ["tea"]))

        #expect(owner.log.all == ["1", "1"])
    }

    @Test func tapsReportSkippedDeliveriesWithTheReason() {
        let sut = EventBus()
        let owner = Owner()
        let skips = LockBox<[PublishRecord.Skip]>([])
        let reached = LockBox<[Int]>([])
        let tap = sut.observeAll { record in
            skips.mutate { $0 += record.skips }
            reached.mutate { $0.append(record.recipients.count) }
        }
        sut.states(for: Basket.self).select(\.itemCount).subscribe(owner: owner) { _, _ in }

        sut.publishState(Basket(items: ["tea"]))
        sut.publishState(Basket(items: ["jam"]))
        tap.cancel()

        #expect(reached.value == [1, 0])
        #expect(
            skips.value == [
                PublishRecord.Skip(
                    subscriberName: "Owner", executorLabel: "publisher", reason: "automatic skipRepeats")
            ])
    }

    @Test func aValueEverySubscriberSkippedIsNotADeadEvent() {
        let sut = EventBus()
        let owner = Owner()
        let dead = Log()
        let deadEvents = sut.subscribe(for: DeadEvent.self) { _ in dead.append("dead") }
        sut.states(for: Basket.self).subscribe(owner: owner) { _, _ in }

        sut.publishState(Basket(items: ["tea"]))
        sut.publishState(Basket(items: ["tea"]))  // skipped as a repeat
        sut.publishState(Reading(value: 1))  // nobody subscribes to Reading

        #expect(dead.all == ["dead"])
        deadEvents.cancel()
    }

    @Test func aPlainPublishEveryStateSubscriptionHoldsBackIsNotADeadEventEither() {
        let sut = EventBus()
        let owner = Owner()
        let dead = Log()
        let deadEvents = sut.subscribe(for: DeadEvent.self) { _ in dead.append("dead") }
        sut.states(for: Basket.self).subscribe(owner: owner) { _, _ in }

        sut.publish(Basket(items: ["tea"]))
        sut.publish(Basket(items: ["tea"]))  // held back as a repeat
        sut.publish(Reading(value: 1))  // nobody subscribes to Reading

        // Known bug, not fixed: the state entry answers a held-back plain publish as a skip
        // that reached nobody, so the walk reports it as a dead event (and prunes under the
        // shard lock). The fixes tried cost the plain publish path instructions.
        withKnownIssue {
            #expect(dead.all == ["dead"])
        }
        deadEvents.cancel()
    }
}
