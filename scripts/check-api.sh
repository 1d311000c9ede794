#!/usr/bin/env bash
# Fails when the public API of the library products breaks against the committed baseline,
# unless the break is listed in api-baseline/allowlist.txt (decision record 0109).
#
#   scripts/check-api.sh                  check (CI: .ci/run and the hosted linux job)
#   scripts/check-api.sh --regenerate     replace the baseline with HEAD's API and empty the
#                                         allowlist; commit both (CONTRIBUTING.md says when)
#
# The baseline is the API digester's dump of each library module, in
# api-baseline/<commit>/<Module>.json, where <commit> is the commit it was taken from (the name
# SwiftPM gives the folder). With the dump present SwiftPM builds only the current code; it
# still resolves <commit>, so a shallow clone must fetch it (the hosted job fetches everything).
set -euo pipefail
cd "$(dirname "$0")/.."

products=(EventBus EventBusTesting EventBusTracing)
dir=api-baseline
allowlist="$dir/allowlist.txt"

if [ "${1:-}" = "--regenerate" ]; then
    [ -z "$(git status --porcelain -- Sources Package.swift)" ] || {
        echo "check-api: commit Sources and Package.swift first: the baseline is taken from HEAD" >&2
        exit 2
    }
    head="$(git rev-parse HEAD)"
    find "$dir" -mindepth 1 -maxdepth 1 -type d -exec rm -rf {} + 2>/dev/null || true
    mkdir -p "$dir"
    swift package diagnose-api-breaking-changes "$head" --products "${products[@]}" \
        --baseline-dir "$dir" --regenerate-baseline >/dev/null || true  # compares HEAD with itself
    for product in "${products[@]}"; do
        [ -s "$dir/$head/$product.json" ] || { echo "check-api: no baseline made for $product" >&2; exit 1; }
    done
    # The dump ends with the digester's command line, this machine's paths; the comparison does
    # not read it, and no path of a machine belongs in the repository.
    python3 - "$dir/$head"/*.json <<'PYTHON'
import json, sys
for path in sys.argv[1:]:
    with open(path) as file:
        dump = json.load(file)
    dump.get("ABIRoot", {}).pop("tool_arguments", None)
    with open(path, "w") as file:
        json.dump(dump, file, indent=2)
        file.write("\n")
PYTHON
    printf '%s\n' "# API breaks accepted since the baseline, one digester message per line (CONTRIBUTING.md)." >"$allowlist"
    echo "check-api: baseline is now $head ($dir/$head); commit $dir"
    exit 0
fi
[ $# -eq 0 ] || { echo "usage: check-api.sh [--regenerate]" >&2; exit 2; }

baselines=("$dir"/*/)
[ ${#baselines[@]} -eq 1 ] && [ -d "${baselines[0]}" ] || {
    echo "check-api: expected exactly one baseline folder in $dir/ (run scripts/check-api.sh --regenerate)" >&2
    exit 1
}
commit="$(basename "${baselines[0]}")"
git cat-file -e "$commit^{commit}" 2>/dev/null || {
    echo "check-api: the baseline's commit $commit is not in this clone (fetch the full history)" >&2
    exit 1
}
# The allowlist without its comment lines: the digester reads every line as a message.
list="$(mktemp)"
trap 'rm -f "$list"' EXIT
grep -v '^#' "$allowlist" >"$list" || true
swift package diagnose-api-breaking-changes "$commit" --products "${products[@]}" \
    --baseline-dir "$dir" --breakage-allowlist-path "$list"
