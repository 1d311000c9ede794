import EventBus
import Synchronization

/// Counts how many ``TrackedEvent`` payloads have been deallocated, so lifetime tests can
/// assert that buffered events are really let go.
final class ReleaseCounter: Sendable {
    private let released = Atomic<Int>(0)

    var count: Int { released.load(ordering: .acquiring) }

    func increment() { released.add(1, ordering: .acquiringAndReleasing) }

    /// An event whose payload reports its own deallocation to this counter.
    func event(_ number: Int) -> TrackedEvent { TrackedEvent(number: number, payload: Payload(self)) }

    final class Payload: Sendable {
        let counter: ReleaseCounter
        init(_ counter: ReleaseCounter) { self.counter = counter }
        deinit { counter.increment() }
    }
}

struct TrackedEvent: EventBusEvent {
    let number: Int
    let payload: ReleaseCounter.Payload
}

/// Collects the promises a stepping handler receives, so a test can complete them later.
final class PromiseBox: Sendable {
    private let promises = LockBox<[StepPromise]>([])

    func append(_ promise: StepPromise) { promises.mutate { $0.append(promise) } }

    var all: [StepPromise] { promises.value }

    var last: StepPromise? { promises.value.last }
}
