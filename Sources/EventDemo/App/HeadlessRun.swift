import EventBus
import Foundation
import TerminalUI

/// Plays a key script against the app without a terminal and returns the final screen: for
/// tests, docs, and `eventdemo --headless`.
///
/// After each key it runs the loop's jobs and, while a service is still working in the
/// background (a login, a profile fetch), waits for the next job, so the script sees the same
/// screens a user would, just without the pauses between keys.
public enum HeadlessRun {
    /// Runs `keys` at `size` and returns the last frame. Gives up waiting for background work
    /// after `timeout` per key.
    public static func run(
        keys: [Key], size: Size, services: DemoServices, timeFormat: TimeFormat = TimeFormat(),
        timeout: Duration = .seconds(10)
    ) -> ScreenBuffer {
        let executor = MainLoopExecutor()
        return executor.runAsLoop {
            MainLoop.assumeIsolated {
                let app = DemoApp(services: services, executor: executor, size: size, timeFormat: timeFormat)
                for key in keys {
                    app.handle(key)
                    settle(app, executor: executor, timeout: timeout)
                    if app.wantsToQuit { break }
                }
                return app.render()
            }
        }
    }

    @MainLoop
    private static func settle(_ app: DemoApp, executor: MainLoopExecutor, timeout: Duration) {
        let deadline = ContinuousClock.now + timeout
        executor.drain()
        while app.isBusy, ContinuousClock.now < deadline {
            executor.waitForWork(timeout: deadline - ContinuousClock.now)
            executor.drain()
        }
    }
}
