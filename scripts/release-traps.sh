#!/usr/bin/env bash
# Runs each documented programming-error stop in a release build (eventbench --trap NAME) and
# checks that the process stops with the message the documentation promises on standard error.
# Builds eventbench with -c release in .build/bench (the benchmark smoke run's scratch path, so
# in CI this build is incremental).
set -euo pipefail
cd "$(dirname "$0")/.."

swift build -c release --scratch-path .build/bench --product eventbench >/dev/null
bench=$(swift build -c release --scratch-path .build/bench --show-bin-path)/eventbench

# name|what standard error must contain
checks=(
    "store-dispatch-from-reducer|Store<ProbeState, ProbeAction>: dispatch(again) was called from inside the reducer"
)
failed=0
for check in "${checks[@]}"; do
    name=${check%%|*}
    expected=${check#*|}
    status=0
    stderr=$("$bench" --trap "$name" 2>&1 >/dev/null) || status=$?
    if [ "$status" -eq 0 ]; then
        echo "release-traps: $name did not stop the program" >&2
        failed=1
    elif ! grep -qF "$expected" <<<"$stderr"; then
        echo "release-traps: $name stopped (status $status) without its message; standard error was:" >&2
        echo "$stderr" >&2
        failed=1
    else
        echo "release-traps: $name stops with its message (status $status)"
    fi
done
exit "$failed"
