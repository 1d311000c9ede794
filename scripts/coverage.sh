#!/usr/bin/env bash
# Runs the library's tests with coverage, prints line coverage of Sources/EventBus and
# Sources/EventBusTesting, and fails when the total line coverage is below the floor
# (COVERAGE_FLOOR, default 90 percent). CI runs it; `make coverage` too.
set -euo pipefail
cd "$(dirname "$0")/.."
floor="${COVERAGE_FLOOR:-90}"
scratch=.build/coverage
swift test --disable-xctest --scratch-path "$scratch" --enable-code-coverage --filter EventBusTests >/dev/null
bin=$(swift build --scratch-path "$scratch" --show-bin-path)
tests=$(find "$bin" -maxdepth 1 -name '*PackageTests.xctest' | head -n 1)
[ -d "$tests/Contents/MacOS" ] && tests="$tests/Contents/MacOS/$(basename "$tests" .xctest)"
toolchain_cov="$(dirname "$(readlink -f "$(command -v swift)")")/llvm-cov"
cov=$([ -x "$toolchain_cov" ] && echo "$toolchain_cov" || command -v llvm-cov)
report=$("$cov" report "$tests" -instr-profile="$bin/codecov/default.profdata" Sources/EventBus Sources/EventBusTesting)
echo "$report"
# TOTAL's columns: regions, missed, cover, functions, missed, executed, lines, missed, cover, ...
echo "$report" | awk -v floor="$floor" '
    $1 == "TOTAL" {
        found = 1
        percent = ($8 > 0) ? 100 * ($8 - $9) / $8 : 0
        printf "coverage: %.2f%% of %d lines (floor %s%%)\n", percent, $8, floor
        if (percent < floor) { print "coverage: below the floor" > "/dev/stderr"; exit 1 }
    }
    END { if (!found) { print "coverage: no TOTAL line in the report" > "/dev/stderr"; exit 1 } }'
