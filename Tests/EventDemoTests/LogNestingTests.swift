import EventBus
import EventDemo
import Foundation
import Testing

/// The log marks a nested publish under the publish whose handler made it, as the library's
/// `PublishRecord.parentSequenceNumber` says, whatever order the tap hears the records in.
@Suite("Event log: nesting from the record's parent", .timeLimit(.minutes(3)))
struct LogNestingTests {
    /// One link of a chain of handlers that each publish the next link.
    private struct Link: EventBusEvent { let number: Int }
    private struct Outer: EventBusEvent {}
    private struct Inner: EventBusEvent {}
    private struct Elsewhere: EventBusEvent {}

    @Test func aPublishQueuedPastTheNestingLimitIsMarkedUnderThePublishThatMadeIt() {
        // Past the limit a publish is queued and runs, and is heard, after the one that made it:
        // the log's old tap-order tracker gave those to a publish further out (#63).
        onLoop {
            // Given a chain of handlers ten links deeper than the bus nests
            let executor = MainLoopExecutor()
            let bus = EventBus()
            let sut = EventLogPane(bus: bus, executor: executor)
            let links = EventBus.nestingLimit + 10
            let token = bus.subscribe(for: Link.self) { [weak bus] link in
                if link.number < links { bus?.publish(Link(number: link.number + 1)) }
            }

            // When the first link is published
            bus.publish(Link(number: 1))
            executor.drain()

            // Then every link is marked under the one before it, and the first under none
            #expect(sut.entries.count == links)
            let first = sut.entries.map(\.sequenceNumber).min()!
            for entry in sut.entries {
                let expected = entry.sequenceNumber == first ? nil : entry.sequenceNumber - 1
                #expect(entry.cause == expected, "#\(entry.sequenceNumber)")
            }
            _ = token
        }
    }

    @Test func aPublishFromAnotherThreadDuringAHandlerIsNotMarkedAsNested() {
        onLoop {
            // Given a handler that, before publishing its own nested event, waits for a publish
            // made on another thread (heard first, with a number between the two)
            let executor = MainLoopExecutor()
            let bus = EventBus()
            let sut = EventLogPane(bus: bus, executor: executor)
            let token = bus.subscribe(for: Outer.self) { [weak bus] _ in
                guard let bus else { return }
                let done = DispatchSemaphore(value: 0)
                Thread {
                    bus.publish(Elsewhere())
                    done.signal()
                }.start()
                _ = done.wait(timeout: .now() + 60)
                bus.publish(Inner())
            }

            // When the outer event is published
            bus.publish(Outer())
            executor.drain()

            // Then the inner one is under it, and the other thread's is top-level
            let outer = sut.entries.first { $0.typeName == "Outer" }
            let inner = sut.entries.first { $0.typeName == "Inner" }
            let elsewhere = sut.entries.first { $0.typeName == "Elsewhere" }
            #expect(inner?.cause == outer?.sequenceNumber)
            #expect(elsewhere.map { $0.cause == nil } == true)
            #expect(outer.map { $0.cause == nil } == true)
            #expect(sut.entries.map(\.typeName) == ["Inner", "Elsewhere", "Outer"])  // newest first
            _ = token
        }
    }
}
