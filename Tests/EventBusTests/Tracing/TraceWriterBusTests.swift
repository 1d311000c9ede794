import EventBus
import EventBusTracing
import Foundation
import Testing

private struct Login: EventBusEvent, Codable {
    var user: String
}

private struct Tick: EventBusEvent, Codable {
    var count: Int
}

private func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appending(path: "eventbus-\(UUID().uuidString)-\(name)").path
}

/// A trace holds one bus: sequence numbers and parents are per bus, so a second bus's publishes
/// in the same file would make it unreadable (decision record 0079 in docs/decisions).
@Suite("A trace writer traces one bus")
struct TraceWriterBusTests {
    @Test func aWriterAttachedToASecondBusRefusesItAndTracesOnlyTheFirst() throws {
        // Given a writer attached to one bus
        let path = temporaryPath("two-buses.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let first = EventBus()
        let second = EventBus()
        let sut = try TraceWriter(path: path)
        let tracing = sut.attach(to: first)

        // When it is attached to a second bus too, and both publish
        let refused = sut.attach(to: second)
        #expect(!tracing.isFinished)
        first.publish(Login(user: "ada"))
        second.publish(Tick(count: 1))
        first.publish(Login(user: "bob"))
        sut.close()
        tracing.cancel()

        // Then the second attach is refused (an already cancelled token) and the file holds
        // the first bus's publishes only, each number once
        #expect(refused.isFinished)
        let entries = try Trace(contentsOf: path).entries
        #expect(entries.map(\.eventTypeName) == ["Login", "Login"])
        #expect(Set(entries.map(\.sequenceNumber)).count == entries.count)
    }

    @Test func attachingTheSameBusTwiceWritesEachPublishOnce() throws {
        let path = temporaryPath("same-bus.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bus = EventBus()
        let sut = try TraceWriter(path: path)
        let tracing = sut.attach(to: bus)

        let again = sut.attach(to: bus)
        bus.publish(Tick(count: 1))
        sut.close()
        tracing.cancel()

        #expect(again.isFinished)
        #expect(try Trace(contentsOf: path).entries.map(\.eventTypeName) == ["Tick"])
    }

    @Test func theSameBusAttachedAgainAfterItsTokenWasCancelledGoesOnWithTheTrace() throws {
        // Given a writer whose tap on a bus was cancelled
        let path = temporaryPath("again.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bus = EventBus()
        let other = EventBus()
        let sut = try TraceWriter(path: path)
        sut.attach(to: bus).cancel()
        let before = sut.attach(to: bus)
        bus.publish(Tick(count: 1))
        before.cancel()

        // When the same bus is attached again, and then another bus
        let after = sut.attach(to: bus)
        let elsewhere = sut.attach(to: other)
        #expect(!after.isFinished)
        bus.publish(Tick(count: 2))
        other.publish(Tick(count: 3))
        sut.close()
        after.cancel()

        // Then the same bus is traced on, with numbers that go on rising; the other is refused
        #expect(elsewhere.isFinished)
        let entries = try Trace(contentsOf: path).entries
        #expect(try entries.map { try $0.decodePayload(as: Tick.self).count } == [1, 2])
        #expect(entries.map(\.sequenceNumber) == entries.map(\.sequenceNumber).sorted())
        #expect(Set(entries.map(\.sequenceNumber)).count == 2)
    }
}
