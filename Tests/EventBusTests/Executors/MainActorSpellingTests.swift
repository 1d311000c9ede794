import EventBusTesting
import Testing

@testable import EventBus

/// Main-actor delivery has one spelling, `subscribe(owner:for:on: .mainActor)` with a main-actor
/// handler (and its `conformingTo:` and state-query forms); `subscribeOnMain` is deprecated.
@Suite("Main-actor spelling", .timeLimit(.minutes(3)))
struct MainActorSpellingTests {
    @MainActor final class ViewModel<Event: EventBusEvent> {
        private(set) var seen: [Event] = []
        let bus: EventBus

        init(bus: EventBus) { self.bus = bus }

        /// Closure parameter types left to inference, as in `AppearanceSubscription`: the call
        /// must still pick the main-actor overload, or touching `seen` would not compile.
        func attach() {
            bus.subscribe(owner: self, for: Event.self, on: .mainActor) { owner, event in
                owner.seen.append(event)
            }
        }
    }

    @MainActor
    @Test func aMainActorOwnerTouchesItsStateFromTheHandlerWithInferredTypes() async {
        // Given
        let sut = EventBus()
        let viewModel = ViewModel<Ping>(bus: sut)
        viewModel.attach()

        // When
        sut.publish(Ping(number: 1))

        // Then
        await sut.settle(timeout: .seconds(60))
        #expect(viewModel.seen == [Ping(number: 1)])
    }

    @Test func aNonisolatedCallerStillSubscribesOnTheMainActor() async {
        // Given: code written for the executor overload, outside the main actor
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner, on: .mainActor) { (owner, event: Ping) in
            MainActor.assertIsolated()
            owner.log.append("ping \(event.number)")
        }

        // When
        sut.publish(Ping(number: 2))

        // Then
        await sut.settle(timeout: .seconds(60))
        #expect(owner.log.all == ["ping 2"])
    }

    @Test func aThrowingHandlerOnTheMainActorStillReachesTheThrowingExecutorOverload() async {
        // Given
        let sut = EventBus()
        let owner = Owner()
        let failures = LockBox(0)
        sut.setFailureHandler { _ in failures.mutate { $0 += 1 } }
        sut.subscribe(owner: owner, on: .mainActor) { (_, _: Ping) throws in throw Failure() }

        // When
        sut.publish(Ping())

        // Then
        await sut.settle(timeout: .seconds(60))
        #expect(failures.value == 1)
    }

    @MainActor
    @Test func aStateQueryOnTheMainActorTakesAMainActorHandler() async {
        // Given
        let sut = EventBus()
        sut.publishState(Reading(value: 1))
        let viewModel = ViewModel<Ping>(bus: sut)
        let values = LockBox<[Int]>([])

        // When
        sut.states(for: Reading.self).select(\.value).subscribe(owner: viewModel, on: .mainActor) {
            _, value in
            MainActor.assertIsolated()
            values.mutate { $0.append(value) }
        }
        sut.publishState(Reading(value: 2))

        // Then: the replay and the later value, in order
        await sut.settle(timeout: .seconds(60))
        #expect(values.value == [1, 2])
    }

    @MainActor
    @Test func theDeprecatedStateQuerySpellingDeliversAsTheNewOne() async {
        // Given
        let sut = EventBus()
        sut.publishState(Reading(value: 3))
        let owner = Owner()

        // When
        let spelling: any StateSpelling = OldStateSpelling()
        let token = spelling.subscribe(sut.states(for: Reading.self), owner: owner)

        // Then
        await sut.settle(timeout: .seconds(60))
        #expect(owner.log.all == ["reading 3"])
        withExtendedLifetime(token) {}
    }
}

private struct Failure: Error {}

/// Calls the deprecated state spelling through a protocol, so this file compiles without
/// deprecation warnings (warnings are errors here).
private protocol StateSpelling {
    @MainActor func subscribe(_ query: StateQuery<Reading, Reading>, owner: Owner) -> SubscriptionToken
}

private struct OldStateSpelling: StateSpelling {
    @available(*, deprecated, message: "calls the deprecated spelling on purpose")
    @MainActor func subscribe(_ query: StateQuery<Reading, Reading>, owner: Owner) -> SubscriptionToken {
        query.subscribeOnMain(owner: owner) { owner, reading in owner.log.append("reading \(reading.value)") }
    }
}
