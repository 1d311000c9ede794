import EventBus
import Synchronization

/// The event the publish scenarios send.
struct Ping: EventBusEvent {
    let value: Int
}

/// A second event type, for publishers that must not share a type.
struct Pong: EventBusEvent {
    let value: Int
}

/// Third and fourth types, for the four-thread scenario.
struct Pang: EventBusEvent {
    let value: Int
}

struct Pung: EventBusEvent {
    let value: Int
}

/// The publishing threads' event types, so one generic function sets each of them up.
protocol LaneEvent: EventBusEvent {
    init(value: Int)
    var value: Int { get }
}

extension Ping: LaneEvent {}
extension Pong: LaneEvent {}
extension Pang: LaneEvent {}
extension Pung: LaneEvent {}

/// Makes a new event type out of `Inner`, so the 20 "other" types come from recursion instead
/// of 20 hand-written declarations.
struct Noise<Inner: EventBusEvent>: EventBusEvent {}

/// What every handler does with an event: adds its value to a running total.
///
/// Relaxed load + store instead of an atomic add: it compiles to plain moves, so the handler
/// costs the same in every competitor and never adds cache-line contention of its own. Each
/// sink is written by one publishing thread at a time, so no update is lost in practice.
///
/// Padded to more than a cache line, so that sinks written by different threads in the
/// two-thread scenario never share one (false sharing would be blamed on the bus).
final class Sink: Sendable {
    private let total = Atomic<Int>(0)
    private let padding: (Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0)

    func add(_ value: Int) {
        total.store(total.load(ordering: .relaxed) &+ value, ordering: .relaxed)
    }

    var value: Int { total.load(ordering: .relaxed) }
}

/// Something that subscribes to one event type at a time, given the type.
protocol EventTypeVisitor {
    func visit<Event: EventBusEvent>(_ type: Event.Type)
}

/// Calls `visitor` with the 20 other event types that have subscribers in every publish
/// scenario: `Noise<Ping>`, `Noise<Noise<Ping>>`, and so on.
func forEachNoiseType(_ visitor: some EventTypeVisitor, count: Int = 20) {
    visitNoise(Noise<Ping>.self, remaining: count, visitor)
}

private func visitNoise<Event: EventBusEvent>(
    _ type: Event.Type, remaining: Int, _ visitor: some EventTypeVisitor
) {
    guard remaining > 0 else { return }
    visitor.visit(type)
    visitNoise(Noise<Event>.self, remaining: remaining - 1, visitor)
}
