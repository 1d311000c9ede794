#!/usr/bin/env bash
# The tests under ThreadSanitizer, in two runs: `make tsan` and CI's TSan step call it.
#
# 1. Everything else, in parallel (FILTER, when set, narrows it: CI passes its test targets).
# 2. The demo suites whose tests wait, with a deadline, for work on Swift's cooperative pool (a
#    paced subscription's clock task, an async handler's task, `Task.yield` polling) or on a
#    real clock (the executor's timed wait, `settle()` for the services' background work): one
#    test at a time. In the first run Swift Testing starts every test at once
#    (~600), and on two cores under TSan a job those tests wait for queues behind hundreds of
#    test jobs: ViewsTests.theFlowViewUsesALargeTerminal once hit its 3-minute limit. Alone,
#    each waits only for its own work. Their assertions and limits are the same in both runs.
#
# A suite belongs in POOL_BOUND when its tests wait on the pool or a real clock (they call
# `onLoopThread`, an `eventually` loop, `waitForWork`, `settle(`, `drain(until:)`, or advance
# a paced subscription's clock); PoolBoundSuitesTests fails when the list and the suites differ.
set -euo pipefail
cd "$(dirname "$0")/.."

POOL_BOUND='EventDemoTests\.(AppModelTests|ArchiveServiceTests|CartHistoryTests|EventLogStepModeTests|FlashTests|HandlerErrorViewsTests|LayoutTests|LogNavigationTests|MainLoopExecutorTests|ReplayFidelityTests|StateDemoTests|StatusLineTests|TickerPaneTests|TooSmallAndRepaintTests|ViewsTests)/'
common=(--sanitize=thread --scratch-path .build/tsan --disable-xctest)

if [ -n "${FILTER:-}" ]; then
    swift test "${common[@]}" --filter "$FILTER" --skip "$POOL_BOUND"
else
    swift test "${common[@]}" --skip "$POOL_BOUND"
fi
swift test "${common[@]}" --skip-build --no-parallel --filter "$POOL_BOUND"
