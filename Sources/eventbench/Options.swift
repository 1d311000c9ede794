/// The command line, parsed.
struct Options {
    /// Short batches for a CI smoke run; the figures are rough.
    var quick = false
    /// Only scenarios whose name contains this run (for profiling one scenario).
    var scenarioFilter: String?
    /// Only competitors whose name contains this run (case-insensitive).
    var competitorFilter: String?
    /// Operations per batch instead of calibrating to a duration, so that runs under valgrind
    /// (50× slower) do the same work as native ones and instruction counts can be compared.
    var fixedOperations: Int?

    static let usage = """
        usage: eventbench [--quick] [--scenario NAME] [--competitor NAME] [--ops N] [--help]
               eventbench --trap NAME

          --quick              short batches (CI smoke run; figures are rough)
          --scenario NAME      run only scenario NAME (e.g. publish-10), or those containing NAME
          --competitor NAME    run only competitors whose name contains NAME, e.g. token
          --ops N              N operations per batch instead of timing-based calibration
                               (for callgrind/dhat runs of a single scenario)
          --help               print this help
          --trap NAME          run a documented programming-error stop (for scripts/release-traps.sh,
                               which checks its message in a release build): \(TrapProbe.names.joined(separator: ", "))

        scenarios: \(ScenarioName.all.joined(separator: ", "))
        """

    /// Why the command line was rejected.
    struct UsageError: Error {
        let message: String
    }

    /// What the command line asks for: a run, the help text, or a documented stop.
    enum Request {
        case run(Options)
        case help
        case trap(String)
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Request {
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                return .help
            case "--quick":
                options.quick = true
            case "--trap":
                guard let name = remaining.popFirst(), TrapProbe.names.contains(name) else {
                    throw UsageError(
                        message: "--trap needs one of: \(TrapProbe.names.joined(separator: ", "))")
                }
                return .trap(name)
            case "--ops":
                guard let value = remaining.popFirst().flatMap({ Int($0) }), value > 0 else {
                    throw UsageError(message: "--ops needs a positive number")
                }
                options.fixedOperations = value
            case "--scenario", "--competitor":
                guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                    throw UsageError(message: "\(argument) needs a value")
                }
                if argument == "--scenario" {
                    options.scenarioFilter = value
                } else {
                    options.competitorFilter = value
                }
            default:
                throw UsageError(message: "unknown option '\(argument)'")
            }
        }
        return .run(options)
    }

    /// A filter that names a scenario exactly selects only it (`publish-10` is not also
    /// `publish-100`); any other filter selects every scenario whose name contains it.
    func includes(scenario name: String) -> Bool {
        guard let filter = scenarioFilter else { return true }
        return ScenarioName.all.contains(filter) ? name == filter : name.contains(filter)
    }

    func includes(competitor name: String) -> Bool {
        competitorFilter.map { name.lowercased().contains($0.lowercased()) } ?? true
    }
}
