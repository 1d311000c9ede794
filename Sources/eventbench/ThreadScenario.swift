import EventBus
import Foundation

/// Throughput of two (and four) threads publishing at once, compared with one thread publishing
/// alone.
///
/// Each event type has its own 10 subscribers (token-owned or weak-owner), so handler work on
/// different types never shares a cache line; what is left to contend on is the bus itself.
/// The direct floor (each thread calling its own closures) shows how much several threads can
/// gain at all on this machine at this moment: the cores are shared with other work. Four
/// threads are reported for machines with more cores; on two cores they can gain nothing.
func threadRows(threadCount: Int, options: Options, settings: RunSettings) -> [ResultRow] {
    var rows: [ResultRow] = []
    let kinds = [Competitor.weakOwner, Competitor.token, Competitor.directFloor].filter {
        options.includes(competitor: $0)
    }
    for kind in kinds {
        let bus = EventBus()
        var keep: [AnyObject] = []
        var sinks: [[Sink]] = []
        func lane<Event: LaneEvent>(_ type: Event.Type) -> @Sendable (Int) -> Void {
            let laneSinks = (0..<10).map { _ in Sink() }
            sinks.append(laneSinks)
            if kind == Competitor.directFloor { return floorPublisher(laneSinks) }
            for sink in laneSinks {
                if kind == Competitor.token {
                    keep.append(bus.subscribe(to: type) { sink.add($0.value) })
                } else {
                    bus.subscribe(owner: sink, to: type) { (owner: Sink, event: Event) in
                        owner.add(event.value)
                    }
                }
            }
            return { count in
                for index in 0..<count { bus.publish(Event(value: index)) }
            }
        }
        let lanes = [lane(Ping.self), lane(Pong.self), lane(Pang.self), lane(Pung.self)]
        // Batches three times longer than elsewhere: thread start-up and wake-up latency on
        // this VM are tens of microseconds and must stay small against a batch.
        let count =
            settings.fixedOperations
            ?? Harness.calibrate(lanes[0], batchNanoseconds: settings.batchNanoseconds * 3)
        var single: [Double] = []
        var sameRatios: [Double] = []
        var differentRatios: [Double] = []
        for _ in 0..<settings.batches {
            // Each round's ratios compare measurements taken milliseconds apart, so load that
            // comes and goes on the shared cores cancels out of the ratio.
            let one = opsPerSecond(count: count, [lanes[0]])
            single.append(one)
            sameRatios.append(
                opsPerSecond(count: count, Array(repeating: lanes[0], count: threadCount)) / one)
            differentRatios.append(opsPerSecond(count: count, Array(lanes.prefix(threadCount))) / one)
        }
        let base = median(single)
        let names =
            threadCount == 2
            ? (ScenarioName.twoThreadsSame, ScenarioName.twoThreadsDifferent)
            : (ScenarioName.fourThreadsSame, ScenarioName.fourThreadsDifferent)
        for (scenario, ratios) in [(names.0, sameRatios), (names.1, differentRatios)] {
            let ratio = median(ratios)
            let throughput = base * ratio
            rows.append(
                ResultRow(
                    scenario: scenario, competitor: kind, nsPerOp: 1e9 / throughput,
                    ratio: String(format: "%.2f× one thread", ratio),
                    note: String(
                        format: "%.1f M publishes/s (one thread: %.1f M/s)", throughput / 1e6, base / 1e6),
                    value: ratio))
        }
        withExtendedLifetime((keep, sinks)) {}
    }
    return rows
}

/// A publisher that calls closures directly, for the machine's ceiling. "Same type" for the
/// floor means several threads calling the same closures.
private func floorPublisher(_ sinks: [Sink]) -> @Sendable (Int) -> Void {
    let handlers = sinks.map { sink in { @Sendable (event: Ping) in sink.add(event.value) } }
    return { count in
        for index in 0..<count {
            for handler in handlers { handler(Ping(value: index)) }
        }
    }
}

/// Runs each body on its own thread, `count` operations each, all starting together; returns
/// total operations per second.
private func opsPerSecond(count: Int, _ bodies: [@Sendable (Int) -> Void]) -> Double {
    let ready = DispatchSemaphore(value: 0)
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for body in bodies {
        done.enter()
        Thread {
            ready.signal()
            start.wait()
            body(count)
            done.leave()
        }.start()
    }
    for _ in bodies { ready.wait() }
    let begin = nowNanoseconds()
    for _ in bodies { start.signal() }
    done.wait()
    let elapsed = Double(nowNanoseconds() - begin)
    return Double(count * bodies.count) / elapsed * 1e9
}
