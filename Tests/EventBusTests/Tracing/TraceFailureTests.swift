import EventBus
import EventBusTesting
import EventBusTracing
import Foundation
import Testing

private struct Checkout: EventBusEvent, Codable {
    var total: Int
}

private struct Receipt: EventBusEvent, Codable {
    var number: Int
}

private struct DiskFull: Error {}

private struct CardDeclined: Error, CustomStringConvertible {
    var description: String { "card declined: \"insufficient funds\"" }
}

private func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appending(path: "eventbus-\(UUID().uuidString)-\(name)").path
}

/// A trace names the handlers that threw while each publish was delivered (`failures` on its
/// line), and a failure report carries the number of the publish it was thrown in.
@Suite("Handler failures in trace files")
struct TraceFailureTests {
    @Test func aTraceNamesEachSynchronousHandlerThatThrewAndItsErrorOnThePublishsLine() throws {
        // Given a bus whose handler of Checkout publishes a Receipt, and handlers of both throw
        let path = temporaryPath("failures.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bus = EventBus()
        bus.setFailureHandler { _ in }
        let owner = Owner()
        bus.intercept(owner: owner, priority: 5) { (_, _: Checkout) throws -> Propagation in
            throw DiskFull()
        }
        bus.subscribe(owner: owner) { [unowned bus] (_, checkout: Checkout) throws in
            bus.publish(Receipt(number: checkout.total))
            throw CardDeclined()
        }
        bus.subscribe(owner: owner) { (_, _: Receipt) throws in throw DiskFull() }
        let sut = try TraceWriter(path: path)
        let tap = sut.attach(to: bus)

        // When one checkout is published, then one that nobody fails on
        bus.publish(Checkout(total: 12))
        bus.publish(Receipt(number: 1))
        sut.close()
        tap.cancel()

        // Then each line names the failures thrown during its own publish, in throw order
        let entries = try Trace(contentsOf: path).entries
        #expect(entries.map(\.eventTypeName) == ["Checkout", "Receipt", "Receipt"])
        let checkout = entries[0].failures
        #expect(checkout.map(\.subscription.subscriberName) == ["Owner", "Owner"])
        #expect(checkout.map(\.subscription.delivery) == [.interceptor, .synchronous])
        #expect(checkout.map(\.subscription.priority) == [5, 0])
        #expect(checkout.map(\.errorDescription) == ["DiskFull()", #"card declined: "insufficient funds""#])
        #expect(entries[1].failures.map(\.errorDescription) == ["DiskFull()"])
        #expect(entries[1].parentSequenceNumber == entries[0].sequenceNumber)
        #expect(entries[2].failures.map(\.errorDescription) == ["DiskFull()"])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text.contains(
                #""failures":[{"subscriber":"Owner","delivery":"interceptor","executor":"publisher","priority":5,"error":"DiskFull()"},"#
            ))
    }

    @Test func aPublishWithoutFailuresHasNoFailuresFieldAndAnOldTraceReadsWithNone() throws {
        // Given a trace line as written before failures were (no "failures" field)
        let old = """
            {"format":"eventbus-trace","version":1,"start":"2026-12-01T09:41:07.512Z"}
            {"seq":1,"time":0.5,"type":"Checkout","site":{"file":"App/Cart.swift","line":3,"function":"pay()"},"reached":0,"recipients":[],"payload":{"total":1}}

            """

        // When it is read
        let entries = try Trace(data: Data(old.utf8)).entries

        // Then it has no failures, as a new line without any
        #expect(entries.count == 1 && entries[0].failures.isEmpty)
        let path = temporaryPath("quiet.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bus = EventBus()
        let sut = try TraceWriter(path: path)
        let tap = sut.attach(to: bus)
        bus.publish(Checkout(total: 1))
        sut.close()
        tap.cancel()
        #expect(try !String(contentsOfFile: path, encoding: .utf8).contains("failures"))
    }

    @Test func aSynchronousFailureCarriesTheNumberOfThePublishItWasThrownIn() {
        // Given a tapped bus with a throwing synchronous handler and a throwing executor handler
        let sut = EventBus()
        sut.setFailureHandler { _ in }
        let owner = Owner()
        let executor = ManualExecutor()
        sut.subscribe(owner: owner) { (_, _: Checkout) throws in throw DiskFull() }
        sut.subscribe(owner: owner, on: executor) { (_, _: Checkout) throws in throw DiskFull() }
        let records = LockBox<[UInt64]>([])
        let failures = LockBox<[(SubscriptionInfo.Delivery, UInt64?)]>([])
        let tap = sut.observeAll { record in
            records.mutate { $0.append(record.sequenceNumber) }
        } failures: { failure in
            failures.mutate { $0.append((failure.subscription.delivery, failure.sequenceNumber)) }
        }

        // When two checkouts are published and the executor runs afterwards
        sut.publish(Checkout(total: 1))
        sut.publish(Checkout(total: 2))
        _ = executor.drain()

        // Then the synchronous failures name their publishes; the later ones name none
        let synchronous = failures.value.filter { $0.0 == .synchronous }.map(\.1)
        let later = failures.value.filter { $0.0 == .executor }.map(\.1)
        #expect(synchronous == records.value.map { Optional($0) })
        #expect(records.value.count == 2)
        #expect(later == [nil, nil])
        tap.cancel()
    }

    @Test func aBusWithoutTapsNumbersNoFailure() {
        // Given a bus with a throwing handler and a failure handler, but no tap
        let sut = EventBus()
        let owner = Owner()
        sut.subscribe(owner: owner) { (_, _: Checkout) throws in throw DiskFull() }
        let numbers = LockBox<[UInt64?]>([])
        sut.setFailureHandler { failure in numbers.mutate { $0.append(failure.sequenceNumber) } }

        // When a checkout is published
        sut.publish(Checkout(total: 1))

        // Then its failure has no number (nothing numbered the publish)
        #expect(numbers.value == [nil])
    }
}
