import Testing

@testable import EventBus

/// Owners typed `AnyObject`: passing one to the generic `subscribe(owner:)` with an
/// `(owner, event)` closure crashes Swift 6.3.1 ("Invalid conformance in type-checked AST").
/// These calls compile only because the bus has an `AnyObject` overload; if it goes, this file
/// stops compiling (the build crashes) rather than a user's.
@Suite("Owners typed AnyObject")
struct AnyObjectOwnerTests {
    @Test func anAnyObjectOwnerWithAnOwnerAndEventClosureIsSubscribedAndHandedBack() {
        let sut = EventBus()
        let concrete = Owner("plugin")
        let owner: AnyObject = concrete
        sut.subscribe(owner: owner) { (owner, event: Ping) in
            (owner as? Owner)?.log.append("got \(event.number)")
        }

        sut.publish(Ping(number: 1))

        #expect(concrete.log.all == ["got 1"])
        #expect(sut.isSubscribed(owner: owner, for: Ping.self))
        #expect(sut.subscriptions(owner: owner).first?.subscriberName == "Owner")
    }

    @Test func anAnyObjectOwnerIsHeldWeakly() {
        let sut = EventBus()
        let log = Log()
        var plugins: [AnyObject] = [Owner(log: log)]
        for plugin in plugins {
            sut.subscribe(owner: plugin, priority: 1) { (_, _: Ping) in log.append("ping") }
        }

        plugins = []
        sut.publish(Ping())

        #expect(log.all.isEmpty)
        #expect(!sut.hasSubscribers(forExactType: Ping.self))
    }

    @Test func anAnyObjectOwnerWithAnEventOnlyClosureUsesTheGenericVariant() {
        let sut = EventBus()
        let log = Log()
        let owner: AnyObject = Owner(log: log)
        sut.subscribe(owner: owner) { (event: Ping) in log.append("got \(event.number)") }

        sut.publish(Ping(number: 2))

        #expect(log.all == ["got 2"])
        withExtendedLifetime(owner) {}
    }
}
