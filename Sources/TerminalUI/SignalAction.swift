#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the app's loop does with a signal the terminal caught.
///
/// The terminal's signal handlers only write the signal's number to a pipe (the one
/// async-signal-safe thing to do); the loop reads it between frames and acts here, so no
/// terminal code ever runs inside a signal handler. That matters for Ctrl-Z: ncurses' own
/// SIGTSTP handler redrew from inside the handler, on top of a frame being drawn.
public enum SignalAction: Equatable, Sendable {
    /// SIGWINCH: ask the tty for its size, lay out again and repaint everything.
    case resize
    /// SIGTSTP (Ctrl-Z): restore the terminal, stop until `fg` (at once without job control),
    /// then repaint everything at the tty's size, which may have changed meanwhile.
    case suspend
    /// SIGINT, SIGQUIT, SIGTERM or SIGHUP: restore the terminal and exit with 128 + `signal`.
    case terminate(signal: Int32)

    /// The action for signal number `signal`.
    public init(signal: Int32) {
        switch signal {
        case SIGWINCH: self = .resize
        case SIGTSTP: self = .suspend
        default: self = .terminate(signal: signal)
        }
    }
}
