import EventBus
import EventDemo
import TerminalUI
import Testing

@Suite("Command line and headless runs", .timeLimit(.minutes(1)))
struct DemoOptionsTests {
    @Test func runsInteractivelyWithoutArguments() throws {
        #expect(try DemoOptions.parse([]) == .interactive)
    }

    @Test func parsesAHeadlessKeyScriptAndSize() throws {
        let sut = try DemoOptions.parse(["--headless", "--keys", "l a tab", "--size", "120x40"])

        #expect(
            sut
                == .headless(
                    keys: [.character("l"), .character("a"), .tab], size: Size(width: 120, height: 40)))
    }

    @Test func recognisesHelpAndVersion() throws {
        #expect(try DemoOptions.parse(["--help"]) == .help)
        #expect(try DemoOptions.parse(["--version"]) == .version)
    }

    @Test(arguments: [
        (["--frobnicate"], "unknown option '--frobnicate' (try --help)"),
        (["--headless", "--keys"], "--keys needs a value"),
        (["--headless", "--keys", "l wibble"], "unknown key 'wibble' in --keys"),
        (["--headless", "--size", "huge"], "--size needs a value like 100x30"),
        (["--keys", "l"], "--keys and --size only apply with --headless"),
    ])
    func rejectsBadArgumentsWithOneLine(arguments: [String], message: String) {
        #expect(throws: DemoOptionsError(message)) { try DemoOptions.parse(arguments) }
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
