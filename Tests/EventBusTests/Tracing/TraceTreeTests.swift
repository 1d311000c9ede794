import EventBus
import EventBusTracing
import Foundation
import Testing

private struct Root: EventBusEvent, Codable {}

private struct Link: EventBusEvent, Codable {
    var number: Int
}

private struct Thrown: Error {}

/// A trace holds a tree of any size whole until its top-level publish is heard, then writes it
/// in sequence order with every failure; what can never join a tree is written as soon as its
/// thread shows that, so the publishes kept waiting are those of the trees in progress.
@Suite("Trace files: whole trees", .timeLimit(.minutes(2)))
struct TraceTreeTests {
    private static let size = 5_000

    /// Deep: each link's handler publishes the next, far past the nesting limit. Wide: the
    /// root's handler publishes every link. Every link's handler throws.
    @Test(arguments: [true, false])
    func aTreeOfFiveThousandThrowingPublishesIsWrittenWholeInSequenceOrderWithEveryFailure(deep: Bool) throws
    {
        // Given a traced bus where a root publish makes a tree of 5,000 links
        let path = FileManager.default.temporaryDirectory.appending(
            path: "eventbus-\(UUID().uuidString)-tree.jsonl"
        )
        .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bus = EventBus()
        let owner = NSObject()
        bus.subscribe(owner: owner) { [unowned bus] (_, _: Root) in
            for number in 1...(deep ? 1 : Self.size) { bus.publish(Link(number: number)) }
        }
        bus.subscribe(owner: owner) { [unowned bus] (_, link: Link) throws in
            if deep, link.number < Self.size { bus.publish(Link(number: link.number + 1)) }
            throw Thrown()
        }
        bus.setFailureHandler { _ in }
        let sut = try TraceWriter(path: path, maximumBytes: 64 << 20)
        let tap = sut.attach(to: bus)

        // When the root is published
        bus.publish(Root())
        sut.close()
        tap.cancel()

        // Then the root comes first, every line follows in sequence order, every link's failure
        // is on its line, and time never goes back
        let entries = try Trace(contentsOf: path).entries
        #expect(entries.count == Self.size + 1)
        #expect(entries.first?.eventTypeName == "Root")
        #expect(entries.first?.lineNumber == 2)
        // `Trace` sorts by sequence number: in the file they must already be in that order
        let linesOutOfOrder = zip(entries, entries.dropFirst()).filter { $0.lineNumber > $1.lineNumber }
        #expect(linesOutOfOrder.count == 0)
        #expect(entries.filter { $0.failures.count == 1 }.count == Self.size)
        let timeGoesBack = zip(entries, entries.dropFirst()).filter { $0.time > $1.time }
        #expect(timeGoesBack.count == 0)
    }
}
