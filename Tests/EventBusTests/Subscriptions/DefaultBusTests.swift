import EventBus
import EventBusTesting
import Testing

@Suite("EventBus.withDefault", .timeLimit(.minutes(3)))
struct DefaultBusTests {
    @Test func theDefaultIsOneSharedBusOutsideAnOverride() {
        #expect(EventBus.default === EventBus.default)
    }

    @Test func insideWithDefaultTheDefaultIsTheGivenBus() async {
        // Given
        let sut = EventBus()
        let recorder = EventRecorder(for: Ping.self, on: sut)

        // When
        await EventBus.withDefault(sut) {
            EventBus.default.publish(Ping(number: 1))
            await Task { EventBus.default.publish(Ping(number: 2)) }.value
        }

        // Then
        #expect(recorder.events == [Ping(number: 1), Ping(number: 2)])
    }

    @Test func theOverrideEndsWithTheCallAndNests() {
        let outer = EventBus()
        let inner = EventBus()
        let shared = EventBus.default

        EventBus.withDefault(outer) {
            #expect(EventBus.default === outer)
            EventBus.withDefault(inner) { #expect(EventBus.default === inner) }
            #expect(EventBus.default === outer)
        }

        #expect(EventBus.default === shared)
    }

    @Test(arguments: 0..<8)
    func parallelTestsDoNotSeeEachOthersEvents(number: Int) async {
        // Given: eight of these run in parallel, each with its own default
        let sut = EventBus()
        let recorder = EventRecorder(for: Ping.self, on: sut)

        // When
        await EventBus.withDefault(sut) {
            for _ in 0..<50 {
                EventBus.default.publish(Ping(number: number))
                await Task.yield()
            }
        }

        // Then
        #expect(recorder.events.count == 50)
        #expect(recorder.events.allSatisfy { $0.number == number })
    }
}
