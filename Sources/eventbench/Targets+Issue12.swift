extension Targets {
    /// The scale targets: fixed cost per publish, several cores, executor fan-out, scale, streams.
    static func issue12Checks(_ results: Results) -> [Check] {
        let list = CheckList(results)
        // (1) Fixed cost.
        list.check(
            "token-owned publish-1 ≤ 2× direct floor",
            list.over(
                list.ns(ScenarioName.publish1, Competitor.token),
                list.ns(ScenarioName.publish1, Competitor.directFloor)
            ),
            format: "%.1f×"
        ) { $0 <= 2 }
        list.check(
            "token-owned per-subscriber cost ≤ 2× direct floor",
            results.row(ScenarioName.perSubscriber, Competitor.token)?.value, format: "%.2f×"
        ) { $0 <= 2 }
        for competitor in [Competitor.neverSubscribed, Competitor.noLongerSubscribed] {
            list.check(
                "publish with no subscribers < 10 ns (\(competitor))",
                list.ns(ScenarioName.noSubscribers, competitor), format: "%.1f ns"
            ) { $0 < 10 }
        }
        // (2) Several cores.
        for kind in [Competitor.weakOwner, Competitor.token] {
            list.check(
                "\(kind) 2 threads, same type ≥ 1.6× one thread",
                results.row(ScenarioName.twoThreadsSame, kind)?.value, format: "%.2f×"
            ) { $0 >= 1.6 }
            list.check(
                "\(kind) 2 threads, different types ≥ 1.8× one thread",
                results.row(ScenarioName.twoThreadsDifferent, kind)?.value, format: "%.2f×"
            ) { $0 >= 1.8 }
        }
        // (3) Executor fan-out.
        list.check(
            "executor per-subscriber cost ≤ 40 ns",
            results.row(ScenarioName.perSubscriber, Competitor.executor)?.nsPerOp, format: "%.0f ns"
        ) { $0 <= 40 }
        list.check(
            "executor publish-100 ≥ 3× faster than NC",
            list.over(
                list.ns(ScenarioName.publish100, Competitor.notificationCenter),
                list.ns(ScenarioName.publish100, Competitor.executor)),
            format: "%.1f×"
        ) { $0 >= 3 }
        list.check(
            "one executor job per executor per burst",
            results.row(ScenarioName.executorJobs, Competitor.executor)?.value, format: "%.0f jobs"
        ) { $0 <= 1 }
        // (4) Scale.
        for competitor in [Competitor.cancelOldest, Competitor.cancelRandom, Competitor.cancelNewest] {
            list.check(
                "subscribe+cancel at 10k < 1 µs (\(competitor))",
                list.ns(ScenarioName.scaleCancel, competitor), format: "%.0f ns"
            ) { $0 < 1_000 }
        }
        list.check(
            "ending 8,000 of 10,000 < 1 µs per cancel",
            list.ns(ScenarioName.endMany, Competitor.token), format: "%.0f ns"
        ) { $0 < 1_000 }
        list.check(
            "unsubscribeAll with 10,000 types < 10 µs",
            list.ns(ScenarioName.unsubscribeAll, Competitor.weakOwner10kTypes), format: "%.0f ns"
        ) { $0 < 10_000 }
        list.check(
            "publish-1 with 10,000 types ≤ 1.25× with 20",
            list.over(
                list.ns(ScenarioName.manyTypes, Competitor.token10kTypes),
                list.ns(ScenarioName.manyTypes, Competitor.token)),
            format: "%.2f×"
        ) { $0 <= 1.25 }
        // (5) Streams.
        list.check(
            "stream ≤ 1.2× a bare AsyncStream",
            list.over(
                list.ns(ScenarioName.stream, Competitor.stream),
                list.ns(ScenarioName.stream, Competitor.streamFloor)),
            format: "%.2f×"
        ) { $0 <= 1.2 }
        return list.checks
    }
}
