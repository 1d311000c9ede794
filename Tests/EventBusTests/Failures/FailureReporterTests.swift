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

    @Test(.timeLimit(.minutes(5)))
    func aCustomHandlerReadAMillionTimesFitsInA512KiBStack() async {
        // Given a reporter with a custom handler: reading it used to wrap the stored closure in
        // two more reabstraction thunks per report, so ~8,000 reports overflowed this stack
        let sut = FailureReporter(taps: TapStore())
        let seen = LockBox(0)
        sut.setHandler { _ in seen.mutate { $0 += 1 } }
        let subscription = OwnerlessSubscription<Ping> { _ in }
        struct Boom: Error {}

        // When a million failures are reported on a thread with a 512 KiB stack (50,000 under
        // ThreadSanitizer, six times what overflowed: a million took 23 s of wall time there)
        let reports = isRunningUnderThreadSanitizer ? 50_000 : 1_000_000
        await onDedicatedThread(stackSize: 512 * 1024) {
            for _ in 0..<reports {
                sut.report(Boom(), event: Ping(), by: subscription, isFirstForType: false)
            }
        }

        // Then every one reached the handler, and the thread survived
        #expect(seen.value == reports)
    }

    @Test func aHandlerThatThrowsEveryTimeBuildsAReportOnlyWhenSomethingReadsIt() {
        // Given a bus with the default failure handler, no tap, and a handler that always throws
        let sut = EventBus()
        let owner = Owner()
        struct Boom: Error {}
        sut.subscribe(owner: owner) { (_: Owner, _: Ping) throws in throw Boom() }

        // When it throws a thousand times
        for _ in 0..<1_000 { sut.publish(Ping()) }

        // Then only the default's one line needed a report
        #expect(sut.failures.builtReportCount == 1)

        // And once a tap listens, every throw is built for it
        let tapped = LockBox(0)
        let tap = sut.observeAll { _ in
        } failures: { _ in
            tapped.mutate { $0 += 1 }
        }
        for _ in 0..<10 { sut.publish(Ping()) }
        #expect(sut.failures.builtReportCount == 11)
        #expect(tapped.value == 10)
        tap.cancel()
    }
}
