import Dispatch
import EventBus
import Testing

@Suite("subscribeOnce")
struct SubscribeOnceTests {
    @Test func runsForTheFirstEventOnly() {
        let sut = EventBus()
        let owner = Owner()
        sut.subscribeOnce(owner: owner) { (owner, event: Ping) in owner.log.append("ping \(event.number)") }

        sut.publish(Ping(number: 1))
        sut.publish(Ping(number: 2))

        #expect(owner.log.all == ["ping 1"])
    }

    @Test func tokenReportsCancelledAfterFiring() {
        let sut = EventBus()
        let owner = Owner()
        let token = sut.subscribeOnce(owner: owner) { (_, _: Ping) in }

        sut.publish(Ping())

        #expect(token.isFinished)
    }

    @Test func cancelledBeforeFiringNeverRuns() {
        let sut = EventBus()
        let owner = Owner()
        let token = sut.subscribeOnce(owner: owner) { (owner, _: Ping) in owner.log.append("ping") }

        token.cancel()
        sut.publish(Ping())

        #expect(owner.log.all.isEmpty)
    }

    @Test func deliversExactlyOnceWhenPublishedConcurrently() async {
        for _ in 0..<50 {
            let sut = EventBus()
            let owner = Owner()
            sut.subscribeOnce(owner: owner) { (owner, _: Ping) in owner.log.append("ping") }

            await onDedicatedThread {
                DispatchQueue.concurrentPerform(iterations: 8) { _ in
                    sut.publish(Ping())
                }
            }

            #expect(owner.log.count == 1)
        }
    }

    @Test func neverRunsIfTheOwnerIsReleasedFirst() {
        let sut = EventBus()
        let log = Log()
        var owner: Owner? = Owner(log: log)
        sut.subscribeOnce(owner: owner!) { (owner, _: Ping) in owner.log.append("ping") }

        owner = nil
        sut.publish(Ping())

        #expect(log.all.isEmpty)
    }
}
