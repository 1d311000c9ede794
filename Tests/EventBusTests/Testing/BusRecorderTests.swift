import EventBus
import EventBusTesting
import Testing

@Suite("BusRecorder", .timeLimit(.minutes(3)))
struct BusRecorderTests {
    @Test func receivesEveryTypeInPublishOrder() async {
        // Given
        let bus = EventBus()
        let sut = BusRecorder(on: bus)

        // When
        bus.publish(Ping(number: 1))
        bus.publish(Pong(number: 2))
        bus.publish(Ping(number: 3))

        // Then
        #expect(await sut.receive(Ping.self) { $0.number == 1 } == Ping(number: 1))
        #expect(await sut.receive(Pong.self) { $0.number == 2 } == Pong(number: 2))
        #expect(await sut.receive(Ping.self) == Ping(number: 3))
        sut.finish()
    }

    @Test func givesANestedPublishAfterTheOneWhoseHandlerMadeIt() async {
        // Given: the tap hears the nested Pong before the Ping that caused it
        let bus = EventBus()
        let sut = BusRecorder(on: bus)
        let token = bus.subscribe(for: Ping.self) { ping in bus.publish(Pong(number: ping.number)) }

        // When
        bus.publish(Ping(number: 1))

        // Then
        #expect(sut.pendingRecords.map { $0.eventTypeName } == ["Ping", "Pong"])
        await sut.receive(Ping.self)
        await sut.receive(Pong.self)
        sut.finish()
        withExtendedLifetime(token) {}
    }

    @Test func waitsForAnEventPublishedLaterOnAnotherThread() async {
        let bus = EventBus()
        let sut = BusRecorder(on: bus)

        Task.detached { bus.publish(Ping(number: 7)) }

        #expect(await sut.receive(Ping.self, timeout: .seconds(60)) == Ping(number: 7))
        sut.finish()
    }

    @Test func failsWhenTheNextEventIsOfAnotherTypeShowingItsPayloadAndCallSite() async {
        let bus = EventBus()
        let sut = BusRecorder(on: bus)
        bus.publish(Pong(number: 42))

        await withKnownIssue {
            let received = await sut.receive(Ping.self)
            #expect(received == nil)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("Expected Ping") && text.contains("Pong(number: 42)")
                && text.contains("BusRecorderTests.swift:")
                && issue.sourceLocation?.fileName == "BusRecorderTests.swift"
        }
    }

    @Test func failsWhenTheNextEventDoesNotMatch() async {
        let bus = EventBus()
        let sut = BusRecorder(on: bus)
        bus.publish(Ping(number: 1))

        await withKnownIssue {
            await sut.receive(Ping.self) { $0.number == 2 }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("did not match: Ping(number: 1)")
        }
    }

    @Test func finishFailsOnceForEveryEventNobodyReceived() async {
        let bus = EventBus()
        let sut = BusRecorder(on: bus)
        bus.publish(Ping(number: 1))
        bus.publish(Pong(number: 2))
        bus.publish(Ping(number: 3))
        await sut.receive(Ping.self)

        let unreceived = LockBox<[String]>([])
        withKnownIssue {
            sut.finish()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            unreceived.mutate { $0.append(text) }
            return text.hasPrefix("Unreceived event:")
        }

        #expect(unreceived.value.count == 2)
        #expect(unreceived.value.first?.contains("Pong(number: 2), published at") == true)
    }

    @Test func aNonExhaustiveRecorderSkipsToTheMatchingEventAndFinishesQuietly() async {
        let bus = EventBus()
        let sut = BusRecorder(on: bus, exhaustive: false)
        bus.publish(Pong(number: 1))
        bus.publish(Ping(number: 2))
        bus.publish(Ping(number: 3))
        bus.publish(Pong(number: 4))

        #expect(await sut.receive(Ping.self) { $0.number == 3 } == Ping(number: 3))
        sut.finish()  // Pong 4 unreceived: no issue
    }

    @Test func recordsOnlyTheChosenTypes() async {
        let bus = EventBus()
        let sut = BusRecorder(on: bus, types: [Pong.self])
        bus.publish(Ping(number: 1))
        bus.publish(Pong(number: 2))

        #expect(await sut.receive(Pong.self) == Pong(number: 2))
        sut.finish()
    }

    @Test func timesOutByNameWhenNothingComes() async {
        let bus = EventBus()
        let sut = BusRecorder(on: bus)

        await withKnownIssue {
            await sut.receive(Ping.self, timeout: .milliseconds(50))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("for Ping, but nothing was published")
        }
    }

    @Test func stopsRecordingWhenCancelled() async {
        let bus = EventBus()
        let sut = BusRecorder(on: bus)
        sut.cancel()

        bus.publish(Ping(number: 1))

        #expect(sut.pendingRecords.isEmpty)
    }
}
