import Testing

@testable import EventBus

/// The hand-off's own contract, for the paths the async-handler and paced-stream suites cannot
/// reach from the public API: a consumer woken while it waits, and the hand-over hook.
@Suite("HandOffBuffer (publishers to one consuming task)", .timeLimit(.minutes(3)))
struct HandOffBufferTests {
    @Test func finishWakesAWaitingConsumerWithNilAndRefusesLaterOffers() async {
        let sut = HandOffBuffer<Int, Void>(policy: .unbounded)
        let consumer = Task { await sut.next() }
        await waitUntil { sut.hasWaitingConsumer }

        sut.finish()

        #expect(await consumer.value == nil)
        #expect(!sut.hasWaitingConsumer)
        #expect(sut.offer(1) == .skipped)
        #expect(await sut.next() == nil)
    }

    @Test func cancellingAConsumerThatEndsOnCancelWakesItWithNilForGood() async {
        let sut = HandOffBuffer<Int, Void>(policy: .unbounded)
        let consumer = Task { await sut.next(endsOnCancel: true) }
        await waitUntil { sut.hasWaitingConsumer }

        consumer.cancel()

        #expect(await consumer.value == nil)
        // Offers still queue (only finish refuses them), but the consumer has ended.
        #expect(sut.offer(1) == .delivered)
        #expect(await sut.next(endsOnCancel: true) == nil)
        #expect(sut.counters.waitingCount == 1)
        sut.finish()
        #expect(sut.counters.waitingCount == 0)
    }

    @Test func aCancelledConsumerThatDoesNotEndOnCancelStillGetsTheNextElement() async {
        let sut = HandOffBuffer<Int, Void>(policy: .unbounded)
        let consumer = Task { await sut.next() }
        await waitUntil { sut.hasWaitingConsumer }

        consumer.cancel()
        #expect(sut.hasWaitingConsumer)
        #expect(sut.offer(7) == .delivered)

        #expect(await consumer.value == 7)
    }

    @Test func theHandOverHookRunsForEachElementTheConsumerGetsAndNoOther() async {
        let sut = HandOffBuffer<Int, Int>(policy: .keepOldest(1), extra: 0) { $0 += 1 }
        // Straight to a waiting consumer: one hand-over.
        let consumer = Task { await sut.next() }
        await waitUntil { sut.hasWaitingConsumer }
        #expect(sut.offer(1) == .delivered)
        #expect(await consumer.value == 1)
        #expect(sut.extra == 1)

        // Queued and rejected: none; taken from the buffer: one more.
        #expect(sut.offer(2) == .delivered)
        #expect(sut.offer(3) == .dropped)
        #expect(sut.extra == 1)
        #expect(await sut.next() == 2)
        #expect(sut.extra == 2)
        #expect(sut.counters.waitingCount == 0)
        #expect(sut.counters.droppedCount == 1)
    }
}
