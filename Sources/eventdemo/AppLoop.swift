import EventDemo
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The interactive main loop, top to bottom: run queued jobs, draw, sleep in `poll()` until
/// input, a signal or a queued job arrives, handle input, repeat.
///
/// There is no tick: an idle app sleeps in `poll()` and uses no CPU. A publish from any thread
/// enqueues on the executor, which writes to its self-pipe and wakes the loop at once.
@MainLoop
enum AppLoop {
    /// Runs until `q` (returns 0) or a termination signal (returns 128 + signal).
    static func run(app: DemoApp, terminal: some Terminal, executor: MainLoopExecutor) -> Int32 {
        let descriptors = terminal.inputDescriptors + [executor.wakeDescriptor]
        var pollSet = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            executor.drain()  // Event handlers run here, between frames.
            if app.wantsToQuit { return 0 }
            terminal.draw(app.render())
            let timeout = terminal.pendingInputTimeout.map { Int32($0.components.seconds * 1000 + 40) } ?? -1
            _ = poll(&pollSet, nfds_t(pollSet.count), timeout)  // EINTR is fine: we just go round.
            for event in terminal.readEvents() {
                switch event {
                case .key(let key): app.handle(key)
                case .mouse(let mouse): app.handle(mouse)
                case .resized(let size): app.resize(to: size)
                case .terminated(let signal): return 128 + signal
                }
            }
        }
    }
}
