import EventBus
import EventBusTracing
import Foundation
import Testing

private struct Order: EventBusEvent, Codable, Equatable {
    var id: UInt64
    var items: [String]
}

private struct Opaque: EventBusEvent {}

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
        #expect(reason("{\"format\":\"other\"}\n")?.hasPrefix("t.jsonl:1: not a trace") == true)
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
