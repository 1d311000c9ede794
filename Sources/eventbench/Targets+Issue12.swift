extension Targets {
    /// Issue 12: fixed cost per publish, several cores, executor fan-out, scale, streams.
    static func issue12Checks(_ results: Results) -> [Check] {
        var checks: [Check] = []
        func check(_ description: String, _ value: Double?, format: String, _ holds: (Double) -> Bool) {
            checks.append(
                Check(
                    description: description, figure: value.map { String(format: format, $0) },
                    holds: value.map(holds) ?? false))
        }
        func ns(_ scenario: String, _ competitor: String) -> Double? {
            results.row(scenario, competitor)?.nsPerOp
        }
        func over(_ own: Double?, _ base: Double?) -> Double? {
            guard let own, let base else { return nil }
            return own / base
        }
        // (1) Fixed cost.
        check(
            "token-owned publish-1 ≤ 2× direct floor",
            over(
                ns(ScenarioName.publish1, Competitor.token), ns(ScenarioName.publish1, Competitor.directFloor)
            ),
            format: "%.1f×"
        ) { $0 <= 2 }
        check(
            "token-owned per-subscriber cost ≤ 2× direct floor",
            results.row(ScenarioName.perSubscriber, Competitor.token)?.value, format: "%.2f×"
        ) { $0 <= 2 }
        for competitor in [Competitor.neverSubscribed, Competitor.noLongerSubscribed] {
            check(
                "publish with no subscribers < 10 ns (\(competitor))",
                ns(ScenarioName.noSubscribers, competitor), format: "%.1f ns"
            ) { $0 < 10 }
        }
        // (2) Several cores.
        for kind in [Competitor.weakOwner, Competitor.token] {
            check(
                "\(kind) 2 threads, same type ≥ 1.6× one thread",
                results.row(ScenarioName.twoThreadsSame, kind)?.value, format: "%.2f×"
            ) { $0 >= 1.6 }
            check(
                "\(kind) 2 threads, different types ≥ 1.8× one thread",
                results.row(ScenarioName.twoThreadsDifferent, kind)?.value, format: "%.2f×"
            ) { $0 >= 1.8 }
        }
        // (3) Executor fan-out.
        check(
            "executor per-subscriber cost ≤ 40 ns",
            results.row(ScenarioName.perSubscriber, Competitor.executor)?.nsPerOp, format: "%.0f ns"
        ) { $0 <= 40 }
        check(
            "executor publish-100 ≥ 3× faster than NC",
            over(
                ns(ScenarioName.publish100, Competitor.notificationCenter),
                ns(ScenarioName.publish100, Competitor.executor)),
            format: "%.1f×"
        ) { $0 >= 3 }
        check(
            "one executor job per executor per burst",
            results.row(ScenarioName.executorJobs, Competitor.executor)?.value, format: "%.0f jobs"
        ) { $0 <= 1 }
        // (4) Scale.
        for competitor in [Competitor.cancelOldest, Competitor.cancelRandom, Competitor.cancelNewest] {
            check(
                "subscribe+cancel at 10k < 1 µs (\(competitor))",
                ns(ScenarioName.scaleCancel, competitor), format: "%.0f ns"
            ) { $0 < 1_000 }
        }
        check(
            "ending 8,000 of 10,000 < 1 µs per cancel",
            ns(ScenarioName.endMany, Competitor.token), format: "%.0f ns"
        ) { $0 < 1_000 }
        check(
            "unsubscribeAll with 10,000 types < 10 µs",
            ns(ScenarioName.unsubscribeAll, Competitor.weakOwner10kTypes), format: "%.0f ns"
        ) { $0 < 10_000 }
        check(
            "publish-1 with 10,000 types ≤ 1.25× with 20",
            over(
                ns(ScenarioName.manyTypes, Competitor.token10kTypes),
                ns(ScenarioName.manyTypes, Competitor.token)),
            format: "%.2f×"
        ) { $0 <= 1.25 }
        // (5) Streams.
        check(
            "stream ≤ 1.2× a bare AsyncStream",
            over(ns(ScenarioName.stream, Competitor.stream), ns(ScenarioName.stream, Competitor.streamFloor)),
            format: "%.2f×"
        ) { $0 <= 1.2 }
        return checks
    }
}
