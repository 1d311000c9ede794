#!/usr/bin/env bash
# Runs the library's tests with coverage and prints line coverage of Sources/EventBus.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build/coverage
swift test --scratch-path "$scratch" --enable-code-coverage --filter EventBusTests >/dev/null
bin=$(swift build --scratch-path "$scratch" --show-bin-path)
tests=$(find "$bin" -maxdepth 1 -name '*PackageTests.xctest' | head -n 1)
[ -d "$tests/Contents/MacOS" ] && tests="$tests/Contents/MacOS/$(basename "$tests" .xctest)"
toolchain_cov="$(dirname "$(readlink -f "$(command -v swift)")")/llvm-cov"
cov=$([ -x "$toolchain_cov" ] && echo "$toolchain_cov" || command -v llvm-cov)
"$cov" report "$tests" -instr-profile="$bin/codecov/default.profdata" Sources/EventBus Sources/EventBusTesting
