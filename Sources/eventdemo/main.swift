import EventBus
import EventBusTracing
import EventDemo
import Foundation
import TerminalUI

// Thin on purpose: parse the command line, check we have a terminal, run the loop, restore.

func fail(_ message: String, status: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data("eventdemo: \(message)\n".utf8))
    exit(status)
}

let options: DemoOptions
do {
    options = try DemoOptions.parse(
        Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
} catch {
    fail(error.message)
}

/// Reads and checks the whole replay before the terminal is touched, so a bad file gets one
/// line on a normal screen (and exit 2) instead of failing halfway through.
func readReplay(_ session: SessionOptions) -> Recording? {
    do throws(TraceError) {
        return try session.replayPath.map { path throws(TraceError) in try Recording(contentsOf: path) }
    } catch {
        fail(error.description)
    }
}

/// Opens the trace `--follow` names and checks its first line, before the terminal is touched.
func openFollowed(_ session: SessionOptions) -> TraceTail? {
    do throws(TraceError) {
        return try session.followPath.map { path throws(TraceError) in try TraceTail(path: path) }
    } catch {
        fail(error.description)
    }
}

func openRecording(_ session: SessionOptions) -> TraceWriter? {
    do throws(TraceError) {
        return try session.recordPath.map { path throws(TraceError) in try TraceWriter(path: path) }
    } catch {
        fail(error.description)
    }
}

/// After the run: say so if the recording stopped early or dropped events.
func report(_ recorder: TraceWriter?) {
    let status = recorder?.close()
    if let recorder, recorder.dropped > 0 {
        FileHandle.standardError.write(
            Data(
                "eventdemo: recording \(recorder.path) dropped \(recorder.dropped) events it could not write in time\n"
                    .utf8))
    }
    switch status {
    case .full(let lines):
        let cap = TraceFormat.describe(bytes: TraceFormat.defaultMaximumBytes)
        FileHandle.standardError.write(
            Data(
                "eventdemo: recording \(recorder!.path) stopped at its \(cap) cap after \(lines) events\n"
                    .utf8))
    case .failed(let lines, let reason):
        fail("recording \(recorder!.path) failed after \(lines) events: \(reason)", status: 1)
    default:
        break
    }
}

func replayName(_ path: String?) -> String { URL(filePath: path ?? "").lastPathComponent }

switch options {
case .help:
    print(DemoOptions.usage)
case .version:
    print(DemoOptions.versionText)
case .headless(let keys, let size, let session):
    let replay = readReplay(session)
    let followed = openFollowed(session)
    let recorder = openRecording(session)
    let services = DemoServices(bus: EventBus())
    let token = recorder?.attach(to: services.bus)
    let screen = HeadlessRun.run(
        keys: keys, size: size, services: services,
        replay: replay.map {
            ($0, replayName(session.replayPath), session.stepsThroughReplay ? .stepped : .paced)
        },
        follow: followed.map { ($0.path, replayName(session.followPath)) })
    print(screen.text)
    token?.cancel()
    report(recorder)
case .interactive(let session):
    let replay = readReplay(session)
    _ = openFollowed(session)  // Checked here; the loop opens it again on its own thread.
    // Check before touching the terminal, so redirected runs get one clear line, not escape codes.
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
        fail("stdin and stdout must be a terminal (for scripted runs use --headless)")
    }
    let recorder = openRecording(session)
    let executor = MainLoopExecutor.shared
    let status = executor.runAsLoop {
        MainLoop.assumeIsolated {
            runInteractive(session: session, replay: replay, recorder: recorder, executor: executor)
        }
    }
    report(recorder)
    exit(status)
}

@MainLoop
func runInteractive(
    session: SessionOptions, replay: Recording?, recorder: TraceWriter?, executor: MainLoopExecutor
) -> Int32 {
    let terminal: NcursesTerminal
    do {
        terminal = try NcursesTerminal(mouse: session.usesMouse, color: session.usesColor)
    } catch .badTerminal(let term) {
        fail("cannot drive terminal type '\(term)' (TERM unset or unknown); try TERM=xterm-256color")
    } catch .noCursorAddressing(let term) {
        fail(
            "terminal type '\(term)' cannot move the cursor, so it cannot show the app; try TERM=xterm-256color"
        )
    } catch {
        fail("could not initialise the terminal")
    }
    defer { terminal.stop() }
    let services = DemoServices(bus: EventBus())
    // A replay drives the panes through a bus of its own; the services stay idle on theirs.
    let watchesTrace = replay != nil || session.followPath != nil
    let app = DemoApp(
        services: services, bus: watchesTrace ? EventBus() : nil, executor: executor, size: terminal.size)
    if let path = session.followPath, let tail = try? TraceTail(path: path) {
        app.follow(tail, name: replayName(path))
    }
    if let replay {
        app.replay(
            replay, name: replayName(session.replayPath), mode: session.stepsThroughReplay ? .stepped : .paced
        )
    }
    app.recorder = recorder
    app.charset = terminal.charset
    let token = recorder?.attach(to: services.bus)
    defer { token?.cancel() }
    return AppLoop.run(app: app, terminal: terminal, executor: executor)
}
