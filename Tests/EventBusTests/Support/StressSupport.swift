import EventBus
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether this process runs under ThreadSanitizer, which makes every memory access several
/// times slower; stress tests scale their work down there and keep it in the normal run.
let isRunningUnderThreadSanitizer: Bool = {
    guard let program = dlopen(nil, RTLD_NOW) else { return false }
    defer { dlclose(program) }
    return dlsym(program, "__tsan_init") != nil
}()

/// A thread-safe counter (an atomic, which ThreadSanitizer understands).
final class Tally: Sendable {
    private let value = Atomic<Int>(0)

    func add(_ amount: Int = 1) { value.wrappingAdd(amount, ordering: .relaxed) }

    var count: Int { value.load(ordering: .relaxed) }
}

/// Counts its live instances in a tally, so a test can see that every captured value was freed.
final class Tracked: Sendable {
    private let live: Tally

    init(in live: Tally) {
        self.live = live
        live.add(1)
    }

    deinit { live.add(-1) }
}

/// A total order of "moments" shared by all threads: a publish stamped after a cancel's moment
/// started after that cancel had returned.
final class MomentClock: Sendable {
    private let last = Atomic<Int>(0)

    func tick() -> Int { last.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue }
}

/// Stress events carry the moment their publish started.
protocol StampedEvent: EventBusEvent {
    var stamp: Int { get }
    init(stamp: Int)
}

struct StressA: StampedEvent { let stamp: Int }
struct StressB: StampedEvent { let stamp: Int }
struct StressC: StampedEvent { let stamp: Int }

/// A small deterministic generator, so a failing stress run can be replayed from its seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// Runs `body` on a thread of its own and waits for it without blocking a thread of Swift's
/// cooperative pool (two threads on a two-core machine): a stress loop that blocked one for
/// seconds starved the async tests running next to it.
func onDedicatedThread(stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let thread = Thread {
            body()
            continuation.resume()
        }
        if let stackSize { thread.stackSize = stackSize }
        thread.start()
    }
}
