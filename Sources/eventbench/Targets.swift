import Foundation

/// The library's speed and scale targets, checked against one run's rows. Informational only: a
/// miss prints MISS and never changes the exit status, because timings on a shared machine are
/// noisy.
enum Targets {
    struct Check {
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
        let list = CheckList(results)
        func ratio(_ scenario: String, _ competitor: String, over baseline: String) -> Double? {
            guard let own = results.row(scenario, competitor)?.nsPerOp,
                let base = results.row(scenario, baseline)?.nsPerOp
            else { return nil }
            return base / own
        }

        let perSubscriber = ScenarioName.perSubscriber
        let publishScenarios = [ScenarioName.publish1, ScenarioName.publish10, ScenarioName.publish100]
        list.check(
            "weak-owner per-subscriber cost ≤ 1.3× weak floor",
            results.row(perSubscriber, Competitor.weakOwner)?.value, format: "%.2f×"
        ) { $0 <= 1.3 }
        let weakGoals = [
            (ScenarioName.publish1, 8.0), (ScenarioName.publish10, 3.0), (ScenarioName.publish100, 1.8),
        ]
        for (scenario, goal) in weakGoals {
            list.check(
                "weak-owner \(scenario) ≥ \(goal)× faster than NC",
                ratio(scenario, Competitor.weakOwner, over: Competitor.notificationCenter), format: "%.1f×"
            ) { $0 >= goal }
        }
        for scenario in publishScenarios {
            list.check(
                "token-owned \(scenario) ≥ 5× faster than NC",
                ratio(scenario, Competitor.token, over: Competitor.notificationCenter), format: "%.1f×"
            ) { $0 >= 5 }
        }
        list.check(
            "token-owned per-subscriber cost ≤ 3× direct floor",
            results.row(perSubscriber, Competitor.token)?.value, format: "%.2f×"
        ) { $0 <= 3 }
        for kind in [Competitor.weakOwner, Competitor.token, Competitor.executor, Competitor.stepped] {
            let worst = publishScenarios.compactMap { results.row($0, kind)?.allocsPerOp }.max()
            list.check("\(kind): zero allocations per publish", worst, format: "%.3f allocs/op") { $0 < 0.01 }
        }
        // An async handler's task occasionally allocates when it suspends (0.05 per event); a
        // hand-over that allocates per event (2.00 once, a closure threaded through its lock) misses.
        list.check(
            "\(Competitor.asyncHandler): under 0.5 allocations per publish",
            results.row(ScenarioName.asyncHandler, Competitor.asyncHandler)?.allocsPerOp,
            format: "%.2f allocs/op"
        ) { $0 < 0.5 }
        for kind in [Competitor.weakOwner, Competitor.token] {
            list.check(
                "\(kind) subscribe+cancel < 1 µs",
                results.row(ScenarioName.subscribeCancel, kind)?.nsPerOp, format: "%.0f ns"
            ) { $0 < 1_000 }
            list.check(
                "\(kind) < 200 bytes per live subscription",
                results.row(ScenarioName.bytes, kind)?.value, format: "%.0f B"
            ) { $0 < 200 }
            list.check(
                "\(kind) 2 threads, different types ≥ 1.3× one thread",
                results.row(ScenarioName.twoThreadsDifferent, kind)?.value, format: "%.2f×"
            ) { $0 >= 1.3 }
        }
        list.append(issue12Checks(results))
        list.append(issue20Checks(results))
        list.check(
            "main-loop delivery p99 < 1 ms",
            results.row(ScenarioName.mainLoop, Competitor.weakOwner)?.value.map { $0 / 1e3 },
            format: "%.1f µs"
        ) { $0 < 1_000 }
        return list.checks
    }

    /// The state targets: state, Store and stepped delivery against plain owner-bound delivery. The
    /// ReSwift goals (5×, 8×, 12× faster at 1, 10, 100 subscribers) are stated as multiples of a
    /// plain weak-owner publish to as many subscribers, from a side-by-side measurement
    /// (ReSwift 57×, 28.5× and 25.7× a plain publish): ReSwift cannot run in this process.
    private static func issue20Checks(_ results: Results) -> [Check] {
        let list = CheckList(results)
        /// Cost per extra subscriber between two scenarios of 1 and 100 subscribers.
        func slope(_ one: String, _ hundred: String, _ competitor: String) -> Double? {
            guard let low = list.ns(one, competitor), let high = list.ns(hundred, competitor) else {
                return nil
            }
            return (high - low) / 99
        }
        let reSwiftGoals = [
            (ScenarioName.store1, 5.0, 57.2), (ScenarioName.store10, 8.0, 28.5),
            (ScenarioName.store100, 12.0, 25.7),
        ]
        for (scenario, goal, reSwift) in reSwiftGoals {
            let limit = reSwift / goal
            list.check(
                "Store \(scenario) ≥ \(Int(goal))× faster than ReSwift (≤ \(String(format: "%.2f", limit))× a plain weak-owner publish)",
                list.over(list.ns(scenario, Competitor.store), list.ns(scenario, Competitor.weakOwner)),
                format: "%.2f×"
            ) { $0 <= limit }
        }
        list.check(
            "Store with no subscribers ≤ 1.5× a bare publishState",
            list.over(
                list.ns(ScenarioName.store0, Competitor.store),
                list.ns(ScenarioName.store0, Competitor.bareState)),
            format: "%.2f×"
        ) { $0 <= 1.5 }
        let plainSlope = slope(ScenarioName.store1, ScenarioName.store100, Competitor.weakOwner)
        list.check(
            "delivered state per subscriber ≤ 1.5× a plain weak-owner delivery",
            list.over(slope(ScenarioName.store1, ScenarioName.store100, Competitor.bareState), plainSlope),
            format: "%.2f×"
        ) { $0 <= 1.5 }
        list.check(
            "Store delivery per subscriber ≤ 1.5× a plain weak-owner delivery",
            list.over(slope(ScenarioName.store1, ScenarioName.store100, Competitor.store), plainSlope),
            format: "%.2f×"
        ) { $0 <= 1.5 }
        list.check(
            "skipped state per subscriber ≤ 1.0× a plain weak-owner delivery",
            list.over(
                slope(ScenarioName.skipped1, ScenarioName.skipped100, Competitor.skippedState),
                slope(ScenarioName.skipped1, ScenarioName.skipped100, Competitor.weakOwner)),
            format: "%.2f×"
        ) { $0 <= 1.0 }
        list.check(
            "stepped delivery per subscriber ≤ 1.5× a plain weak-owner delivery",
            list.over(
                slope(ScenarioName.publish1, ScenarioName.publish100, Competitor.stepped),
                slope(ScenarioName.publish1, ScenarioName.publish100, Competitor.weakOwner)),
            format: "%.2f×"
        ) { $0 <= 1.5 }
        for kind in [Competitor.weakOwner, Competitor.token] {
            list.check(
                "\(kind) subscribe+cancel ≥ 2× faster than NC",
                list.over(
                    list.ns(ScenarioName.subscribeCancel, Competitor.notificationCenter),
                    list.ns(ScenarioName.subscribeCancel, kind)),
                format: "%.2f×"
            ) { $0 >= 2 }
        }
        let stateScenarios = [
            ScenarioName.store0, ScenarioName.store1, ScenarioName.store10, ScenarioName.store100,
            ScenarioName.skipped1, ScenarioName.skipped100,
        ]
        for kind in [Competitor.store, Competitor.bareState, Competitor.skippedState] {
            let worst = stateScenarios.compactMap { results.row($0, kind)?.allocsPerOp }.max()
            list.check("\(kind): zero allocations per dispatch or publish", worst, format: "%.3f allocs/op") {
                $0 < 0.01
            }
        }
        return list.checks
    }

    /// Figures reported without a target (four threads, for bigger machines).
    static func infoSection(_ results: Results) -> String {
        let rows = [ScenarioName.fourThreadsSame, ScenarioName.fourThreadsDifferent].flatMap { scenario in
            results.rows.filter { $0.scenario == scenario }
        }
        return rows.map { "- INFO \($0.competitor) \($0.scenario): \($0.ratio)" }.joined(separator: "\n")
    }
}
