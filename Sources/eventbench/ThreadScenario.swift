import EventBus
import Foundation

// unsafe invariant 9: benchmark code: the shared floor is never mutated after it is built.
/// Throughput of two (and four) threads publishing at once, compared with one thread publishing
/// alone.
///
/// Each event type has its own 10 subscribers (token-owned or weak-owner). Every handler writes
/// only the publishing thread's own memory: thread `t` tags its events with `t` in the low bits
/// and each subscriber keeps one padded total per thread (``LaneSink``). Otherwise two threads
/// publishing the same type would bounce the sinks' cache lines between cores, and even the
/// direct floor would not scale (it measured 0.58× one thread that way). What is left to
/// contend on is the bus itself, plus, for weak-owner subscribers of one type, the owner's
/// reference count, which every delivery's weak load writes (so token-owned subscribers are
/// the fair same-type test). Four threads are reported for machines with more cores; on two
/// cores they can gain nothing.
func threadRows(threadCount: Int, options: Options, settings: RunSettings) -> [ResultRow] {
    var rows: [ResultRow] = []
    let kinds = [Competitor.weakOwner, Competitor.token, Competitor.directFloor].filter {
        options.includes(competitor: $0)
    }
    for kind in kinds {
        let bus = EventBus()
        var keep: [AnyObject] = []
        /// Subscribes 10 lane sinks to `type` and returns a publisher per thread tag.
        func lanes<Event: LaneEvent>(_ type: Event.Type) -> [@Sendable (Int) -> Void] {
            let sinks = (0..<10).map { _ in LaneSink() }
            keep.append(contentsOf: sinks as [AnyObject])
            if kind == Competitor.directFloor { return (0..<4).map { floorPublisher(sinks, tag: $0) } }
            for sink in sinks {
                if kind == Competitor.token {
                    keep.append(bus.subscribe(for: type) { sink.add($0.value) })
                } else {
                    bus.subscribe(owner: sink, for: type) { (owner: LaneSink, event: Event) in
                        owner.add(event.value)
                    }
                }
            }
            return (0..<4).map { tag in
                { count in
                    for index in 0..<count { bus.publish(Event(value: index << 2 | tag)) }
                }
            }
        }
        let ping = lanes(Ping.self)
        let byType = [ping, lanes(Pong.self), lanes(Pang.self), lanes(Pung.self)]
        let same = (0..<threadCount).map { ping[$0] }
        let different = (0..<threadCount).map { byType[$0][$0] }
        // Batches three times longer than elsewhere: thread start-up and wake-up latency on
        // this VM are tens of microseconds and must stay small against a batch.
        let count =
            settings.fixedOperations
            ?? Harness.calibrate(ping[0], batchNanoseconds: settings.batchNanoseconds * 3)
        var single: [Double] = []
        var sameRatios: [Double] = []
        var differentRatios: [Double] = []
        for _ in 0..<settings.batches {
            // Each round's ratios compare measurements taken milliseconds apart, so load that
            // comes and goes on the shared cores cancels out of the ratio.
            let one = opsPerSecond(count: count, [ping[0]])
            single.append(one)
            sameRatios.append(opsPerSecond(count: count, same) / one)
            differentRatios.append(opsPerSecond(count: count, different) / one)
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
        withExtendedLifetime(keep) {}
    }
    return rows
}

/// A subscriber's running totals, one per publishing thread (the event's low two bits), each
/// in a ``Sink`` of its own, so threads never write one cache line.
final class LaneSink: Sendable {
    private let lanes = ContiguousArray((0..<4).map { _ in Sink() })

    func add(_ value: Int) {
        lanes.withUnsafeBufferPointer { $0[value & 3].add(value) }
    }
}

/// A publisher that calls closures directly, for the machine's ceiling. "Same type" for the
/// floor means several threads calling the same closures, each writing its own lane. Through
/// ``DirectFloor``, so that no closure context is retained per call (a reference count that
/// every thread would write).
private func floorPublisher(_ sinks: [LaneSink], tag: Int) -> @Sendable (Int) -> Void {
    var floor = DirectFloor()
    for sink in sinks { floor.append { sink.add($0.value) } }
    let shared = SharedFloor(floor: floor)
    return { count in
        for index in 0..<count { shared.floor.publish(Ping(value: index << 2 | tag)) }
    }
}

/// Hands a floor to the publishing threads.
// Safe: the floor is never mutated after it is built, and its handlers only write `LaneSink`s,
// whose totals are atomics.
private struct SharedFloor: @unchecked Sendable {
    let floor: DirectFloor
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
