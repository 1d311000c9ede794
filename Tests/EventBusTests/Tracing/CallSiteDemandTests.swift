import EventBusTesting
import Testing

@testable import EventBus

/// A throwing handler or a dead-event subscriber asks for the call sites of the publishes it
/// reports, and no others: every other publish on the bus stays on the plain path, which never
/// notes a call site. Observed through the thread's note of the running publish, which only
/// the traced path writes.
@Suite("Call sites only where asked for")
struct CallSiteDemandTests {
    /// Whether the publish running on this thread noted its call site (took the traced path).
    private static func runningPublishNotedACallSite() -> Bool {
        PublishNesting.current(key: PublishNesting.key).pointee.tracedPublish.callSite != nil
    }

    private struct Refused: Error {}

    @Test func aHandlerThatThrowsOnOneTypeLeavesTheOtherTypesOnThePlainPath() {
        // Given a bus where a handler of Ping has thrown
        let sut = EventBus()
        let failures = LockBox<[SubscriberFailure]>([])
        sut.setFailureHandler { failure in failures.mutate { $0.append(failure) } }
        let thrower = sut.subscribe(for: Ping.self) { _ in throw Refused() }
        let noted = LockBox<[Bool]>([])
        let listener = sut.subscribe(for: Pong.self) { _ in
            noted.mutate { $0.append(Self.runningPublishNotedACallSite()) }
        }
        sut.publish(Ping(number: 1))
        #expect(failures.value.count == 1)

        // When a Pong is published
        sut.publish(Pong(number: 2))

        // Then its publish noted no call site
        #expect(noted.value == [false])
        withExtendedLifetime((thrower, listener)) {}
    }

    @Test func aThrowingHandlersReportStillNamesThePublishOfItsType() {
        // Given a bus with a throwing handler of Ping
        let sut = EventBus()
        let failures = LockBox<[SubscriberFailure]>([])
        sut.setFailureHandler { failure in failures.mutate { $0.append(failure) } }
        let thrower = sut.subscribe(for: Ping.self) { _ in throw Refused() }

        // When a Ping is published
        let line: UInt = #line + 1
        sut.publish(Ping(number: 1))

        // Then the report names that publish
        #expect(failures.value.first?.callSite?.line == line)
        #expect(failures.value.first?.callSite?.fileID == #fileID)
        withExtendedLifetime(thrower) {}
    }

    @Test func aDeadEventSubscriberLeavesPublishesThatReachSomeoneOnThePlainPath() {
        // Given a bus with a dead-event subscriber and a subscriber of Pong
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner) { (owner, dead: DeadEvent) in owner.log.append(dead.eventTypeName) }
        let noted = LockBox<[Bool]>([])
        let listener = sut.subscribe(for: Pong.self) { _ in
            noted.mutate { $0.append(Self.runningPublishNotedACallSite()) }
        }

        // When a Pong is published
        sut.publish(Pong(number: 2))

        // Then it noted no call site and nothing was dead
        #expect(noted.value == [false])
        #expect(owner.log.all.isEmpty)
        withExtendedLifetime(listener) {}
    }

    @Test func aDeadEventStillNamesThePublishThatReachedNobody() {
        // Given a bus with a dead-event subscriber, and a Pong subscriber whose owner is gone
        let sut = EventBus()
        let deadOwner = Owner()
        let calls = LockBox<[CallSite]>([])
        sut.subscribe(owner: deadOwner) { (_, dead: DeadEvent) in calls.mutate { $0.append(dead.callSite) } }
        var gone: Owner? = Owner()
        sut.subscribe(owner: gone!) { (_, _: Pong) in }
        gone = nil

        // When a type nobody subscribes to, and one whose only subscriber is gone, are published
        let firstLine: UInt = #line + 1
        sut.publish(Ping(number: 1))
        let secondLine: UInt = #line + 1
        sut.publish(Pong(number: 2))

        // Then each dead event names its publish
        #expect(calls.value.map(\.line) == [firstLine, secondLine])
        #expect(calls.value.allSatisfy { $0.fileID == #fileID })
    }

    @Test func aTapHearsTheCallSitesOfTypesSubscribedBeforeAndAfterIt() {
        // Given a bus with a Ping subscriber, then a tap, then a Pong subscriber
        let sut = EventBus()
        let ping = sut.subscribe(for: Ping.self) { _ in }
        let lines = LockBox<[UInt]>([])
        let tap = sut.observeAll { record in lines.mutate { $0.append(record.callSite.line) } }
        let pong = sut.subscribe(for: Pong.self) { _ in }

        // When both are published
        let firstLine: UInt = #line + 1
        sut.publish(Ping(number: 1))
        let secondLine: UInt = #line + 1
        sut.publish(Pong(number: 2))

        // Then the tap heard each with its call site
        #expect(lines.value == [firstLine, secondLine])
        withExtendedLifetime((ping, tap, pong)) {}
    }

    @Test func aCancelledTapLeavesPublishesOnThePlainPath() {
        // Given a bus whose only tap was cancelled
        let sut = EventBus()
        let noted = LockBox<[Bool]>([])
        let listener = sut.subscribe(for: Pong.self) { _ in
            noted.mutate { $0.append(Self.runningPublishNotedACallSite()) }
        }
        let tap = sut.observeAll { _ in }
        sut.publish(Pong(number: 1))
        tap.cancel()

        // When a Pong is published
        sut.publish(Pong(number: 2))

        // Then only the publish made while tapped noted its call site
        #expect(noted.value == [true, false])
        withExtendedLifetime(listener) {}
    }
}
