import EventBus
import Synchronization

/// A service's state behind a lock, and an outbox: what the service decides to publish while it
/// holds the lock goes out after the lock is released, in the order it was decided. The Nested
/// Publishing guide's outbox, with a closure per publish so that taps name the deciding line.
///
/// A service decides under its lock and publishes after releasing it, because handlers must
/// never run under a lock. Without an outbox, two threads that decide A then B can publish B
/// then A: a profile fetched just before a logout published just after it, and so stored again
/// as the bus's current profile once the logout had cleared it. Here the publishes are queued
/// under the same lock as the decision, and drained outside it, in queue order.
///
/// - Ordering: every publish, state publish and clear posted by one `ServiceState` reaches the
///   bus in the order the decisions that posted them took the lock.
/// - Threading: one thread drains at a time. The thread that posts first drains; a thread that
///   posts while another drains leaves its publishes to that thread and returns at once, so its
///   events may be delivered a moment after ``update(_:)`` returns. A handler that calls back
///   into the service from inside a publish has its publishes queued behind the current one.
/// - Lifetime: queued publishes hold their events, not the service.
final class ServiceState<State: Sendable>: Sendable {
    private struct Locked: Sendable {
        var state: State
        var outbox: [Publish] = []
        var isDraining = false
    }

    private let bus: EventBus
    private let locked: Mutex<Locked>

    init(_ initial: State, bus: EventBus) {
        self.bus = bus
        locked = Mutex(Locked(state: initial))
    }

    /// Runs `decide` under the lock; the publishes it posts to the outbox go out after the lock is
    /// released (see the type's ordering rule). `decide` must not call the bus.
    @discardableResult
    func update<Result>(_ decide: (inout State, inout Outbox) -> Result) -> Result {
        let (result, mustDrain) = locked.withLock { locked in
            var outbox = Outbox()
            let result = decide(&locked.state, &outbox)
            locked.outbox += outbox.publishes
            guard !locked.isDraining, !locked.outbox.isEmpty else { return (result, false) }
            locked.isDraining = true
            return (result, true)
        }
        if mustDrain { drain() }
        return result
    }

    /// Reads the state under the lock.
    func read<Result>(_ body: (State) -> Result) -> Result {
        locked.withLock { body($0.state) }
    }

    /// Takes the whole outbox under the lock and runs it outside, until none is left: the
    /// pattern of the Nested Publishing guide's "Publishing after you unlock: an outbox". Each
    /// publish is moved once, and released outside the lock.
    private func drain() {
        while true {
            var batch: [Publish] = []
            locked.withLock { locked in
                swap(&batch, &locked.outbox)
                if batch.isEmpty { locked.isDraining = false }
            }
            if batch.isEmpty { return }
            for publish in batch { publish.run(on: bus) }
        }
    }
}

/// The publishes a service decided under its lock (see ``ServiceState``).
struct Outbox {
    fileprivate private(set) var publishes: [Publish] = []

    /// Publishes `event` with `EventBus.publish(_:)`.
    ///
    /// Takes the caller's call site and passes it on, so that taps (the Bus view, the flow map)
    /// name the service's line, not this helper.
    mutating func publish<Event: EventBusEvent>(
        _ event: Event, fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) {
        publishes.append(Publish { $0.publish(event, fileID: fileID, line: line, function: function) })
    }

    /// Publishes `event` with `EventBus.publishState(_:)`, naming the caller's call site.
    mutating func publishState<Event: EventBusEvent>(
        _ event: Event, fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) {
        publishes.append(Publish { $0.publishState(event, fileID: fileID, line: line, function: function) })
    }

    /// Clears the bus's current value of `type`.
    mutating func clearState<Event: EventBusEvent>(for type: Event.Type) {
        publishes.append(Publish { $0.clearState(for: type) })
    }
}

/// One queued call on the bus.
private struct Publish: Sendable {
    let call: @Sendable (EventBus) -> Void

    init(_ call: @escaping @Sendable (EventBus) -> Void) { self.call = call }

    func run(on bus: EventBus) { call(bus) }
}
