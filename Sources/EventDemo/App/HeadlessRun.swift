import EventBus
import Foundation
import TerminalUI

/// Plays a key script against the app without a terminal and returns the final screen: for
/// tests, docs, and `eventdemo --headless`.
///
/// After each key it runs the loop's jobs and, while a service is still working in the
/// background (a login, a profile fetch) or jobs are queued, waits for the next job, so the
/// script sees the same screens a user would, just without the pauses between keys.
public enum HeadlessRun {
    /// Runs `keys` at `size` and returns the last frame. Gives up waiting for background work
    /// after `timeout` per key.
    ///
    /// With `replay`, the panes get the recording on a bus of their own: all of it before the
    /// first key (a headless run has no clock to wait on), or one event per space in step mode.
    /// With `follow` (a trace the caller opened once with ``TraceTail/init(path:)``, to check
    /// it), they get what the trace holds so far, before the first key.
    public static func run(
        keys: [Key], size: Size, services: DemoServices,
        replay: (recording: Recording, name: String, mode: Replayer.Mode)? = nil,
        follow: (path: String, name: String)? = nil,
        timeFormat: TimeFormat = TimeFormat(), timeout: Duration = .seconds(10)
    ) -> ScreenBuffer {
        let executor = MainLoopExecutor()
        return executor.runAsLoop {
            MainLoop.assumeIsolated {
                let app = DemoApp(
                    services: services, bus: replay != nil || follow != nil ? EventBus() : nil,
                    executor: executor,
                    size: size,
                    timeFormat: timeFormat)
                if let replay {
                    app.replay(replay.recording, name: replay.name, mode: replay.mode)
                    if replay.mode == .paced { app.replayer?.publishAll() }
                    settle(services.background, executor: executor, timeout: timeout)
                }
                if let follow, let tail = try? TraceTail(path: follow.path) {  // The caller checked it.
                    app.follow(tail, name: follow.name)
                    app.follower?.readAll()
                    settle(services.background, executor: executor, timeout: timeout)
                }
                for key in keys {
                    app.handle(key)
                    settle(services.background, executor: executor, timeout: timeout)
                    if app.wantsToQuit { break }
                }
                return app.render()
            }
        }
    }

    /// Runs jobs until no background work is in flight and none are queued. Checking the
    /// in-flight count first matters: work that finishes after the check has already queued
    /// its deliveries, which the drain then runs.
    public static func settle(_ background: Background, executor: MainLoopExecutor, timeout: Duration) {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let busy = background.inFlightCount > 0
            executor.drain()
            if !busy, executor.pendingCount == 0 { return }
            executor.waitForWork(timeout: .milliseconds(50))
        }
    }
}
