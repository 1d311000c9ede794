import Foundation
import Testing

@testable import EventBusTracing

/// The order a trace is written in, publish by publish: which publishes a top-level one
/// completes, on its thread, and that what can never join a tree does not pile up.
@Suite("Trace files: publish order")
struct PublishOrderTests {
    @Test func aPublishWhoseParentWasWrittenOnAnotherThreadIsWrittenWithItsThreadsNextTree() {
        // Given a state heard on thread A whose parent is an action another thread wrote already
        // (a store's state for a queued action), inside tree 10 of thread A
        var sut = PublishOrder()
        let threadA = ObjectIdentifier(NSObject.self)
        let threadB = ObjectIdentifier(NSString.self)
        #expect(sut.add(heard(12, parent: 11, on: threadB)).isEmpty)
        #expect(sut.add(heard(11, parent: nil, on: threadB)).map(\.fields.seq) == [11, 12])
        #expect(sut.add(heard(14, parent: 11, on: threadA)).isEmpty)
        #expect(sut.add(heard(13, parent: 10, on: threadA)).isEmpty)

        // When thread A's top-level publish is heard
        let written = sut.add(heard(10, parent: nil, on: threadA))

        // Then the state is written with it, and nothing waits
        #expect(written.map(\.fields.seq) == [10, 13, 14])
        #expect(sut.waitingCount == 0)
    }

    @Test func publishesThatCanNeverJoinATreeDoNotAccumulate() {
        // Given a thread where every top-level publish comes after a publish whose own
        // top-level publish is never heard (another thread's, written earlier)
        var sut = PublishOrder()
        let thread = ObjectIdentifier(NSObject.self)
        var most = 0

        // When ten thousand such trees are heard
        for round in 0..<UInt64(10_000) {
            let root = round * 3 + 2
            _ = sut.add(heard(root + 1, parent: root - 1, on: thread))
            most = max(most, sut.waitingCount)
            _ = sut.add(heard(root, parent: nil, on: thread))
        }

        // Then at most one publish ever waits
        #expect(most == 1)
        #expect(sut.waitingCount == 0)
    }

    @Test func aPublishBegunBeforeTheTopLevelOneOnItsThreadWaitsForItsOwnTree() {
        // Given bus A's publish 1 running, whose handler published 2, then through another bus
        // made the top-level publish 3 on A
        var sut = PublishOrder()
        let thread = ObjectIdentifier(NSObject.self)
        #expect(sut.add(heard(2, parent: 1, on: thread)).isEmpty)
        #expect(sut.add(heard(4, parent: 3, on: thread)).isEmpty)

        // When 3, then 1, are heard
        let inner = sut.add(heard(3, parent: nil, on: thread))
        let outer = sut.add(heard(1, parent: nil, on: thread))

        // Then each tree is written whole when its top-level publish is heard
        #expect(inner.map(\.fields.seq) == [3, 4])
        #expect(outer.map(\.fields.seq) == [1, 2])
    }

    @Test func aDroppedTopLevelPublishCompletesWhatBeganInsideItWhenItsThreadIsHeardAgain() {
        // Given a thread whose top-level publish 5 was dropped after its nested 6 was filed
        var sut = PublishOrder()
        let thread = ObjectIdentifier(NSObject.self)
        #expect(sut.add(heard(6, parent: 5, on: thread)).isEmpty)

        // When the thread's next publish, nested in a tree still running, is filed
        var next = heard(8, parent: 7, on: thread)
        next.droppedRoot = 5
        let written = sut.add(next)

        // Then 6 is written (its tree can never be completed) and 8 waits for its own
        #expect(written.map(\.fields.seq) == [6])
        #expect(sut.waitingCount == 1)
        #expect(sut.add(heard(7, parent: nil, on: thread)).map(\.fields.seq) == [7, 8])
    }

    private func heard(_ seq: UInt64, parent: UInt64?, on thread: ObjectIdentifier) -> PublishOrder.Heard {
        PublishOrder.Heard(
            fields: TraceFormat.Line(
                seq: seq, parent: parent, time: Double(seq), type: "Link",
                site: TraceFormat.Site(file: "F.swift", line: 1, function: "f()"), reached: 0, recipients: []),
            payload: nil, thread: thread)
    }
}
