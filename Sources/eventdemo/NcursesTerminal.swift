import CNcurses
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The real terminal, over ncursesw. The only Swift file that imports `CNcurses`.
///
/// Output: `draw` sends only the cells that changed since the last frame and lets ncurses'
/// `refresh` diff the rest. Input: ncurses never reads stdin; we read raw bytes and decode them
/// with `KeyDecoder`, so the loop can `poll()` stdin directly. Signals (SIGWINCH, SIGTSTP,
/// SIGINT, SIGTERM, SIGHUP) arrive through a self-pipe the C shim's handlers write to, and are
/// acted on between frames (`SignalAction`).
final class NcursesTerminal: Terminal {
    enum StartError: Error {
        case badTerminal(String)
        case noCursorAddressing(String)
        case initializationFailed
    }

    private var decoder = KeyDecoder()
    private var lastFrame: ScreenBuffer?
    private var pairs: [Pair: Int16] = [:]
    /// Whether cells are drawn in colour: the terminal has colours and the user did not opt out.
    private let usesColor: Bool
    /// What the locale can encode: ASCII only in `LANG=C`, where box drawing would draw blanks.
    let charset: Charset
    private let signalRead: Int32
    private let signalWrite: Int32
    private var stopped = false

    private struct Pair: Hashable {
        var foreground: TerminalColor
        var background: TerminalColor
    }

    /// Starts ncurses, with mouse reports unless `mouse` is false and colours unless `color` is
    /// false (`NO_COLOR`, `--no-color`). Call only after checking stdin and stdout are TTYs.
    init(mouse: Bool = true, color: Bool = true) throws(StartError) {
        switch cnc_start(mouse ? 1 : 0) {
        case Int32(CNC_OK): break
        case Int32(CNC_BAD_TERM): throw .badTerminal(Self.termName)
        case Int32(CNC_NO_CURSOR_ADDRESSING): throw .noCursorAddressing(Self.termName)
        default: throw .initializationFailed
        }
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        (signalRead, signalWrite) = (fds[0], fds[1])
        _ = cnc_install_signal_pipe(signalWrite)
        cnc_install_crash_restore()
        usesColor = color && cnc_has_colors() != 0
        let drawsUnicode = [0x2500, 0x256D, 0x2501, 0x20AC, 0x25CF].allSatisfy {
            cnc_locale_can_encode($0) != 0
        }
        charset = drawsUnicode ? .unicode : .ascii
    }

    private static var termName: String { getenv("TERM").map { String(cString: $0).truncated(to: 40) } ?? "" }

    /// Restores the terminal (echo, line mode, flow control, cursor). Idempotent.
    func stop() {
        guard !stopped else { return }
        stopped = true
        cnc_stop()
    }

    var size: Size { Size(width: Int(cnc_cols()), height: Int(cnc_rows())) }

    var inputDescriptors: [Int32] { [STDIN_FILENO, signalRead] }

    /// Long enough for the rest of an escape sequence to arrive, short enough that Esc feels instant.
    var pendingInputTimeout: Duration? { decoder.isMidSequence ? .milliseconds(40) : nil }

    func draw(_ buffer: ScreenBuffer) {
        if lastFrame?.size != buffer.size {
            lastFrame = nil
            cnc_clear()
        }
        for (y, row) in buffer.rows.enumerated() {
            for (x, cell) in row.enumerated() where lastFrame?[x, y] != cell {
                put(cell, x: x, y: y)
            }
        }
        lastFrame = buffer
        cnc_refresh()
    }

    /// The next draw clears the screen and sends every cell, whatever the terminal shows now.
    func forgetScreen() {
        lastFrame = nil
    }

    func readEvents() -> [TerminalEvent] {
        var events = readSignals()
        var bytes = [UInt8](repeating: 0, count: 512)
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, 0) > 0 {
            let count = read(STDIN_FILENO, &bytes, bytes.count)
            if count == 0 { return events + [.terminated(signal: SIGHUP)] }  // The terminal went away.
            if count > 0 { events += decoder.feed(bytes.prefix(count)).map(TerminalEvent.init) }
        } else if let escape = decoder.flush() {
            events.append(.key(escape))  // No more bytes came: the Esc was a real key press.
        }
        return events
    }

    private func readSignals() -> [TerminalEvent] {
        var events: [TerminalEvent] = []
        var byte: UInt8 = 0
        while read(signalRead, &byte, 1) == 1 {
            switch SignalAction(signal: Int32(byte)) {
            case .resize:
                events.append(resizeFromTTY())
            case .suspend:
                cnc_suspend()  // Returns once resumed, or at once without job control.
                events.append(resizeFromTTY())
            case .terminate(let signal):
                events.append(.terminated(signal: signal))
            }
        }
        return events
    }

    /// Matches ncurses to the tty's size and forgets the last frame, so the next draw clears
    /// the screen and repaints every cell (resize_term keeps content; a resume finds the
    /// shell's screen).
    private func resizeFromTTY() -> TerminalEvent {
        _ = cnc_resize_from_tty()
        lastFrame = nil
        return .resized(size)
    }

    private func put(_ cell: Cell, x: Int, y: Int) {
        var attributes: UInt32 = 0
        let style = usesColor ? cell.style : cell.style.monochrome
        if style.attributes.contains(.bold) { attributes |= UInt32(CNC_BOLD) }
        if style.attributes.contains(.reverse) { attributes |= UInt32(CNC_REVERSE) }
        if style.attributes.contains(.dim) { attributes |= UInt32(CNC_DIM) }
        if style.attributes.contains(.underline) { attributes |= UInt32(CNC_UNDERLINE) }
        let scalars = cell.character.unicodeScalars.map(\.value)
        _ = cnc_put_cell(Int32(y), Int32(x), scalars, Int32(scalars.count), attributes, pair(for: style))
    }

    private func pair(for style: Style) -> Int16 {
        guard usesColor, style.foreground != .default || style.background != .default else { return 0 }
        let key = Pair(foreground: style.foreground, background: style.background)
        if let existing = pairs[key] { return existing }
        let number = Int16(pairs.count + 1)
        guard Int32(number) < cnc_color_pairs() else { return 0 }
        cnc_init_pair(number, Int16(style.foreground.rawValue), Int16(style.background.rawValue))
        pairs[key] = number
        return number
    }
}

extension TerminalEvent {
    fileprivate init(_ input: InputEvent) {
        switch input {
        case .key(let key): self = .key(key)
        case .mouse(let mouse): self = .mouse(mouse)
        }
    }
}
