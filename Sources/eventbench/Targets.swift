/// The library's targets from issue 4, checked against one run's rows. Informational only: a
/// miss prints MISS and never changes the exit status, because timings on a shared machine are
/// noisy.
enum Targets {
    private struct Check {
        let description: String
        /// The measured figure, formatted, or nil when its scenario did not run.
        let figure: String?
        let holds: Bool
    }

    static func section(_ results: Results) -> String {
        let lines = checks(results).map { check in
            guard let figure = check.figure else { return "- SKIP \(check.description) (not measured)" }
            return "- \(check.holds ? "PASS" : "MISS") \(check.description): \(figure)"
        }
        return (["## Targets", ""] + lines).joined(separator: "\n")
    }

    private static func checks(_ results: Results) -> [Check] {
        var checks: [Check] = []
        func ratio(_ scenario: String, _ competitor: String, over baseline: String) -> Double? {
            guard let own = results.row(scenario, competitor)?.nsPerOp,
                let base = results.row(scenario, baseline)?.nsPerOp
            else { return nil }
            return base / own
        }
        func check(_ description: String, _ value: Double?, format: String, _ holds: (Double) -> Bool) {
            checks.append(
                Check(
                    description: description, figure: value.map { String(format: format, $0) },
                    holds: value.map(holds) ?? false))
        }

        let perSubscriber = ScenarioName.perSubscriber
        let publishScenarios = [ScenarioName.publish1, ScenarioName.publish10, ScenarioName.publish100]
        check(
            "weak-owner per-subscriber cost ≤ 1.3× weak floor",
            results.row(perSubscriber, Competitor.weakOwner)?.value, format: "%.2f×"
        ) { $0 <= 1.3 }
        let weakGoals = [
            (ScenarioName.publish1, 8.0), (ScenarioName.publish10, 3.0), (ScenarioName.publish100, 1.8),
        ]
        for (scenario, goal) in weakGoals {
            check(
                "weak-owner \(scenario) ≥ \(goal)× faster than NC",
                ratio(scenario, Competitor.weakOwner, over: Competitor.notificationCenter), format: "%.1f×"
            ) { $0 >= goal }
        }
        for scenario in publishScenarios {
            check(
                "token-owned \(scenario) ≥ 5× faster than NC",
                ratio(scenario, Competitor.token, over: Competitor.notificationCenter), format: "%.1f×"
            ) { $0 >= 5 }
        }
        check(
            "token-owned per-subscriber cost ≤ 3× direct floor",
            results.row(perSubscriber, Competitor.token)?.value, format: "%.2f×"
        ) { $0 <= 3 }
        for kind in [Competitor.weakOwner, Competitor.token, Competitor.executor, Competitor.stepped] {
            let worst = publishScenarios.compactMap { results.row($0, kind)?.allocsPerOp }.max()
            check("\(kind): zero allocations per publish", worst, format: "%.3f allocs/op") { $0 < 0.01 }
        }
        for kind in [Competitor.weakOwner, Competitor.token] {
            check(
                "\(kind) subscribe+cancel < 1 µs",
                results.row(ScenarioName.subscribeCancel, kind)?.nsPerOp, format: "%.0f ns"
            ) { $0 < 1_000 }
            check(
                "\(kind) < 200 bytes per live subscription",
                results.row(ScenarioName.bytes, kind)?.value, format: "%.0f B"
            ) { $0 < 200 }
            check(
                "\(kind) 2 threads, different types ≥ 1.3× one thread",
                results.row(ScenarioName.twoThreadsDifferent, kind)?.value, format: "%.2f×"
            ) { $0 >= 1.3 }
        }
        check(
            "main-loop delivery p99 < 1 ms",
            results.row(ScenarioName.mainLoop, Competitor.weakOwner)?.value.map { $0 / 1e3 },
            format: "%.1f µs"
        ) { $0 < 1_000 }
        return checks
    }
}
