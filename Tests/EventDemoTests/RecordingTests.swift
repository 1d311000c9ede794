import EventBus
import EventBusTracing
import EventDemo
import Foundation
import TerminalUI
import Testing

@Suite("Recording and replay: writing and reading", .timeLimit(.minutes(3)))
struct RecordingTests {
    static let samples: [any DemoEvent] = [
        LoginDidStartEvent(username: "alice", session: 1),
        UserDidLoginEvent(user: Fixtures.alice, date: Fixtures.date, session: 1),
        LoginDidCancelEvent(username: "alice", session: 1),
        UserDidLogoutEvent(user: Fixtures.alice, session: 1),
        ProfileDidLoadEvent(profile: Fixtures.profile, session: 1),
        CartDidUpdateEvent(items: [CartService.catalog[0], CartService.catalog[2]]),
        CartAction.add(item: CartService.catalog[0]),
        CartAction.remove(line: 1),
        CartAction.clear,
        CartAction.checkout(orderNumber: 1001),
        CheckoutRequestedEvent(itemCount: 2, total: Money(cents: 5290)),
        CheckoutVetoedEvent(reason: "over the €100.00 limit"),
        CheckoutDidCompleteEvent(orderNumber: 1001, itemCount: 2, total: Money(cents: 5290)),
        LoyaltyDidAwardPointsEvent(userID: "alice", orderNumber: 1001, points: 52),
        PriceDidTickEvent(symbol: "BEAN", price: Money(cents: 4120), change: -12, sequence: 7),
    ]

    private static func temporaryPath(_ name: String = "recording.jsonl") -> String {
        let folder = FileManager.default.temporaryDirectory.appending(path: "eventdemo-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appending(path: name).path
    }

    private static func json(_ event: any DemoEvent) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(event), as: UTF8.self)
    }

    @Test func listsEveryDemoEventTypeInTheCatalog() {
        let sampleTypes = Set(Self.samples.map { String(describing: type(of: $0)) })

        #expect(Set(EventCatalog.types.map { String(describing: $0) }) == sampleTypes)
    }

    @Test func writesEveryPublishAndReadsItBackInPublishOrder() throws {
        // Given a library trace writer on a bus
        let path = Self.temporaryPath()
        let bus = EventBus()
        let sut = try TraceWriter(path: path)
        let token = sut.attach(to: bus)

        // When every kind of event is published
        for event in Self.samples { bus.publish(event) }
        let status = sut.close()
        token.cancel()

        // Then each is one line, read back equal, in order, with when the recording started
        let recording = try Recording(contentsOf: path)
        #expect(status == .writing(lines: Self.samples.count))
        #expect(
            try recording.events.map { try Self.json($0.event as! any DemoEvent) }
                == Self.samples.map { try Self.json($0) })
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.first?.hasPrefix(String(TraceFormat.header.dropLast()) + #","start":"20"#) == true)
        #expect(recording.start.map { abs($0.timeIntervalSinceNow) < 600 } == true)
        #expect(lines[1].hasPrefix(#"{"seq":1,"time":0"#))
        #expect(
            lines[1].contains(
                #""type":"LoginDidStartEvent","site":{"file":"EventDemoTests/RecordingTests.swift""#))
        #expect(
            lines[1].hasSuffix(#""reached":0,"recipients":[],"payload":{"session":1,"username":"alice"}}"#))
    }

    @Test func aDeadEventIsRecordedAndReplayedAboutTheEventNobodyReceived() throws {
        // Given a bus where a dead-event subscriber makes the bus publish dead events
        let path = Self.temporaryPath()
        let bus = EventBus()
        let deadEvents = bus.subscribe(for: DeadEvent.self) { _ in }
        let sut = try TraceWriter(path: path)
        let token = sut.attach(to: bus)

        bus.publish(LoginDidStartEvent(username: "alice", session: 1))
        sut.close()
        token.cancel()
        deadEvents.cancel()

        // Then the replay has the event, then a dead event about it, nested in it
        let events = try Recording(contentsOf: path).events
        #expect(events.map { "\(type(of: $0.event))" } == ["LoginDidStartEvent", "DeadEvent"])
        #expect((events.last?.event as? DeadEvent)?.eventTypeName == "LoginDidStartEvent")
        #expect(events.last?.entry.parentSequenceNumber == events.first?.sequenceNumber)
    }

    @Test func writesANestedPublishAfterThePublishThatCausedIt() throws {
        // Given a handler that publishes while handling, so the tap hears the nested event first
        // (issue 19, item 9: the file was in the order the tap heard, seq 2 before 1)
        let path = Self.temporaryPath()
        let bus = EventBus()
        let sut = try TraceWriter(path: path)
        let token = sut.attach(to: bus)
        bus.subscribe(owner: sut) { [weak bus] (_, _: LoginDidStartEvent) in
            bus?.publish(LoginDidCancelEvent(username: "alice", session: 1))
        }

        bus.publish(LoginDidStartEvent(username: "alice", session: 1))
        bus.publish(LoginDidStartEvent(username: "bob", session: 2))
        sut.close()
        token.cancel()

        let recording = try Recording(contentsOf: path)
        let written = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
        let sequenceNumbers = written.map { line in
            Int(line.split(separator: #""seq":"#)[1].prefix { $0.isNumber })!
        }
        #expect(sequenceNumbers.count == 4)
        #expect(sequenceNumbers == sequenceNumbers.sorted())
        #expect(written.first?.contains("LoginDidStartEvent") == true)
        #expect(
            recording.events.map { "\(type(of: $0.event))" } == [
                "LoginDidStartEvent", "LoginDidCancelEvent", "LoginDidStartEvent", "LoginDidCancelEvent",
            ])
    }

    @Test func replaysEveryEventALiveSessionThroughEveryServicePublishes() throws {
        // Given a session that logs in, checks out (vetoed, then placed), clears and logs out
        let path = Self.temporaryPath()
        let services = Fixtures.services()
        let sut = try TraceWriter(path: path)
        let token = sut.attach(to: services.bus)
        let keys = "l a a a a a a c x a c t l l x".split(separator: " ").compactMap {
            Key(scriptWord: String($0))
        }

        _ = HeadlessRun.run(keys: keys, size: Size(width: 100, height: 30), services: services)
        let status = sut.close()
        token.cancel()

        // Then every line replays, and a vetoed and a placed checkout are among them
        let types = Set(try Recording(contentsOf: path).events.map { "\(type(of: $0.event))" })
        #expect(status.lines > 10)
        #expect(
            types.isSuperset(of: [
                "CheckoutVetoedEvent", "CheckoutDidCompleteEvent", "UserDidLogoutEvent", "PriceDidTickEvent",
            ]))
    }

    @Test func stopsAtTheSizeCapAndSaysSo() throws {
        let path = Self.temporaryPath()
        let bus = EventBus()
        let sut = try TraceWriter(path: path, maximumBytes: 1_500)
        let token = sut.attach(to: bus)

        for _ in 0..<20 { bus.publish(LoginDidStartEvent(username: "alice", session: 1)) }
        let status = sut.close()
        token.cancel()

        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? .max
        #expect(size <= 1_500)
        #expect(status == .full(lines: try Recording(contentsOf: path).events.count))
        #expect(status.lines > 0)
    }

    @Test func aRecordingWhoseRecorderDroppedEventsReplaysAndSaysHowMany() throws {
        // Given a recording that ends with the count of events its recorder dropped
        let line =
            #"{"seq":1,"time":0.5,"type":"LoginDidStartEvent","site":{"file":"EventDemo/AuthService.swift","line":57,"function":"login(username:)"},"reached":1,"recipients":[],"payload":{"session":1,"username":"a"}}"#
        let text = TraceFormat.header + "\n" + line + "\n" + #"{"dropped":7}"# + "\n"

        // When it is read for a replay
        let sut = try Recording(data: Data(text.utf8), path: "dropped.jsonl")

        // Then its events replay and the count is known
        #expect(sut.events.count == 1)
        #expect(sut.dropped == 7)
    }

    @Test func refusesAPathItCannotCreateWithOneLine() {
        let path = Self.temporaryPath("missing-folder/recording.jsonl")
        #expect(throws: TraceError(path: path, "cannot create the trace file (no such folder)")) {
            try TraceWriter(path: path)
        }
    }
}
