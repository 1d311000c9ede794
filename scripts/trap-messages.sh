#!/usr/bin/env bash
# Documented stops must say why in every build. `precondition`, `preconditionFailure` and
# `assert` print their message only in debug builds: under -O a failed `precondition` is a bare
# trap (SIGILL, nothing on standard error) and an `assert` is not checked at all. So the code in
# Sources/ stops with `fatalError("…")`, whose message survives an optimised build, and this
# script fails on any of the others (comments aside). `preconditionIsolated` is the runtime's
# own check and is allowed. The release build's message is checked by scripts/release-traps.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

found=$(grep -rnE --include='*.swift' '(^|[^A-Za-z_.])(precondition|preconditionFailure|assert|assertionFailure)[[:space:]]*\(' Sources \
    | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true)
if [ -n "$found" ]; then
    echo "trap-messages: these stops lose their message in a release build; use fatalError(\"…\") instead:" >&2
    echo "$found" >&2
    exit 1
fi
echo "trap-messages: every stop in Sources/ keeps its message in a release build"
