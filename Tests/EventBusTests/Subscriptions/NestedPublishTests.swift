import EventBus
import Foundation
import Testing

/// Handlers that publish: depth-first up to `EventBus.nestingLimit`, queued in order beyond it,
/// so that a chain of any length fits in a small stack (issue 7).
@Suite("Nested publishing", .timeLimit(.minutes(3)))
struct NestedPublishTests {
    @Test func publishesNestedUpToTheLimitRunDepthFirst() {
        let limit = EventBus.nestingLimit
        let (sut, log) = chain(levels: limit)

        sut.publish(Level(number: 1))

        let starts = (1...limit).map { "start \($0)" }
        let ends = (1...limit).reversed().map { "end \($0)" }
        #expect(log.all == starts + ends)
    }

    @Test func publishesNestedBeyondTheLimitRunInOrderOnceTheHandlerAtTheLimitReturns() {
        let limit = EventBus.nestingLimit
        let (sut, log) = chain(levels: limit + 3)

        sut.publish(Level(number: 1))

        let nested = (1...limit).map { "start \($0)" }
        let queued = (limit...(limit + 2)).flatMap { ["end \($0)", "start \($0 + 1)"] }
        let unwound =
            ((limit + 3)...(limit + 3)).map { "end \($0)" } + (1..<limit).reversed().map { "end \($0)" }
        #expect(log.all == nested + queued + unwound)
    }

    @Test func aChainOfTenThousandPublishesCompletesOnA512KiBThread() async {
        let (sut, log) = chain(levels: 10_000, logging: false)

        await onDedicatedThread(stackSize: 512 * 1024) {
            sut.publish(Level(number: 1))
        }

        #expect(log.count == 10_000)
    }

    @Test func aChainOfTenThousandStatePublishesCompletesOnA512KiBThread() async {
        let sut = EventBus()
        let log = Log()
        sut.subscribe(owner: log) { [unowned sut] (log, event: Level) in
            if event.number < 10_000 { sut.publishState(Level(number: event.number + 1)) }
            log.append("")
        }

        await onDedicatedThread(stackSize: 512 * 1024) {
            sut.publishState(Level(number: 1))
        }

        #expect(log.count == 10_000)
        #expect(sut.currentState(for: Level.self)?.number == 10_000)
    }

    @Test func aStatePublishNestedBeyondTheLimitIsCurrentAtOnceAndDeliveredInOrderLater() {
        let limit = EventBus.nestingLimit
        let sut = EventBus()
        let log = Log()
        sut.subscribe(owner: log) { [unowned sut] (log, event: Level) in
            log.append("got \(event.number)")
            guard event.number < limit + 2 else { return }
            sut.publishState(Level(number: event.number + 1))
            // Beyond the limit the delivery waits, but the value is already the current one.
            log.append("current \(sut.currentState(for: Level.self)?.number ?? 0)")
        }

        sut.publishState(Level(number: 1))

        let nested = (1...limit).map { "got \($0)" }
        // The handler at the limit sees its value current before it is delivered; so does the
        // first queued delivery's handler. The handlers below then see the last value.
        let atTheLimit = [
            "current \(limit + 1)", "got \(limit + 1)", "current \(limit + 2)", "got \(limit + 2)",
        ]
        let unwound = Array(repeating: "current \(limit + 2)", count: limit - 1)
        #expect(log.all == nested + atTheLimit + unwound)
    }

    @Test func aLongChainBeyondTheLimitHoldsOnlyWhatStillWaits() {
        // Given a chain of 10,000 publishes whose events report their release
        let sut = EventBus()
        let released = ReleaseCounter()
        let log = Log()
        let mostAlive = LockBox(0)
        sut.subscribe(owner: log) { [unowned sut] (_, event: TrackedEvent) in
            mostAlive.mutate { $0 = max($0, event.number - released.count) }
            if event.number < 10_000 { sut.publish(released.event(event.number + 1)) }
        }

        // When it runs
        sut.publish(released.event(1))

        // Then at any time the events alive were those of the nested publishes on the stack
        // and the one waiting, not the whole history (all 10,000 stayed until the end before)
        #expect(mostAlive.value <= EventBus.nestingLimit + 2)
        #expect(released.count == 10_000)
    }

    @Test func theLimitCountsNestedPublishesOnEveryBusOfTheThread() {
        let first = EventBus()
        let second = EventBus()
        let log = Log()
        let owner = Owner(log: log)
        // Alternates between two buses: the depth is the thread's, not one bus's.
        for (bus, other) in [(first, second), (second, first)] {
            bus.subscribe(owner: owner) { [weak other] (owner, event: Level) in
                if event.number < 1_000 { other?.publish(Level(number: event.number + 1)) }
                if event.number == 1_000 { owner.log.append("reached") }
            }
        }

        first.publish(Level(number: 1))

        #expect(log.all == ["reached"])
        withExtendedLifetime(second) {}  // The handlers hold the other bus weakly.
    }

    /// Given: a bus where the handler of `Level(n)` logs, publishes `Level(n + 1)` up to
    /// `levels`, and logs again.
    private func chain(levels: Int, logging: Bool = true) -> (EventBus, Log) {
        let bus = EventBus()
        let log = Log()
        // The log is the owner: the caller keeps it, so the subscription lives as long.
        bus.subscribe(owner: log) { [unowned bus] (log, event: Level) in
            if logging { log.append("start \(event.number)") }
            if event.number < levels { bus.publish(Level(number: event.number + 1)) }
            log.append(logging ? "end \(event.number)" : "")
        }
        return (bus, log)
    }
}

private struct Level: EventBusEvent {
    let number: Int
}
