/// Something a terminal reports to the app's loop.
public enum TerminalEvent: Equatable, Sendable {
    /// The user pressed a key.
    case key(Key)
    /// The user clicked, released or turned the wheel (only once the terminal reports the mouse).
    case mouse(MouseEvent)
    /// The terminal changed size; the app should lay out again at once.
    case resized(Size)
    /// A termination signal (SIGINT, SIGQUIT, SIGTERM, SIGHUP) arrived; the loop should restore the
    /// terminal and exit with `128 + signal`.
    case terminated(signal: Int32)
}

/// A screen the app draws on and reads input from.
///
/// The ncurses terminal is the real one; ``RecordingTerminal`` stands in for it in tests. The app's
/// loop waits in `poll()` on ``inputDescriptors`` and then calls ``readEvents()``, so a terminal
/// never blocks.
public protocol Terminal: AnyObject {
    /// The current size in cells.
    var size: Size { get }

    /// File descriptors that become readable when ``readEvents()`` has something to return.
    var inputDescriptors: [Int32] { get }

    /// How long the loop may wait before calling ``readEvents()`` again even without input, or `nil`
    /// to wait indefinitely. A terminal holding a lone `ESC` asks for a short timeout.
    var pendingInputTimeout: Duration? { get }

    /// Shows `buffer`. Implementations should only send what changed since the last frame.
    func draw(_ buffer: ScreenBuffer)

    /// Forgets what is on the screen, so the next ``draw(_:)`` repaints every cell (Ctrl-L, after
    /// another program wrote over the app's screen).
    func forgetScreen()

    /// Returns the events available now, without blocking; empty when there are none.
    func readEvents() -> [TerminalEvent]
}
