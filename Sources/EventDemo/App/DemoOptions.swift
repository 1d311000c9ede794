import EventBusTracing
import TerminalUI

/// Options of a run, interactive or headless: recording, replaying, the mouse, colours.
public struct SessionOptions: Equatable, Sendable {
    /// `--record FILE`: write every publish to this file.
    public var recordPath: String?
    /// `--replay FILE`: play this recording into the panes instead of running live.
    public var replayPath: String?
    /// `--follow FILE`: show this trace as its app writes it, instead of running live.
    public var followPath: String?
    /// `--step`: replay one event per space press.
    public var stepsThroughReplay: Bool
    /// `--no-mouse` turns mouse reports off (so the terminal's own text selection works).
    public var usesMouse: Bool
    /// `--no-color` or a non-empty `NO_COLOR` (no-color.org) turn colours off; emphasis is then
    /// bold and reverse video only. Headless output is text, so it changes nothing there.
    public var usesColor: Bool

    /// Creates options; the defaults are a plain live run with the mouse and colours on.
    public init(
        recordPath: String? = nil, replayPath: String? = nil, stepsThroughReplay: Bool = false,
        usesMouse: Bool = true, usesColor: Bool = true
    ) {
        self.recordPath = recordPath
        self.replayPath = replayPath
        self.stepsThroughReplay = stepsThroughReplay
        self.usesMouse = usesMouse
        self.usesColor = usesColor
    }
}

/// What the command line asks for. Parsing is pure so it can be tested without a process.
public enum DemoOptions: Equatable, Sendable {
    /// The interactive terminal app.
    case interactive(SessionOptions = SessionOptions())
    /// Play `keys` at `size` without a terminal and print the final screen.
    case headless(keys: [Key], size: Size, session: SessionOptions = SessionOptions())
    /// Print usage.
    case help
    /// Print the version.
    case version

    /// The usage text for `--help`.
    public static let usage = """
        eventdemo \(Chrome.version): watch an EventBus at work in your terminal.

        USAGE
          eventdemo                 run the interactive app (needs a terminal of at least 80x24)
          eventdemo --headless [--keys "l a a c"] [--size 100x30]
                                    play keys without a terminal and print the final screen
          eventdemo --help | --version

        OPTIONS (interactive or headless)
          --record FILE             write every publish to FILE as an EventBus trace (JSON Lines:
                                    time, call site, event type, recipients, payload); stops at
                                    \(TraceFormat.describe(bytes: TraceFormat.defaultMaximumBytes)) and says so
          --replay FILE             play a recording back into the panes at its recorded pace
                                    (headless: all at once); keys that publish are off
                                    (any app's TraceWriter file: its events, subscriptions, call sites)
          --step                    with --replay: space publishes the next recorded event
          --follow FILE             show a trace live while its app writes it (headless: what
                                    it holds so far); keys that publish are off
          --no-mouse                leave the mouse to the terminal (text selection)
          --no-color                no colours, bold and reverse video only (or set NO_COLOR)

        KEYS
          1 2 3 (or F1-F3) views: Shop, Flow, Bus
          l login/logout  a add item  r remove  c checkout  x clear cart
          t ticker burst  s step mode (space: next)
          Tab focus  ↑/↓ select or scroll  ? help  q quit
          The mouse: click panes, help-bar buttons and view tabs; the wheel scrolls.

        Key scripts are space-separated: single characters, or tab, enter, esc, up, down, space,
        f1 to f12.
        """

    /// The version string for `--version`.
    public static let versionText = "eventdemo \(Chrome.version)"

    /// Parses the arguments after the program name; `environment` supplies `NO_COLOR`.
    /// - Throws: a message suitable for stderr, for unknown flags or malformed values.
    public static func parse(
        _ arguments: [String], environment: [String: String] = [:]
    ) throws(DemoOptionsError) -> DemoOptions {
        var headless = false
        var keys: [Key] = []
        var size = Size(width: 100, height: 30)
        var session = SessionOptions(usesColor: environment["NO_COLOR", default: ""].isEmpty)
        var remaining = arguments[...]
        func path(after flag: String) throws(DemoOptionsError) -> String {
            guard let value = remaining.popFirst(), !value.isEmpty, !value.hasPrefix("--") else {
                throw DemoOptionsError("\(flag) needs a file name")
            }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h": return .help
            case "--version": return .version
            case "--headless": headless = true
            case "--record": session.recordPath = try path(after: "--record")
            case "--replay": session.replayPath = try path(after: "--replay")
            case "--follow": session.followPath = try path(after: "--follow")
            case "--step": session.stepsThroughReplay = true
            case "--no-mouse": session.usesMouse = false
            case "--no-color": session.usesColor = false
            case "--keys":
                guard let script = remaining.popFirst() else {
                    throw DemoOptionsError("--keys needs a value")
                }
                keys = try script.split(separator: " ").map { word throws(DemoOptionsError) in
                    guard let key = Key(scriptWord: String(word)) else {
                        throw DemoOptionsError("unknown key '\(quoted: word)' in --keys")
                    }
                    return key
                }
            case "--size":
                guard let value = remaining.popFirst() else {
                    throw DemoOptionsError("--size needs a value like 100x30")
                }
                size = try parseSize(value)
            default:
                throw DemoOptionsError("unknown option '\(quoted: argument)' (try --help)")
            }
        }
        if !headless, keys != [] || arguments.contains("--size") {
            throw DemoOptionsError("--keys and --size only apply with --headless")
        }
        if session.stepsThroughReplay, session.replayPath == nil {
            throw DemoOptionsError("--step only applies with --replay")
        }
        if session.followPath != nil, session.recordPath != nil || session.replayPath != nil {
            throw DemoOptionsError("--follow cannot be combined with --record or --replay")
        }
        if session.recordPath != nil, session.replayPath != nil {
            throw DemoOptionsError("--record and --replay cannot be combined (a replay is already recorded)")
        }
        return headless ? .headless(keys: keys, size: size, session: session) : .interactive(session)
    }

    /// The largest `--size`: a headless screen is a grid of cells, so an absurd size would eat
    /// memory until the process dies (100000x100000 did); no real terminal is this big.
    public static let maximumSize = Size(width: 1000, height: 1000)

    private static func parseSize(_ value: String) throws(DemoOptionsError) -> Size {
        let parts = value.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else {
            throw DemoOptionsError("--size needs a value like 100x30, not '\(quoted: value)'")
        }
        // Digits only, so `Int` fails just on overflow: that is out of range too.
        guard let width = Int(parts[0]), let height = Int(parts[1]), (1...maximumSize.width).contains(width),
            (1...maximumSize.height).contains(height)
        else {
            throw DemoOptionsError("--size '\(quoted: value)' is out of range (1x1 to \(maximumSize))")
        }
        return Size(width: width, height: height)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension DefaultStringInterpolation {
    /// Echoes a user's argument in an error message, cut to a readable length (a 100 KB
    /// argument must not become a 100 KB message) and with control characters shown as `?`, so
    /// an argument cannot send escape sequences to the terminal.
    fileprivate mutating func appendInterpolation(quoted value: some StringProtocol) {
        let printable = value.map {
            $0.isASCII && ($0.asciiValue! < 0x20 || $0.asciiValue! == 0x7F) ? "?" : $0
        }
        appendLiteral(String(printable).truncated(to: 40))
    }
}

/// A command-line mistake; `message` is one line for stderr.
public struct DemoOptionsError: Error, Equatable {
    /// What was wrong.
    public let message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
}
