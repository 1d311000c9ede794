import EventBus
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
    options = try DemoOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail(error.message)
}

switch options {
case .help:
    print(DemoOptions.usage)
case .version:
    print(DemoOptions.versionText)
case .headless(let keys, let size):
    let screen = HeadlessRun.run(keys: keys, size: size, services: DemoServices(bus: EventBus()))
    print(screen.text)
case .interactive:
    // Check before touching the terminal, so redirected runs get one clear line, not escape codes.
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
        fail("stdin and stdout must be a terminal (for scripted runs use --headless)")
    }
    let executor = MainLoopExecutor.shared
    let status = executor.runAsLoop { MainLoop.assumeIsolated { runInteractive(executor: executor) } }
    exit(status)
}

@MainLoop
func runInteractive(executor: MainLoopExecutor) -> Int32 {
    let terminal: NcursesTerminal
    do {
        terminal = try NcursesTerminal()
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
    let app = DemoApp(services: DemoServices(bus: EventBus()), executor: executor, size: terminal.size)
    return AppLoop.run(app: app, terminal: terminal, executor: executor)
}
