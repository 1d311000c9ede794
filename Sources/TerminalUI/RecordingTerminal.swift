/// A ``Terminal`` for tests: it records every frame drawn and plays back queued events.
public final class RecordingTerminal: Terminal {
    /// The size the app sees; tests change it and queue a `.resized` event.
    public var size: Size
    /// Every frame drawn, oldest first.
    public private(set) var frames: [ScreenBuffer] = []
    /// Events the next ``readEvents()`` call returns.
    public var queuedEvents: [TerminalEvent] = []

    /// Creates a terminal of the given size.
    public init(size: Size) {
        self.size = size
    }

    /// The most recent frame, if any.
    public var lastFrame: ScreenBuffer? { frames.last }

    /// A recording terminal has nothing to poll.
    public var inputDescriptors: [Int32] { [] }

    /// A recording terminal never holds partial input.
    public var pendingInputTimeout: Duration? { nil }

    /// How many times the app asked for a full repaint (``forgetScreen()``).
    public private(set) var repaintCount = 0

    /// Counts the request; every recorded frame is whole anyway.
    public func forgetScreen() {
        repaintCount += 1
    }

    /// Records the frame.
    public func draw(_ buffer: ScreenBuffer) {
        frames.append(buffer)
    }

    /// Returns and clears ``queuedEvents``.
    public func readEvents() -> [TerminalEvent] {
        defer { queuedEvents.removeAll() }
        return queuedEvents
    }

    /// Queues key presses for the next ``readEvents()``.
    public func type(_ keys: Key...) {
        queuedEvents += keys.map(TerminalEvent.key)
    }

    /// Queues a left click at (`column`, `row`) for the next ``readEvents()``.
    public func click(column: Int, row: Int) {
        queuedEvents.append(.mouse(MouseEvent(.left, column: column, row: row)))
    }
}
