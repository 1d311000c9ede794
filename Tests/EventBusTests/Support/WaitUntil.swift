import Testing

/// Waits until `condition` holds, checking after every yield, or fails the test after
/// `timeout`. Waiting on a condition instead of sleeping keeps tests fast and honest.
/// The timeout is a backstop only: CI runs these under TSan (5-15 times slower) on two shared
/// cores, where 10 s of wall time was sometimes not enough for a main-actor job to run, and
/// 30 s not enough while two CPU-bound stress tests ran beside it.
func waitUntil(
    timeout: Duration = .seconds(60), isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async -> Bool
) async {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if await condition() { return }
        await Task.yield()
        try? await Task.sleep(for: .milliseconds(1))
    }
    // The deadline is wall time, which passes while this task waits for a thread of a busy
    // pool: the condition may have come true meanwhile, so ask it once more before failing.
    if await condition() { return }
    Issue.record("condition not met within \(timeout)", sourceLocation: sourceLocation)
}
