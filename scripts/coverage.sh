#!/usr/bin/env bash
# Prints line coverage of the EventBus library by the test suite (after `swift test --enable-code-coverage`).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(swift build --show-bin-path)
tests=$(find "$bin" -maxdepth 1 -name '*PackageTests.xctest' | head -n 1)
[ -d "$tests/Contents/MacOS" ] && tests="$tests/Contents/MacOS/$(basename "$tests" .xctest)"
cov=$(command -v llvm-cov || echo "$(dirname "$(command -v swift)")/llvm-cov")
"$cov" report "$tests" -instr-profile="$bin/codecov/default.profdata" Sources/EventBus
