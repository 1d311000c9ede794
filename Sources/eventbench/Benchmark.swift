import Foundation

/// Runs the selected scenarios in a fixed order and collects their rows.
struct Benchmark {
    let options: Options

    private var settings: RunSettings {
        var settings = options.quick ? RunSettings.quick : .full
        settings.fixedOperations = options.fixedOperations
        return settings
    }

    func run() -> Results {
        var results = Results()
        let publishes = [
            (ScenarioName.publish1, 1), (ScenarioName.publish10, 10), (ScenarioName.publish100, 100),
        ]
        for (name, subscribers) in publishes where options.includes(scenario: name) {
            let contenders =
                publishContenders(subscriberCount: subscribers, options: options)
                + elsewhereContenders(subscriberCount: subscribers, options: options)
            let samples = Harness.measure(contenders, settings: settings)
            results.append(rows(name, contenders, samples, baseline: Competitor.notificationCenter))
        }
        results.append(perSubscriberRows(results))
        if options.includes(scenario: ScenarioName.subscribeCancel) {
            let contenders = subscribeCancelContenders(options: options)
            let samples = Harness.measure(contenders, settings: settings)
            results.append(
                rows(
                    ScenarioName.subscribeCancel, contenders, samples, baseline: Competitor.notificationCenter
                ))
        }
        if options.includes(scenario: ScenarioName.bytes) {
            results.append(bytesPerSubscription(options: options, count: options.quick ? 1_000 : 10_000))
        }
        if options.includes(scenario: "2 threads") {
            results.append(threadRows(threadCount: 2, options: options, settings: settings))
        }
        if options.includes(scenario: "4 threads") {
            results.append(threadRows(threadCount: 4, options: options, settings: settings))
        }
        if options.includes(scenario: ScenarioName.stream) {
            let contenders = streamContenders(options: options)
            let samples = Harness.measure(contenders, settings: settings)
            results.append(rows(ScenarioName.stream, contenders, samples, baseline: Competitor.streamFloor))
        }
        let parity = [
            (ScenarioName.protocolSubscription, protocolContenders),
            (ScenarioName.priority10, priorityContenders),
        ]
        for (name, makeContenders) in parity where options.includes(scenario: name) {
            let contenders = makeContenders(options)
            let samples = Harness.measure(contenders, settings: settings)
            results.append(rows(name, contenders, samples, baseline: Competitor.token))
        }
        if options.includes(scenario: ScenarioName.asyncHandler) {
            let contenders = asyncHandlerContenders(options: options)
            let samples = Harness.measure(contenders, settings: settings)
            results.append(rows(ScenarioName.asyncHandler, contenders, samples, baseline: Competitor.stream))
        }
        // Fixed cost and scale.
        let scale = [
            (ScenarioName.noSubscribers, noSubscriberContenders, Competitor.neverSubscribed),
            (ScenarioName.scaleCancel, scaleCancelContenders, Competitor.cancelNewest),
            (ScenarioName.unsubscribeAll, unsubscribeAllContenders, Competitor.weakOwner),
            (ScenarioName.manyTypes, manyTypesPublishContenders, Competitor.token),
        ]
        for (name, makeContenders, baseline) in scale where options.includes(scenario: name) {
            let contenders = makeContenders(options)
            let samples = Harness.measure(contenders, settings: settings)
            results.append(rows(name, contenders, samples, baseline: baseline))
        }
        if options.includes(scenario: ScenarioName.endMany) {
            results.append(endManyRows(options: options))
        }
        if options.includes(scenario: ScenarioName.executorJobs) {
            results.append(executorJobRows(options: options))
        }
        // Store, state and skipped state, against plain weak-owner delivery.
        let stores = [
            (ScenarioName.store0, 0), (ScenarioName.store1, 1), (ScenarioName.store10, 10),
            (ScenarioName.store100, 100),
        ]
        for (name, subscribers) in stores where options.includes(scenario: name) {
            let contenders = storeContenders(subscriberCount: subscribers, options: options)
            let samples = Harness.measure(contenders, settings: settings)
            results.append(rows(name, contenders, samples, baseline: Competitor.weakOwner))
        }
        for (name, subscribers) in [(ScenarioName.skipped1, 1), (ScenarioName.skipped100, 100)]
        where options.includes(scenario: name) {
            let contenders = skippedStateContenders(subscriberCount: subscribers, options: options)
            let samples = Harness.measure(contenders, settings: settings)
            results.append(rows(name, contenders, samples, baseline: Competitor.weakOwner))
        }
        if options.includes(scenario: ScenarioName.throwing) {
            let contenders = throwingContenders(options: options)
            let samples = Harness.measure(contenders, settings: settings)
            results.append(rows(ScenarioName.throwing, contenders, samples, baseline: Competitor.weakOwner))
        }
        if options.includes(scenario: ScenarioName.mainLoop) {
            results.append(mainLoopLatencyRows(options: options, samples: options.quick ? 200 : 5_000))
        }
        return results
    }

    /// Rows for measured contenders, with each one's speed relative to `baseline` when that
    /// ran too.
    private func rows(
        _ scenario: String, _ contenders: [Contender], _ samples: [String: Sample], baseline: String
    ) -> [ResultRow] {
        let base = samples[baseline]?.nsPerOp
        return contenders.compactMap { contender in
            guard let sample = samples[contender.name] else { return nil }
            var row = ResultRow(
                scenario: scenario, competitor: contender.name, nsPerOp: sample.nsPerOp,
                allocsPerOp: sample.allocsPerOp)
            if let base, contender.name != baseline {
                row.ratio = speedup(base / sample.nsPerOp, against: shortName(baseline))
            } else if base != nil {
                row.ratio = "baseline"
            }
            return row
        }
    }

    /// The cost each extra subscriber adds: the slope between 1 and 100 subscribers, compared
    /// with the floor that does the same per-subscriber work by hand.
    private func perSubscriberRows(_ results: Results) -> [ResultRow] {
        let floors = [
            Competitor.weakOwner: Competitor.weakFloor, Competitor.token: Competitor.directFloor,
            Competitor.executor: Competitor.directFloor, Competitor.state: Competitor.weakFloor,
            Competitor.notificationCenter: Competitor.directFloor,
            Competitor.naive: Competitor.directFloor,
        ]
        func slope(_ competitor: String) -> Double? {
            guard let one = results.row(ScenarioName.publish1, competitor)?.nsPerOp,
                let hundred = results.row(ScenarioName.publish100, competitor)?.nsPerOp
            else { return nil }
            return (hundred - one) / 99
        }
        return results.rows.filter { $0.scenario == ScenarioName.publish1 }.compactMap { row in
            guard let cost = slope(row.competitor) else { return nil }
            var result = ResultRow(
                scenario: ScenarioName.perSubscriber, competitor: row.competitor, nsPerOp: cost)
            if let floor = floors[row.competitor], let floorCost = slope(floor) {
                result.ratio = String(format: "%.2f× %@", cost / floorCost, shortName(floor))
                result.value = cost / floorCost
            }
            return result
        }
    }
}

/// "9.1× faster than NC" or "2.0× slower than NC".
func speedup(_ factor: Double, against name: String) -> String {
    factor >= 1
        ? String(format: "%.1f× faster than %@", factor, name)
        : String(format: "%.1f× slower than %@", 1 / factor, name)
}

/// Names short enough for the ratio column.
func shortName(_ competitor: String) -> String {
    switch competitor {
    case Competitor.notificationCenter: "NC"
    case Competitor.weakFloor: "weak floor"
    case Competitor.directFloor: "direct floor"
    case Competitor.streamFloor: "AsyncStream floor"
    case Competitor.token: "token-owned"
    case Competitor.stream: "stream"
    default: competitor
    }
}
