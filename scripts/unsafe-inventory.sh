#!/usr/bin/env bash
# Counts the unsafe constructs in Sources/ and compares them with the inventory in
# ARCHITECTURE.md ("The unsafe inventory"). Fails, naming the file and the construct, when the
# code and the table disagree, so that whoever adds or removes a construct also says in the
# table which invariant makes it safe and which test would catch its violation; and fails when
# a test the inventory names no longer exists.
#
#   scripts/unsafe-inventory.sh           check (CI and UnsafeInventoryTests run this)
#   scripts/unsafe-inventory.sh --counts  print what the code has, as "file construct count"
#
# Comments are left out of the count: only code is counted, one per occurrence.
set -euo pipefail
cd "$(dirname "$0")/.."

# Construct name (as the table's column headers spell it) and the extended regex that finds it.
constructs=(
    "Unmanaged|Unmanaged(\.passUnretained\()?|\.passUnretained\("
    "_withUnsafeGuaranteedRef|_withUnsafeGuaranteedRef"
    "@exclusivity(unchecked)|@exclusivity\(unchecked\)"
    "unowned(unsafe)|unowned\(unsafe\)"
    "raw pointer|Unsafe(Mutable)?(Raw)?(Buffer)?Pointer|withUnsafe(Mutable)?(Bytes|(Buffer)?Pointer)|withMemoryRebound|assumingMemoryBound|bindMemory"
    "@unchecked Sendable|@unchecked Sendable"
    "nonisolated(unsafe)|nonisolated\(unsafe\)"
    "unchecked cast|unsafeDowncast|unsafeBitCast|unsafelyUnwrapped"
)

counts() {
    local patterns
    patterns=$(printf '%s\n' "${constructs[@]}")
    find Sources -name '*.swift' | LC_ALL=C sort | xargs env PATTERNS="$patterns" awk '
        BEGIN {
            n = split(ENVIRON["PATTERNS"], lines, "\n")
            for (i = 1; i <= n; i++) {
                split(lines[i], parts, "|"); name[i] = parts[1]
                regex[i] = substr(lines[i], length(parts[1]) + 2)
            }
        }
        {
            # Line comments (doc comments included) are not code; no string literal in
            # Sources holds "//" next to one of these names.
            line = $0; sub(/\/\/.*$/, "", line)
            for (i = 1; i <= n; i++) {
                rest = line
                while (match(rest, regex[i])) {
                    total[FILENAME "\t" name[i]]++
                    rest = substr(rest, RSTART + RLENGTH)
                }
            }
        }
        END { for (key in total) { k = key; sub(/^Sources\//, "", k); print k "\t" total[key] } }
    ' | LC_ALL=C sort
}

# The inventory: table rows between the markers, "| `file` | 2 Unmanaged, 1 raw pointer |". A
# file may have a row in several groups (one per invariant); the rows add up.
documented() {
    awk -F'|' '
        /<!-- unsafe-inventory:begin -->/ { inside = 1; next }
        /<!-- unsafe-inventory:end -->/ { inside = 0 }
        !inside || !/^\|/ || $3 !~ /^ *[0-9]/ { next }
        {
            file = $2; gsub(/^ +| +$|`/, "", file)
            n = split($3, items, ",")
            for (i = 1; i <= n; i++) {
                item = items[i]; gsub(/^ +| +$/, "", item)
                count = item; sub(/ .*/, "", count)
                name = item; sub(/^[0-9]+ /, "", name)
                total[file "\t" name] += count
            }
        }
        END { for (key in total) print key "\t" total[key] }
    ' ARCHITECTURE.md | LC_ALL=C sort
}

if [ "${1:-}" = "--counts" ]; then
    counts
    exit 0
fi

# Every test the inventory names ("`SuiteTests.testName`") must exist, so a rename cannot leave
# a construct guarded by a test that is gone.
missing=$(awk '/<!-- unsafe-inventory:begin -->/,/<!-- unsafe-inventory:end -->/' ARCHITECTURE.md |
    { grep -oE '`[A-Z][A-Za-z]*Tests\.[a-zA-Z]+`' || true; } | tr -d '`' | LC_ALL=C sort -u |
    while IFS=. read -r suite test; do
        file=$(grep -rlE "struct $suite( |:|\{)" Tests || true)
        if [ -z "$file" ] || ! grep -q "func $test(" $file; then echo "  $suite.$test"; fi
    done)
if [ -n "$missing" ]; then
    echo "unsafe inventory: ARCHITECTURE.md names tests that do not exist:" >&2
    echo "$missing" >&2
    exit 1
fi

actual=$(counts | LC_ALL=C sort)
expected=$(documented)
if [ "$actual" = "$expected" ]; then
    total=$(printf '%s\n' "$actual" | awk -F'\t' '{ s += $3 } END { print s + 0 }')
    echo "unsafe inventory: ARCHITECTURE.md matches the code ($total constructs)"
    exit 0
fi

echo "unsafe inventory: ARCHITECTURE.md and the code disagree (file, construct, count):" >&2
{ diff <(printf "%s\n" "$expected") <(printf "%s\n" "$actual") || true; } | tr "\t" " " | sed -n "s/^< /  table says: /p; s/^> /  code has:   /p" >&2
echo "Update the table in ARCHITECTURE.md (\"The unsafe inventory\"): for a new construct, the row" >&2
echo "of the invariant that makes it safe and the test that would catch its violation." >&2
exit 1
