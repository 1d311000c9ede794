import Testing

@testable import EventBus

/// The hand-off's own contract, for the paths the async-handler and paced-stream suites cannot
/// reach from the public API: a consumer woken while it waits, and the hand-over stamp.
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

    @Test func theStampReadBeforeEachOfferAndTakeBecomesTheExtraOnlyWhenOneHandsOver() async {
        // Given a stamp that counts its reads
        let reads = Tally()
        let sut = HandOffBuffer<Int, Int>(policy: .keepOldest(1), extra: 0) {
            reads.add()
            return reads.count
        }

        // When a waiting consumer (read 1) gets an offer straight away (read 2)
        let consumer = Task { await sut.next() }
        await waitUntil { sut.hasWaitingConsumer }
        #expect(sut.offer(1) == .delivered)
        #expect(await consumer.value == 1)
        #expect(sut.extra == 2)

        // Then queued (read 3) and rejected (read 4) offers keep it; a take from the buffer
        // (read 5) stores its own
        #expect(sut.offer(2) == .delivered)
        #expect(sut.offer(3) == .dropped)
        #expect(sut.extra == 2)
        #expect(await sut.next() == 2)
        #expect(sut.extra == 5)
        #expect(sut.counters.waitingCount == 0)
        #expect(sut.counters.droppedCount == 1)
    }

    @Test func theStampIsReadWithNoLockHeldOnEitherHandOver() async {
        // Given a stamp that asks the buffer itself, from another thread, whether a consumer
        // waits (which takes the buffer's lock)
        let buffer = LockBox<HandOffBuffer<Int, Int>?>(nil)
        let readsUnderLock = Tally()
        let sut = HandOffBuffer<Int, Int>(policy: .unbounded, extra: 0) {
            if !probeReturns({ _ = buffer.value?.hasWaitingConsumer }) { readsUnderLock.add() }
            return 1
        }
        buffer.value = sut

        // When an offer hands over to a waiting consumer, and a take pops a waiting element
        let consumer = Task { await sut.next() }
        await waitUntil { sut.hasWaitingConsumer }
        #expect(sut.offer(1) == .delivered)
        #expect(await consumer.value == 1)
        #expect(sut.offer(2) == .delivered)
        #expect(await sut.next() == 2)

        // Then every read found the lock free
        #expect(readsUnderLock.count == 0)
        #expect(sut.extra == 1)
        buffer.value = nil
    }
}
