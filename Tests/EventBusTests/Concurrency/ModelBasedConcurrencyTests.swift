import Dispatch
import EventBus
import Foundation
import Testing

@testable import EventBus

/// The bus held against a simple truth: seeded random programs of subscribe, cancel, publish
/// (nested too), owner death, bag release and state publishes, run by three threads at once
/// against the bus and, in lockstep, against ``ReferenceBus`` (a lock around a dictionary of
/// arrays of handlers). Each thread's own event types give deliveries whose order the bus
/// promises (synchronous, one publishing thread), so they must match the reference's entry for
/// entry; the types every thread publishes are checked by per-publisher order and by moments
/// (see ``ModelSharedWorld``); after the threads, what is still alive must match too.
///
/// Bounded by operation counts. A failure names its seed: `MODEL_SEED=n swift test --filter
/// ModelBasedConcurrencyTests` replays the same programs (the interleaving is the machine's, so
/// a rare race may need a few runs). Without `MODEL_SEED`, three fixed seeds and one new one run.
@Suite("Model-based concurrency", .timeLimit(.minutes(3)))
struct ModelBasedConcurrencyTests {
    private static let operationsPerThread = isRunningUnderThreadSanitizer ? 300 : 1_500

    private static var seeds: [UInt64] {
        if let text = ProcessInfo.processInfo.environment["MODEL_SEED"], let seed = UInt64(text) {
            return [seed]
        }
        return [1, 2, 3, UInt64.random(in: 4...999_999)]
    }

    @Test(arguments: seeds)
    func threadsRunningRandomProgramsSeeWhatTheReferenceBusDelivers(seed: UInt64) async {
        // Given: a bus, the reference, and one program per thread from the seed
        let sut = EventBus()
        let reference = ReferenceBus()
        let shared = ModelSharedWorld(bus: sut, reference: reference)
        let ownersLive = Tally()
        let runners = (
            ModelLaneRunner<ModelLaneA>(
                bus: sut, reference: reference, shared: shared, ownersLive: ownersLive),
            ModelLaneRunner<ModelLaneB>(
                bus: sut, reference: reference, shared: shared, ownersLive: ownersLive),
            ModelLaneRunner<ModelLaneC>(
                bus: sut, reference: reference, shared: shared, ownersLive: ownersLive)
        )
        let programs = (0..<3).map {
            ModelProgram.operations(count: Self.operationsPerThread, seed: seed &* 31 &+ UInt64($0))
        }
        let replay = "replay with MODEL_SEED=\(seed)"

        // When: the three threads run their programs at once
        await onDedicatedThread {
            DispatchQueue.concurrentPerform(iterations: 3) { thread in
                switch thread {
                case 0: runners.0.run(programs[0])
                case 1: runners.1.run(programs[1])
                default: runners.2.run(programs[2])
                }
            }
        }

        // Then: each thread's deliveries are the reference's, in the same order
        expectSameDeliveries(runners.0.comparableRealLog, runners.0.modelLog.value, thread: 0, replay)
        expectSameDeliveries(runners.1.comparableRealLog, runners.1.modelLog.value, thread: 1, replay)
        expectSameDeliveries(runners.2.comparableRealLog, runners.2.modelLog.value, thread: 2, replay)

        // And: every shared publish reached each long-lived subscription once, in each
        // publisher's order, on both buses
        let published = shared.sharedPublished.value.sorted()
        for index in 0..<ModelSharedWorld.sharedSubscribers {
            for (name, log) in [
                ("bus", shared.realShared[index].value), ("reference", shared.modelShared[index].value),
            ] {
                #expect(
                    log.sorted() == published,
                    "\(name): shared subscription \(index) got \(log.count) of \(published.count); \(replay)")
                #expect(
                    isInEachPublishersOrder(log),
                    "\(name): shared subscription \(index) out of a publisher's order; \(replay)")
            }
        }

        // And: churn deliveries keep the bus's promises about subscribe and cancel
        let violations = shared.churnViolations()
        #expect(violations.isEmpty, "\(violations.prefix(5).joined(separator: "; ")); \(replay)")

        // And: the snapshot counts what the reference holds, type by type
        expectSameCounts(runners.0.liveCounts(), "live, thread 0", replay)
        expectSameCounts(runners.1.liveCounts(), "live, thread 1", replay)
        expectSameCounts(runners.2.liveCounts(), "live, thread 2", replay)

        // And: once every owner is dropped and each type published once, the bus lists exactly
        // the reference's subscriptions and no owner outlives its last reference
        runners.0.killAllOwners()
        runners.1.killAllOwners()
        runners.2.killAllOwners()
        runners.0.publishOnceOfEach(number: -1)
        runners.1.publishOnceOfEach(number: -1)
        runners.2.publishOnceOfEach(number: -1)
        expectSameCounts(runners.0.listedCounts(), "listed after pruning, thread 0", replay)
        expectSameCounts(runners.1.listedCounts(), "listed after pruning, thread 1", replay)
        expectSameCounts(runners.2.listedCounts(), "listed after pruning, thread 2", replay)
        #expect(ownersLive.count == 0, "\(ownersLive.count) owners still alive; \(replay)")

        // Finally: nothing outlives the test (handlers capture the buses and their logs)
        runners.0.cancelEverything()
        runners.1.cancelEverything()
        runners.2.cancelEverything()
        shared.cancelEverything()
        reference.removeAll()
    }

    private func expectSameDeliveries(_ real: [String], _ model: [String], thread: Int, _ replay: String) {
        guard real != model else { return }
        let first =
            (0..<min(real.count, model.count)).first { real[$0] != model[$0] } ?? min(real.count, model.count)
        Issue.record(
            """
            thread \(thread): the bus delivered \(real.count), the reference \(model.count); first \
            difference at delivery \(first): bus \(real[min(first, real.count)...].prefix(3)), reference \
            \(model[min(first, model.count)...].prefix(3)); \(replay)
            """)
    }

    private func expectSameCounts(_ counts: (real: [Int], model: [Int]), _ what: String, _ replay: String) {
        #expect(
            counts.real == counts.model,
            "\(what) (ModelHop, ModelRelay, ModelGauge): bus \(counts.real), reference \(counts.model); \(replay)"
        )
    }

    private func isInEachPublishersOrder(_ log: [Int]) -> Bool {
        var last: [Int: Int] = [:]
        for key in log {
            let (publisher, number) = key.quotientAndRemainder(dividingBy: 1_000_000)
            if let previous = last[publisher], previous >= number { return false }
            last[publisher] = number
        }
        return true
    }
}
