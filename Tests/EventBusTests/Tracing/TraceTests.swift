import EventBus
import EventBusTracing
import Foundation
import Testing

private struct Order: EventBusEvent, Codable, Equatable {
    var id: UInt64
    var items: [String]
}

private struct Opaque: EventBusEvent {}

private struct Stamped: EventBusEvent, Codable, Equatable {
    var at: Date
}

private struct Level: EventBusEvent, Codable, Equatable {
    var value: Int
}

private func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appending(path: "eventbus-\(UUID().uuidString)-\(name)").path
}

@Suite("Trace files")
struct TraceTests {
    @Test func aTraceReadsBackEveryPublishWithCallSiteParentRecipientsAndPayload() throws {
        let path = temporaryPath("trace.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bus = EventBus()
        let owner = NSObject()
        bus.subscribe(owner: owner) { [unowned bus] (_, _: Order) in bus.publish(Opaque()) }
        let sut = try TraceWriter(path: path)
        let tap = sut.attach(to: bus)

        bus.publish(Order(id: UInt64.max, items: ["tea"]))
        let line = #line - 1
        #expect(sut.close() == .writing(lines: 2))
        tap.cancel()

        let trace = try Trace(contentsOf: path)
        #expect(trace.entries.map(\.eventTypeName) == ["Order", "Opaque"])
        let order = trace.entries[0]
        #expect(order.fileID == "EventBusTests/TraceTests.swift")
        #expect(order.line == UInt(line))
        #expect(order.function == "aTraceReadsBackEveryPublishWithCallSiteParentRecipientsAndPayload()")
        #expect(order.parentSequenceNumber == nil)
        #expect(
            order.recipients == [
                PublishRecord.Recipient(subscriberName: "NSObject", executorLabel: "publisher")
            ])
        #expect(try order.decodePayload(as: Order.self) == Order(id: UInt64.max, items: ["tea"]))
        let opaque = trace.entries[1]
        #expect(opaque.parentSequenceNumber == order.sequenceNumber)
        #expect(opaque.payload == nil)
        #expect(opaque.reachedCount == 0)
    }

    @Test func aNestedPublishIsWrittenAfterThePublishThatMadeItWithTimesThatOnlyGoForward() throws {
        // The tap hears Opaque (nested) before Order; the file has Order first (issue 19's
        // rule for recordings, kept when the demo's recordings became traces).
        let path = temporaryPath("ordered.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bus = EventBus()
        let owner = NSObject()
        bus.subscribe(owner: owner) { [unowned bus] (_, _: Order) in
            bus.publish(Opaque())
            bus.publish(Opaque())
        }
        let sut = try TraceWriter(path: path)
        let tap = sut.attach(to: bus)

        for id in 0..<3 { bus.publish(Order(id: UInt64(id), items: [])) }
        sut.close()
        tap.cancel()

        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
        let written = try lines.map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        let sequence = written.map { $0["seq"] as! Int }
        let times = written.map { $0["time"] as! Double }
        #expect(sequence == Array(1...9))
        let tree = ["Order", "Opaque", "Opaque"]
        #expect(written.map { $0["type"] as! String } == tree + tree + tree)
        #expect(times == times.sorted())
        #expect(lines.first?.hasPrefix(#"{"seq":1,"time":"#) == true)
    }

    @Test func closeWritesNestedPublishesWhoseTopLevelPublishWasNeverHeard() throws {
        // The trace stops inside a publish: the nested one was heard, its parent never is.
        let path = temporaryPath("orphan.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bus = EventBus()
        let owner = NSObject()
        let tracing = LockBox<SubscriptionToken?>(nil)
        bus.subscribe(owner: owner) { [unowned bus] (_, _: Order) in
            bus.publish(Opaque())
            tracing.value?.cancel()
        }
        let sut = try TraceWriter(path: path)
        tracing.mutate { $0 = sut.attach(to: bus) }

        bus.publish(Order(id: 1, items: []))

        #expect(sut.close() == .writing(lines: 1))
        #expect(try Trace(contentsOf: path).entries.map(\.eventTypeName) == ["Opaque"])
    }

    @Test func stopsSkipsDropsStartAndDatesRoundTrip() throws {
        let path = temporaryPath("details.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bus = EventBus()
        let owner = NSObject()
        bus.intercept(owner: owner, priority: 10) { (_, _: Order) in .stop }
        bus.subscribe(owner: owner) { (_, _: Order) in }
        bus.states(for: Level.self).subscribe(owner: owner) { (_, _: Level) in }
        let stream = bus.stream(for: Opaque.self, buffering: .keepNewest(0))
        let sut = try TraceWriter(path: path)
        let tap = sut.attach(to: bus)
        let date = Date(timeIntervalSince1970: 1_764_000_000.25)

        bus.publish(Order(id: 1, items: []))
        bus.publishState(Level(value: 1))
        bus.publishState(Level(value: 1))
        bus.publish(Opaque())
        bus.publish(Stamped(at: date))
        sut.close()
        tap.cancel()
        _ = stream

        let trace = try Trace(contentsOf: path)
        #expect(trace.start.map { abs($0.timeIntervalSince(sut.startDate)) < 0.001 } == true)
        let entries = trace.entries
        #expect(entries.map(\.eventTypeName) == ["Order", "Level", "Level", "Opaque", "Stamped"])
        #expect(entries[0].consumedBy?.delivery == .interceptor && entries[0].reachedCount == 1)
        #expect(entries[2].skips.map(\.reason) == ["automatic skipRepeats"] && entries[2].reachedCount == 0)
        #expect(entries[3].droppingRecipients.map(\.delivery) == [.stream])
        #expect(try entries[4].decodePayload(as: Stamped.self) == Stamped(at: date))
        #expect(
            String(decoding: entries[4].payload ?? Data(), as: UTF8.self)
                == #"{"at":"2025-11-24T16:00:00.250Z"}"#)
    }

    @Test func theWriterStopsAtItsSizeCapAndSaysSo() throws {
        let path = temporaryPath("capped.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bus = EventBus()
        let sut = try TraceWriter(path: path, maximumBytes: 1_000)
        let tap = sut.attach(to: bus)

        for id in 0..<100 { bus.publish(Order(id: UInt64(id), items: [])) }
        let status = sut.close()
        tap.cancel()

        guard case .full(let lines) = status else {
            Issue.record("expected a full trace, got \(status)")
            return
        }
        #expect(lines > 0 && lines < 100)
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        #expect((size ?? .max) <= 1_000)
        #expect(try Trace(contentsOf: path).entries.count == lines)
    }

    @Test func badFilesFailWithTheLineAndReason() {
        func reason(_ text: String) -> String? {
            do {
                _ = try Trace(data: Data(text.utf8), path: "t.jsonl")
                return nil
            } catch { return error.description }
        }

        #expect(reason("") == "t.jsonl:1: empty, not a trace")
        #expect(
            reason("{\"format\":\"other\"}\n")
                == "t.jsonl:1: a \"other\" file, not a trace (the first line should be \(TraceFormat.header))"
        )
        #expect(reason("{\"format\":\"eventbus-trace\",\"version\":9}\n")?.contains("version 9") == true)
        let header = TraceFormat.header + "\n"
        #expect(reason(header + "nope\n") == "t.jsonl:2: not valid JSON")
        #expect(reason(header + "{\"seq\":1") == "t.jsonl:2: cut off (truncated file)")
        #expect(reason(header + "{\"seq\":1}\n")?.hasPrefix("t.jsonl:2: not a trace line") == true)
        #expect(throws: TraceError.self) { try Trace(contentsOf: temporaryPath("missing")) }
    }

    @Test func aWriterThatCannotCreateItsFileThrows() {
        #expect(throws: TraceError.self) { try TraceWriter(path: "/nonexistent-folder/trace.jsonl") }
    }
}
