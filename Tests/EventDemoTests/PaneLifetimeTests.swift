import EventDemo
import Testing
@testable import EventBus

@Suite("Pane lifetime", .timeLimit(.minutes(3)))
struct PaneLifetimeTests {
    @Test func releasesAPaneWhileEventsForItAreQueued() {
        onLoop {
            let bus = EventBus()
            let executor = MainLoopExecutor()
            var sut: CartPane? = CartPane(bus: bus, executor: executor)
            let released = WeakReference(sut!)

            bus.publish(CartDidUpdateEvent(items: [CartService.catalog[0]]))
            sut = nil
            executor.drain()  // The queued job finds its owner gone and does nothing.

            #expect(released.object == nil)
        }
    }

    @Test func stopsDeliveringToAReleasedPane() {
        onLoop {
            let bus = EventBus()
            let executor = MainLoopExecutor()
            var sut: LoginPane? = LoginPane(bus: bus, executor: executor)
            sut = nil

            bus.publish(LoginDidStartEvent(username: "alice", session: 1))

            #expect(sut == nil)
            #expect(executor.pendingCount == 0)  // Nothing was even queued for it.
        }
    }

    @Test func stopsTappingTheBusWhenTheEventLogIsReleased() {
        onLoop {
            let bus = EventBus()
            let executor = MainLoopExecutor()
            var sut: EventLogPane? = EventLogPane(bus: bus, executor: executor)
            sut = nil

            bus.publish(LoginDidStartEvent(username: "alice", session: 1))

            #expect(sut == nil)
            #expect(executor.pendingCount == 0)
        }
    }
}
