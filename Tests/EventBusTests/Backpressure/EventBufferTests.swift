import Testing

@testable import EventBus

@Suite("EventBuffer (the policy value, no threads)")
struct EventBufferTests {
    @Test func keepNewestHandsBackTheOldestItDrops() {
        var sut = EventBuffer<Int>(policy: .keepNewest(2))

        let results = (1...4).map { sut.append($0) }

        #expect(results.map(\.dropped) == [false, false, true, true])
        guard case .queuedDroppingOldest(let dropped) = results[3] else {
            Issue.record("expected the oldest to be dropped")
            return
        }
        #expect(dropped == 2)
        #expect(sut.droppedCount == 2)
        #expect([sut.popFirst(), sut.popFirst(), sut.popFirst()] == [3, 4, nil])
    }

    @Test func keepOldestHandsBackTheEventItRejects() {
        var sut = EventBuffer<Int>(policy: .keepOldest(1))

        _ = sut.append(1)
        let second = sut.append(2)

        guard case .rejected(let rejected) = second else {
            Issue.record("expected the new event to be rejected")
            return
        }
        #expect(rejected == 2)
        #expect(sut.count == 1)
    }

    @Test func staysFIFOAcrossCompactions() {
        var sut = EventBuffer<Int>(policy: .unbounded)
        var popped: [Int] = []

        for round in 0..<10 {
            for value in 0..<50 { _ = sut.append(round * 100 + value) }
            for _ in 0..<40 { popped.append(sut.popFirst()!) }
        }
        while let value = sut.popFirst() { popped.append(value) }

        #expect(popped == (0..<10).flatMap { round in (0..<50).map { round * 100 + $0 } })
    }

    @Test func removeAllReturnsWhatWaitedWithoutCountingDrops() {
        var sut = EventBuffer<Int>(policy: .keepNewest(3))
        for value in 1...3 { _ = sut.append(value) }
        _ = sut.popFirst()

        #expect(sut.removeAll() == [2, 3])
        #expect(sut.isEmpty)
        #expect(sut.droppedCount == 0)
    }

    @Test func negativeLimitsMeanZero() {
        #expect(EventBufferPolicy.keepNewest(-5).limit == 0)
        #expect(EventBufferPolicy.unbounded.limit == nil)
    }
}
