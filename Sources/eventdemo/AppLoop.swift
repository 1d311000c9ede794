import EventDemo
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The interactive main loop, top to bottom: do what is due, run queued jobs, draw, sleep in
/// `poll()` until input, a signal, a queued job or the app's next deadline, handle input, repeat.
///
/// There is no tick: an idle app sleeps in `poll()` with no timeout and uses no CPU. A publish
/// from any thread enqueues on the executor, which writes to its self-pipe and wakes the loop at
/// once. Only while something is scheduled (a replayed event falling due) does `poll()` get a
/// timeout, and only until that moment.
@MainLoop
enum AppLoop {
    /// Runs until `q` (returns 0) or a termination signal (returns 128 + signal).
    static func run(app: DemoApp, terminal: some Terminal, executor: MainLoopExecutor) -> Int32 {
        let descriptors = terminal.inputDescriptors + [executor.wakeDescriptor]
        var pollSet = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            app.advance(to: .now)
            executor.drain()  // Event handlers run here, between frames.
            if app.wantsToQuit { return 0 }
            if app.takeRepaintRequest() { terminal.forgetScreen() }
            terminal.draw(app.render())
            let timeout = pollTimeout(input: terminal.pendingInputTimeout, deadline: app.nextDeadline())
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

    /// Milliseconds until the sooner of the terminal's escape timeout and the app's deadline,
    /// rounded up so the loop never wakes a moment early and spins; -1 (forever) when neither.
    static func pollTimeout(input: Duration?, deadline: ContinuousClock.Instant?) -> Int32 {
        let untilDeadline = deadline.map { max(.zero, $0 - .now) }
        guard let wait = [input, untilDeadline].compactMap({ $0 }).min() else { return -1 }
        let (seconds, attoseconds) = wait.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }
}
