import EventBus
import Foundation

/// Throughput of two threads publishing at once, compared with one thread publishing alone.
///
/// Each publishing thread has its own 10 subscribers (token-owned or weak-owner), so handler
/// work never shares a cache line; what is left to contend on is the bus itself. The direct
/// floor (each thread calling its own closures) shows how much two threads can gain at all on
/// this machine at this moment: the cores are shared with other work.
func twoThreadRows(options: Options, settings: RunSettings) -> [ResultRow] {
    var rows: [ResultRow] = []
    let kinds = [Competitor.weakOwner, Competitor.token, Competitor.directFloor].filter {
        options.includes(competitor: $0)
    }
    for kind in kinds {
        let bus = EventBus()
        var keep: [AnyObject] = []
        let subscribe = { (sinks: [Sink], ping: Bool) in
            for sink in sinks {
                switch (kind == Competitor.token, ping) {
                case (true, true): keep.append(bus.subscribe(to: Ping.self) { sink.add($0.value) })
                case (true, false): keep.append(bus.subscribe(to: Pong.self) { sink.add($0.value) })
                case (false, true):
                    bus.subscribe(owner: sink) { (owner: Sink, e: Ping) in owner.add(e.value) }
                case (false, false):
                    bus.subscribe(owner: sink) { (owner: Sink, e: Pong) in owner.add(e.value) }
                }
            }
        }
        let pingSinks = (0..<10).map { _ in Sink() }
        let pongSinks = (0..<10).map { _ in Sink() }
        subscribe(pingSinks, true)
        subscribe(pongSinks, false)

        var publishPing: @Sendable (Int) -> Void = { count in
            for index in 0..<count { bus.publish(Ping(value: index)) }
        }
        var publishPong: @Sendable (Int) -> Void = { count in
            for index in 0..<count { bus.publish(Pong(value: index)) }
        }
        if kind == Competitor.directFloor {
            publishPing = floorPublisher(pingSinks)
            publishPong = floorPublisher(pongSinks)
        }
        // Batches three times longer than elsewhere: thread start-up and wake-up latency on
        // this VM are tens of microseconds and must stay small against a batch.
        let count =
            settings.fixedOperations
            ?? Harness.calibrate(publishPing, batchNanoseconds: settings.batchNanoseconds * 3)
        var single: [Double] = []
        var sameRatios: [Double] = []
        var differentRatios: [Double] = []
        for _ in 0..<settings.batches {
            // Each round's ratios compare measurements taken milliseconds apart, so load that
            // comes and goes on the shared cores cancels out of the ratio.
            let one = opsPerSecond(count: count, [publishPing])
            single.append(one)
            sameRatios.append(opsPerSecond(count: count, [publishPing, publishPing]) / one)
            differentRatios.append(opsPerSecond(count: count, [publishPing, publishPong]) / one)
        }
        let base = median(single)
        for (scenario, ratios) in [
            (ScenarioName.twoThreadsSame, sameRatios), (ScenarioName.twoThreadsDifferent, differentRatios),
        ] {
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
        withExtendedLifetime((keep, pingSinks, pongSinks)) {}
    }
    return rows
}

/// A publisher that calls closures directly, for the machine's two-thread ceiling. "Same type"
/// for the floor means two threads calling the same closures.
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
