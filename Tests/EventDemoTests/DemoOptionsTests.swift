import EventBus
import EventDemo
import TerminalUI
import Testing

@Suite("Command line and headless runs", .timeLimit(.minutes(3)))
struct DemoOptionsTests {
    @Test func runsInteractivelyWithoutArguments() throws {
        #expect(try DemoOptions.parse([]) == .interactive())
    }

    @Test func parsesAHeadlessKeyScriptAndSize() throws {
        let sut = try DemoOptions.parse(["--headless", "--keys", "l a tab", "--size", "120x40"])

        #expect(
            sut
                == .headless(
                    keys: [.character("l"), .character("a"), .tab], size: Size(width: 120, height: 40)))
    }

    @Test func parsesRecordReplayStepAndNoMouse() throws {
        #expect(
            try DemoOptions.parse(["--record", "run.jsonl"])
                == .interactive(SessionOptions(recordPath: "run.jsonl")))
        #expect(
            try DemoOptions.parse(["--replay", "run.jsonl", "--step", "--no-mouse"])
                == .interactive(
                    SessionOptions(replayPath: "run.jsonl", stepsThroughReplay: true, usesMouse: false)))
        #expect(
            try DemoOptions.parse(["--headless", "--replay", "run.jsonl"])
                == .headless(
                    keys: [], size: Size(width: 100, height: 30),
                    session: SessionOptions(replayPath: "run.jsonl")))
    }

    @Test func recognisesHelpAndVersion() throws {
        #expect(try DemoOptions.parse(["--help"]) == .help)
        #expect(try DemoOptions.parse(["--version"]) == .version)
    }

    @Test(arguments: [
        (["--frobnicate"], "unknown option '--frobnicate' (try --help)"),
        (["--headless", "--keys"], "--keys needs a value"),
        (["--headless", "--keys", "l wibble"], "unknown key 'wibble' in --keys"),
        (["--headless", "--size", "huge"], "--size needs a value like 100x30, not 'huge'"),
        (["--headless", "--size"], "--size needs a value like 100x30"),
        (["--headless", "--size", "-5x10"], "--size needs a value like 100x30, not '-5x10'"),
        (["--keys", "l"], "--keys and --size only apply with --headless"),
        (["--record"], "--record needs a file name"),
        (["--replay", "--step"], "--replay needs a file name"),
        (["--step"], "--step only applies with --replay"),
        (
            ["--record", "a", "--replay", "b"],
            "--record and --replay cannot be combined (a replay is already recorded)"
        ),
    ])
    func rejectsBadArgumentsWithOneLine(arguments: [String], message: String) {
        #expect(throws: DemoOptionsError(message)) { try DemoOptions.parse(arguments) }
    }

    @Test(arguments: [
        "0x0", "0x30", "100x0", "1001x30", "100x1001", "100000x100000", "99999999999999999999x1",
    ])
    func rejectsSizesOutOfRangeSayingSo(size: String) {
        // Issue 7, bug 4: 100000x100000 ate memory until it aborted; 0x0 said a value was missing.
        #expect(throws: DemoOptionsError("--size '\(size)' is out of range (1x1 to 1000x1000)")) {
            try DemoOptions.parse(["--headless", "--size", size])
        }
    }

    @Test func acceptsSizesAtTheBounds() throws {
        #expect(
            try DemoOptions.parse(["--headless", "--size", "1x1"])
                == .headless(keys: [], size: Size(width: 1, height: 1)))
        #expect(
            try DemoOptions.parse(["--headless", "--size", "1000x1000"])
                == .headless(keys: [], size: Size(width: 1000, height: 1000)))
    }

    @Test(arguments: [
        ["--" + String(repeating: "x", count: 100_000)],
        ["--headless", "--keys", "l " + String(repeating: "w", count: 100_000)],
        ["--headless", "--size", String(repeating: "9", count: 100_000) + "x1"],
    ])
    func cutsEchoedArgumentsToAReadableLength(arguments: [String]) throws {
        // Issue 7, bug 4: a 100 KB argument was echoed whole.
        let error = try #require(throws: DemoOptionsError.self) { try DemoOptions.parse(arguments) }

        #expect(error.message.count < 100)
        #expect(error.message.contains("…"))
    }

    @Test func showsControlCharactersInEchoedArgumentsAsQuestionMarks() {
        #expect(throws: DemoOptionsError("unknown option '--?[2J' (try --help)")) {
            try DemoOptions.parse(["--\u{1B}[2J"])
        }
    }

    @Test func turnsColoursOffWithNoColorOrTheFlag() throws {
        // Issue 7, bug 6: NO_COLOR (no-color.org) was ignored and there was no --no-color.
        let noColor = SessionOptions(usesColor: false)

        #expect(try DemoOptions.parse([], environment: ["NO_COLOR": "1"]) == .interactive(noColor))
        #expect(try DemoOptions.parse(["--no-color"]) == .interactive(noColor))
        #expect(try DemoOptions.parse([], environment: ["NO_COLOR": ""]) == .interactive(SessionOptions()))
        #expect(try DemoOptions.parse([], environment: ["TERM": "xterm"]) == .interactive(SessionOptions()))
        #expect(
            try DemoOptions.parse(["--headless", "--no-color"])
                == .headless(keys: [], size: Size(width: 100, height: 30), session: noColor))
    }

    @Test func headlessRunPlaysKeysThroughTheRealServices() {
        let services = Fixtures.services()

        let screen = HeadlessRun.run(
            keys: [.character("l"), .character("a"), .character("a")], size: Size(width: 100, height: 30),
            services: services, timeFormat: Fixtures.utc)

        #expect(screen.text.contains("Signed in as Alice"))
        #expect(screen.text.contains("Alice Martin"))
        #expect(screen.text.contains("Total (2 items)"))
        #expect(screen.text.contains("UserDidLoginEvent"))
    }
}
