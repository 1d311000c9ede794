#!/usr/bin/env bash
# The tests under ThreadSanitizer: `make tsan` and CI's TSan steps call it.
#
# On Linux the demo's suites are left out. The demo locks with `Synchronization.Mutex`, as an app
# would, and on Linux a waiter that sleeps is handed the Mutex by the kernel (a PI futex), which
# ThreadSanitizer does not see: it then reports the value the lock guards as a race, at random,
# whenever a holder was slow (decision record 0130). On macOS a Mutex is an `os_unfair_lock`,
# which TSan intercepts: CI's macOS job runs the demo's suites there (FILTER=EventDemoTests), in
# two runs:
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

if [ "$(uname -s)" != Darwin ]; then
    swift test "${common[@]}" --filter "${FILTER:-.}" --skip 'EventDemoTests\.'
    exit 0
fi
swift test "${common[@]}" --filter "${FILTER:-.}" --skip "$POOL_BOUND"
swift test "${common[@]}" --skip-build --no-parallel --filter "$POOL_BOUND"
