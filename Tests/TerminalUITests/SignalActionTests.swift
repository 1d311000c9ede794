import Testing

@testable import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Fuzz bug (b): a Ctrl-Z during an input storm left the screen mostly blank, because ncurses'
/// SIGTSTP handler redrew from inside the signal handler while the loop was drawing. Every
/// signal the terminal catches now becomes an action the loop takes between frames.
@Suite("Signal actions")
struct SignalActionTests {
    @Test(arguments: [
        (SIGWINCH, SignalAction.resize),
        (SIGTSTP, .suspend),
        (SIGINT, .terminate(signal: SIGINT)),
        (SIGQUIT, .terminate(signal: SIGQUIT)),
        (SIGTERM, .terminate(signal: SIGTERM)),
        (SIGHUP, .terminate(signal: SIGHUP)),
    ])
    func mapsEachCaughtSignalToWhatTheLoopDoes(signal: Int32, expected: SignalAction) {
        #expect(SignalAction(signal: signal) == expected)
    }
}
