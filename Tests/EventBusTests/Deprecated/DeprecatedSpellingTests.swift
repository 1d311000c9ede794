import EventBus
import EventBusTesting
import Testing

/// The spellings from before one label per concept (`to:`, `from:`, `of:` and unlabelled for
/// the event type; `for:` and `of:` and unlabelled for the owner) still compile and do exactly
/// what their new spellings do. Each scenario runs once through the new spellings and once
/// through the deprecated ones (called from a deprecated conformance, so the build stays free
/// of warnings), and the two must agree.
@Suite("Deprecated spellings", .timeLimit(.minutes(3)))
struct DeprecatedSpellingTests {
    private let new: any Spellings = NewSpellings()
    private let old: any Spellings = DeprecatedSpellings()

    /// Subscribes every synchronous kind with `spellings`, publishes two pings, and returns the log.
    private func deliveries(through spellings: any Spellings) -> [String] {
        let sut = EventBus()
        let owner = Owner()
        let executor = ManualExecutor()
        let tokens = spellings.subscribeEveryKind(on: sut, owner: owner, executor: executor)
        sut.publish(Ping(number: 1))
        sut.publish(Ping(number: 2))
        _ = executor.drain()
        withExtendedLifetime(tokens) {}
        return owner.log.all
    }

    @Test func everyOldSubscribeSpellingDeliversWhatItsNewSpellingDelivers() {
        // Given every synchronous, queued, throwing, intercepting, stepping and paced kind
        // When two pings are published through each set of spellings
        let expected = deliveries(through: new)
        let actual = deliveries(through: old)

        // Then the old spellings log the same deliveries, in the same order: both pings for
        // each of the fifteen plain kinds, one for the once subscription, and the first for
        // each of the four paced ones (the second waits a pace interval that never passes)
        #expect(expected.count == 15 * 2 + 1 + 4)
        #expect(actual == expected)
    }

    @Test func oldStateSpellingsReadClearAndSubscribeAsTheNewOnes() {
        for spellings in [new, old] {
            // Given a bus whose current basket was published
            let sut = EventBus()
            let owner = Owner()
            sut.publishState(Basket(items: ["tea"]))

            // When a state query replays it, then the state is read and cleared
            let token = spellings.observeBaskets(on: sut, owner: owner)
            let current = spellings.currentBasket(on: sut)
            spellings.clearBaskets(on: sut)

            // Then the replay and the read saw the basket, and the clear forgot it
            #expect(owner.log.all == ["tea"])
            #expect(current == Basket(items: ["tea"]))
            #expect(sut.currentState(for: Basket.self) == nil)
            withExtendedLifetime(token) {}
        }
    }

    @Test func oldStreamSpellingsYieldThePublishedEvents() async {
        for spellings in [new, old] {
            // Given the three kinds of stream, made before anything is published
            let sut = EventBus()
            let streams = spellings.streams(on: sut, clock: ManualClock())

            // When a ping is published
            sut.publish(Ping(number: 7))

            // Then each stream yields it first
            var plain = streams.plain.makeAsyncIterator()
            var counted = streams.counted.makeAsyncIterator()
            var paced = streams.paced.makeAsyncIterator()
            #expect(await plain.next() == Ping(number: 7))
            #expect(await counted.next() == Ping(number: 7))
            #expect(await paced.next() == Ping(number: 7))
        }
    }

    @Test func oldOwnerSpellingsAnswerAndUnsubscribeAsTheNewOnes() {
        for spellings in [new, old] {
            // Given an owner subscribed to pings and pongs
            let sut = EventBus()
            let owner = Owner()
            sut.subscribe(owner: owner) { (_, _: Ping) in }
            sut.subscribe(owner: owner) { (_, _: Pong) in }

            // When it is asked about, unsubscribed from pings, then from everything
            let before = spellings.introspect(on: sut, owner: owner)
            spellings.unsubscribe(owner, fromPingsOn: sut)
            let afterPings = spellings.introspect(on: sut, owner: owner)
            spellings.unsubscribeAll(owner, on: sut)
            let afterAll = spellings.introspect(on: sut, owner: owner)

            // Then each answer follows its subscriptions
            #expect(before == Introspection(isSubscribed: true, isSubscribedToPings: true, count: 2))
            #expect(afterPings == Introspection(isSubscribed: true, isSubscribedToPings: false, count: 1))
            #expect(afterAll == Introspection(isSubscribed: false, isSubscribedToPings: false, count: 0))
        }
    }

    @Test func oldAsyncAndRecorderSpellingsDeliverAsTheNewOnes() async throws {
        for spellings in [new, old] {
            // Given async subscriptions and a recorder
            let sut = EventBus()
            let owner = Owner()
            let (tokens, recorder) = spellings.subscribeAsync(on: sut, owner: owner)

            // When a ping is published
            sut.publish(Ping(number: 3))

            // Then both async handlers and the recorder get it
            await waitUntil { owner.log.count == 2 }
            #expect(Set(owner.log.all) == ["async owned 3", "async ownerless 3"])
            #expect(try await recorder.waitForEvent(number: 1) == Ping(number: 3))
            withExtendedLifetime(tokens) {}
        }
    }

    @MainActor
    @Test func oldMainActorSpellingsDeliverAsTheNewOnes() async {
        for spellings in [new, old] {
            // Given main-actor subscriptions and an appeared appearance subscription
            let sut = EventBus()
            let owner = Owner()
            let kept = spellings.subscribeOnMain(on: sut, owner: owner)

            // When a ping is published
            sut.publish(Ping(number: 5))

            // Then each of them gets it on the main actor
            let all = [
                "main 5", "main bounded 5", "main for 5", "main for bounded 5", "main protocol 5",
                "appearance 5",
            ]
            await waitUntil { owner.log.count == all.count }
            #expect(Set(owner.log.all) == Set(all))
            withExtendedLifetime(kept) {}
        }
    }

    @Test func aCallThatLeavesTheTypeToInferenceIsNotAmbiguous() async {
        // Given calls that name the event type only through the closure or the result: with a
        // deprecated twin that also had a default they would not compile (warnings are errors,
        // so resolving to a twin would not compile either)
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner) { (owner, ping: Ping) in owner.log.append("owned \(ping.number)") }
        let token = sut.subscribe { (ping: Ping) in owner.log.append("ownerless \(ping.number)") }
        let stream: AsyncStream<Ping> = sut.stream()

        // When a ping is published
        sut.publish(Ping(number: 9))
        sut.publishState(Ping(number: 9))

        // Then the new spellings got it
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == Ping(number: 9))
        #expect(owner.log.all.prefix(2) == ["owned 9", "ownerless 9"])
        #expect(sut.currentState() == Ping(number: 9))
        withExtendedLifetime(token) {}
    }
}
