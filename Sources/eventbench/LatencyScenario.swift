import EventBus
import Foundation
import Synchronization

/// An event that carries the time it was published.
struct Stamped: EventBusEvent {
    let sentAt: UInt64
}

/// Delivery latency from a publish on a background thread to the handler running on a main
/// loop thread (a `subscribe(owner:on:)` subscription on ``LoopExecutor``). The publisher waits
/// for each delivery before the next publish, so every sample is a cold wake-up of the loop.
func mainLoopLatencyRows(options: Options, samples: Int) -> [ResultRow] {
    var rows: [ResultRow] = []
    if options.includes(competitor: Competitor.weakOwner) {
        let bus = EventBus()
        let loop = LoopExecutor()
        let owner = LatencyLog()
        bus.subscribe(owner: owner, on: loop) { (owner: LatencyLog, event: Stamped) in
            owner.record(nowNanoseconds() - event.sentAt)
        }
        let latencies = run(loop: loop, log: owner, samples: samples) { bus.publish(Stamped(sentAt: $0)) }
        rows.append(row(Competitor.weakOwner, latencies))
    }
    if options.includes(competitor: Competitor.loopFloor) {
        let loop = LoopExecutor()
        let log = LatencyLog()
        let latencies = run(loop: loop, log: log, samples: samples) { sentAt in
            loop.enqueue { log.record(nowNanoseconds() - sentAt) }
        }
        rows.append(row(Competitor.loopFloor, latencies))
    }
    return rows
}

private func row(_ competitor: String, _ latencies: [Double]) -> ResultRow {
    let p50 = percentile(latencies, 0.5)
    let p99 = percentile(latencies, 0.99)
    return ResultRow(
        scenario: ScenarioName.mainLoop, competitor: competitor, nsPerOp: p50,
        note: String(format: "p50 %.1f µs, p99 %.1f µs (%d samples)", p50 / 1e3, p99 / 1e3, latencies.count),
        value: p99)
}

private func run(
    loop: LoopExecutor, log: LatencyLog, samples: Int, publish: @escaping @Sendable (UInt64) -> Void
) -> [Double] {
    loop.start()
    let finished = DispatchSemaphore(value: 0)
    Thread {
        for _ in 0..<samples {
            publish(nowNanoseconds())
            log.delivered.wait()
        }
        finished.signal()
    }.start()
    finished.wait()
    loop.stop()
    return log.latencies.withLock { $0 }
}

/// Collects latencies on the loop thread and tells the publisher each one has arrived.
final class LatencyLog: Sendable {
    let latencies = Mutex<[Double]>([])
    let delivered = DispatchSemaphore(value: 0)

    func record(_ nanoseconds: UInt64) {
        latencies.withLock { $0.append(Double(nanoseconds)) }
        delivered.signal()
    }
}
