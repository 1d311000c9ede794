import EventBus
import Foundation
import Testing

@testable import EventDemo

/// The services' outbox: what they decide under their lock reaches the bus in decision order,
/// even when a second thread decides while the first is still publishing.
@Suite("Demo: services publish in the order they decide", .timeLimit(.minutes(3)))
struct ServiceStateTests {
    private struct Note: EventBusEvent, Equatable {
        var text: String
    }

    /// Runs `body` on a thread of its own (off the cooperative pool) and returns a semaphore
    /// signalled when it has finished.
    private static func onThread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        Thread {
            body()
            done.signal()
        }.start()
        return done
    }

    @Test func aDecisionMadeWhileAnotherThreadPublishesGoesOutAfterIt() {
        // Given a publish of "first" held inside a handler on another thread
        let bus = EventBus()
        let sut = ServiceState(0, bus: bus)
        let received = LockedValue<[String]>([])
        let inFirst = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let token = bus.subscribe(for: Note.self) { note in
            received.withLock { $0.append(note.text) }
            if note.text == "first" {
                inFirst.signal()
                release.wait()
            }
        }
        defer { token.cancel() }
        let firstDone = Self.onThread {
            sut.update { count, outbox in
                count += 1
                outbox.publish(Note(text: "first"))
            }
        }
        inFirst.wait()

        // When this thread decides meanwhile
        sut.update { count, outbox in
            count += 1
            outbox.publishState(Note(text: "second"))
        }
        let whileHeld = received.withLock { $0 }
        release.signal()
        firstDone.wait()

        // Then it returned without publishing, and the publishing thread sent it after "first"
        #expect(whileHeld == ["first"])
        #expect(received.withLock { $0 } == ["first", "second"])
        #expect(bus.currentState(for: Note.self) == Note(text: "second"))
        #expect(sut.read { $0 } == 2)
    }

    @Test func aStatePublishAndAClearDecidedInOrderLeaveTheBusCleared() {
        // Given a state publish held inside a handler on another thread
        let bus = EventBus()
        let sut = ServiceState((), bus: bus)
        let inPublish = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let token = bus.subscribe(for: Note.self) { _ in
            inPublish.signal()
            release.wait()
        }
        defer { token.cancel() }
        let publishDone = Self.onThread {
            sut.update { _, outbox in outbox.publishState(Note(text: "profile")) }
        }
        inPublish.wait()

        // When a clear is decided after it
        sut.update { _, outbox in outbox.clearState(for: Note.self) }
        release.signal()
        publishDone.wait()

        // Then the clear ran last
        #expect(bus.currentState(for: Note.self) == nil)
    }

    @Test func aLoginThatLandsAsTheUserSignsOutIsPublishedBeforeTheLogout() {
        // Given a login whose result is being published (held in a handler) on another thread
        let held = HeldBackground()
        let bus = EventBus()
        let sut = AuthService(bus: bus, background: held.background, now: Fixtures.now)
        let published = LockedValue<[String]>([])
        let inLogin = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let tokens = [
            bus.subscribe(for: UserDidLoginEvent.self) { event in
                published.withLock { $0.append("login \(event.session)") }
                inLogin.signal()
                release.wait()
            },
            bus.subscribe(for: UserDidLogoutEvent.self) { event in
                published.withLock { $0.append("logout \(event.session)") }
            },
        ]
        defer { tokens.forEach { $0.cancel() } }
        sut.login(username: "alice")
        let landed = Self.onThread { held.releaseAll() }
        inLogin.wait()

        // When the user signs out meanwhile
        sut.logout()
        release.signal()
        landed.wait()

        // Then the logout follows the login, and the bus no longer holds a signed-in user
        #expect(published.withLock { $0 } == ["login 1", "logout 1"])
        #expect(bus.currentState(for: UserDidLoginEvent.self) == nil)
    }
}
