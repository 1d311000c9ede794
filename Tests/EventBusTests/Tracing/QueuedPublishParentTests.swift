import EventBus
import Testing

/// A publish queued past ``EventBus/nestingLimit`` runs after the handler that made it returned,
/// but it was still made by that handler: a tap names that publish as its parent, so a trace
/// shows one tree per top-level publish however deep the chain (decision record 0077 in
/// docs/decisions).
@Suite("Parents of publishes queued past the nesting limit")
struct QueuedPublishParentTests {
    /// The chain's length: a few levels past the limit, so the last ones are queued.
    private static let deepest = EventBus.nestingLimit + 5

    @Test func aPublishQueuedPastTheLimitNamesThePublishWhoseHandlerMadeIt() {
        // Given a chain whose handler publishes the next level, deeper than the limit
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner) { [unowned sut] (_, ping: Ping) in
            if ping.number < Self.deepest { sut.publish(Ping(number: ping.number + 1)) }
        }
        let records = LockBox<[Int: (sequence: UInt64, parent: UInt64?)]>([:])
        let tap = sut.observeAll { record in
            guard let ping = record.event as? Ping else { return }
            records.mutate { $0[ping.number] = (record.sequenceNumber, record.parentSequenceNumber) }
        }

        // When the chain runs
        sut.publish(Ping(number: 0))

        // Then every level, queued or not, names the level above it
        let byLevel = records.value
        #expect(byLevel.count == Self.deepest + 1)
        #expect(byLevel[0]?.parent == nil)
        for level in 1...Self.deepest {
            #expect(byLevel[level]?.parent == byLevel[level - 1]?.sequence, "level \(level)")
        }
        tap.cancel()
    }

    @Test func everyPublishQueuedByOneHandlerAtTheLimitNamesThatHandlersPublish() {
        // Given a handler at the limit depth that publishes two events and a state value
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner) { [unowned sut] (_, ping: Ping) in
            if ping.number < EventBus.nestingLimit - 1 {
                sut.publish(Ping(number: ping.number + 1))
            } else {
                sut.publish(Pong(number: 1))
                sut.publishState(Reading(value: 2))
                sut.publish(Pong(number: 3))
            }
        }
        let records = LockBox<[PublishRecord]>([])
        let tap = sut.observeAll { record in records.mutate { $0.append(record) } }

        // When the chain reaches the limit
        sut.publish(Ping(number: 0))

        // Then the three queued publishes, heard after the deepest ping's handler returned,
        // all name that ping
        let all = records.value
        let deepestPing = all.first { ($0.event as? Ping)?.number == EventBus.nestingLimit - 1 }
        let queued = all.filter { !($0.event is Ping) }
        #expect(queued.map(\.eventTypeName) == ["Pong", "Reading", "Pong"])
        #expect(deepestPing != nil)
        #expect(queued.allSatisfy { $0.parentSequenceNumber == deepestPing?.sequenceNumber })
        tap.cancel()
    }
}
