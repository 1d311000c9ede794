import Testing

@testable import EventBus

@Suite("Failure reporter (default handler bookkeeping)")
struct FailureReporterTests {
    @Test func theDefaultWritesOncePerSubscriptionAndEventType() {
        let sut = ReportedTypes()

        let first = sut.firstReport(of: ObjectIdentifier(Ping.self))
        let again = sut.firstReport(of: ObjectIdentifier(Ping.self))
        let otherType = sut.firstReport(of: ObjectIdentifier(Pong.self))

        #expect([first, again, otherType] == [true, false, true])
    }

    @Test func aCustomHandlerGetsEveryFailureEvenAfterTheFirst() {
        let taps = TapStore()
        let sut = FailureReporter(taps: taps)
        let seen = LockBox(0)
        sut.setHandler { _ in seen.mutate { $0 += 1 } }
        let subscription = OwnerlessSubscription<Ping> { _ in }
        struct Boom: Error {}

        sut.report(Boom(), event: Ping(), by: subscription, isFirstForType: true)
        sut.report(Boom(), event: Ping(), by: subscription, isFirstForType: false)

        #expect(seen.value == 2)
    }
}
