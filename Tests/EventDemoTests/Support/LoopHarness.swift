import EventBus
import EventBusTesting
import EventDemo
import Foundation
import TerminalUI

/// An app on its own executor, driven by hand: the test is the main loop.
@MainLoop
final class LoopHarness {
    let executor: MainLoopExecutor
    let services: DemoServices
    let sut: DemoApp
    /// Paces the ticker pane; moves only when a test advances it.
    let clock = ManualClock()
    /// Times the archive's async handler; a clock of its own that no test advances, so the
    /// archive's queue on a golden screen never depends on how fast its task ran.
    let archiveClock = ManualClock()

    init(
        size: Size = Size(width: 100, height: 30), background: Background = .immediate,
        loyaltyMembers: Set<String> = []
    ) {
        executor = MainLoopExecutor()
        services = DemoServices(
            bus: EventBus(), background: background, now: Fixtures.now, clock: archiveClock,
            loyaltyMembers: loyaltyMembers)
        sut = DemoApp(
            services: services, executor: executor, size: size, timeFormat: Fixtures.utc, now: Fixtures.now,
            clock: clock)
    }

    deinit {
        services.archive.stop()  // Its clock never moves: end the task waiting on it.
    }

    var bus: EventBus { services.bus }
    var screen: String { sut.render().text }

    /// Runs queued jobs until `condition` holds, waiting on the executor's wake pipe (no sleeps)
    /// for background work; gives up after `timeout`. Returns whether the condition held. The
    /// timeout is a backstop for TSan on two loaded cores, not a pace: a passing drain returns
    /// as soon as the condition holds.
    @discardableResult
    func drain(until condition: () -> Bool = { true }, timeout: Duration = .seconds(60)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        executor.drain()
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            executor.waitForWork(timeout: .milliseconds(200))
            executor.drain()
        }
        return true
    }

    /// Runs jobs until no service work is in flight and nothing is queued.
    func settle() {
        HeadlessRun.settle(services.background, executor: executor, timeout: .seconds(60))
    }

    func press(_ keys: Key...) {
        for key in keys { sut.handle(key) }
    }
}

/// Runs `body` as the main loop on the calling thread, the way the app's loop does.
func onLoop<T: Sendable>(_ executor: MainLoopExecutor = MainLoopExecutor(), _ body: @MainLoop () throws -> T)
    rethrows -> T
{
    try executor.runAsLoop { try MainLoop.assumeIsolated(body) }
}

/// Runs `body` as the main loop on a thread of its own, off Swift's cooperative pool, and waits
/// for its result without blocking the pool. For tests whose loop waits on work that runs on the
/// pool (a paced subscription's clock task): on a two-core machine, loops blocking both pool
/// threads would starve that task until their timeouts. Make assertions on the result, in the
/// test's task: issues recorded on that thread are not attributed to the test.
func onLoopThread<T: Sendable>(_ body: @escaping @Sendable @MainLoop () -> T) async -> T {
    await withCheckedContinuation { (done: CheckedContinuation<T, Never>) in
        Thread {
            done.resume(returning: onLoop { body() })
        }.start()
    }
}
