import EventBus
import EventBusTesting
import Testing

@Suite("EventRecorder", .timeLimit(.minutes(3)))
struct EventRecorderTests {
    @Test func recordsEventsOfItsTypeInOrder() {
        let bus = EventBus()
        let sut = EventRecorder(for: Ping.self, on: bus)

        bus.publish(Ping(number: 1))
        bus.publish(Pong())
        bus.publish(Ping(number: 2))

        #expect(sut.events == [Ping(number: 1), Ping(number: 2)])
    }

    @Test func waitsForTheNthEventPublishedLater() async throws {
        let bus = EventBus()
        let sut = EventRecorder(for: Ping.self, on: bus)

        Task.detached {
            for number in 1...3 { bus.publish(Ping(number: number)) }
        }

        let third = try await sut.waitForEvent(number: 3, timeout: .seconds(60))
        #expect(third == Ping(number: 3))
    }

    @Test func returnsAtOnceWhenEnoughEventsAreRecorded() async throws {
        let bus = EventBus()
        let sut = EventRecorder(for: Ping.self, on: bus)
        bus.publish(Ping(number: 1))

        let events = try await sut.waitForEvents(count: 1)

        #expect(events == [Ping(number: 1)])
    }

    @Test func timesOutWithAClearError() async {
        let bus = EventBus()
        let sut = EventRecorder(for: Ping.self, on: bus)
        bus.publish(Ping())

        await #expect(throws: EventRecorderTimeout.self) {
            try await sut.waitForEvents(count: 2, timeout: .milliseconds(50))
        }
    }

    @Test func stopsRecordingWhenCancelled() {
        let bus = EventBus()
        let sut = EventRecorder(for: Ping.self, on: bus)

        sut.cancel()
        bus.publish(Ping())

        #expect(sut.count == 0)
    }

    @Test func cancellingTheWaitingTaskThrowsCancellationError() async {
        let bus = EventBus()
        let sut = EventRecorder(for: Ping.self, on: bus)
        let waiter = Task { try await sut.waitForEvents(count: 1, timeout: .seconds(60)) }

        waiter.cancel()

        await #expect(throws: CancellationError.self) { try await waiter.value }
    }
}
