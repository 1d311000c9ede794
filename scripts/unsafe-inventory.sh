#!/usr/bin/env bash
# Counts the unsafe constructs in Sources/ and compares them with the inventory in
# ARCHITECTURE.md ("The unsafe inventory"), invariant by invariant. Fails, naming the file, the
# invariant and the construct, when the code and the table disagree, so that whoever adds or
# removes a construct also says which invariant makes it safe and which test would catch its
# violation; and fails when a test the inventory names no longer exists.
#
#   scripts/unsafe-inventory.sh                 check (CI and UnsafeInventoryTests run this)
#   scripts/unsafe-inventory.sh --counts        print what the code has, as "file invariant construct count"
#   scripts/unsafe-inventory.sh --table FILE    check against FILE instead of ARCHITECTURE.md
#
# Comments are left out of the count: only code is counted, one per occurrence. Each occurrence
# carries its invariant: a comment line "// unsafe invariant N: why" files the constructs below
# it, up to the next such line in the file, under the table's group N. An occurrence with no
# such line above it fails the check.
set -euo pipefail
cd "$(dirname "$0")/.."

table=ARCHITECTURE.md
mode=check
while [ $# -gt 0 ]; do
    case "$1" in
        --counts) mode=counts ;;
        --table) table=$2; shift ;;
        *) echo "unsafe-inventory: unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done

# Construct name (as the table's rows spell it) and the extended regex that finds it.
constructs=(
    "Unmanaged|Unmanaged(\.passUnretained\()?|\.passUnretained\("
    "_withUnsafeGuaranteedRef|_withUnsafeGuaranteedRef"
    "@exclusivity(unchecked)|@exclusivity\(unchecked\)"
    "unowned(unsafe)|unowned\(unsafe\)"
    "raw pointer|Unsafe(Mutable)?(Raw)?(Buffer)?Pointer|withUnsafe(Mutable)?(Bytes|(Buffer)?Pointer)|withMemoryRebound|assumingMemoryBound|bindMemory"
    "@unchecked Sendable|@unchecked Sendable"
    "nonisolated(unsafe)|nonisolated\(unsafe\)"
    "unchecked cast|unsafeDowncast|unsafeBitCast|unsafelyUnwrapped"
    "unsafe continuation|UnsafeContinuation|withUnsafe(Throwing)?Continuation"
    "temporary allocation|withUnsafeTemporaryAllocation"
    "deinitialize|\.deinitialize\("
)

# "file<TAB>invariant<TAB>construct<TAB>count" for the code; the invariant is "?" where no tag
# files the occurrence.
scan() {
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
        FNR == 1 { group = "?" }
        {
            if (match($0, /^[ \t]*\/\/ unsafe invariant [0-9]+:/)) {
                group = $0; sub(/^[ \t]*\/\/ unsafe invariant /, "", group); sub(/:.*$/, "", group)
                next
            }
            # Line comments (doc comments included) are not code; no string literal in
            # Sources holds "//" next to one of these names.
            line = $0; sub(/\/\/.*$/, "", line)
            for (i = 1; i <= n; i++) {
                rest = line
                while (match(rest, regex[i])) {
                    total[FILENAME "\t" group "\t" name[i]]++
                    rest = substr(rest, RSTART + RLENGTH)
                }
            }
        }
        END { for (key in total) { k = key; sub(/^Sources\//, "", k); print k "\t" total[key] } }
    ' | LC_ALL=C sort
}

# The inventory: a group heading ("**4. Referenced unretained ...**") and its table rows,
# "| `file` | 2 Unmanaged, 1 raw pointer |", each row filed under the heading above it.
documented() {
    awk -F'|' '
        /<!-- unsafe-inventory:begin -->/ { inside = 1; next }
        /<!-- unsafe-inventory:end -->/ { inside = 0 }
        !inside { next }
        /^\*\*[0-9]+\. / { group = $0; sub(/^\*\*/, "", group); sub(/\..*$/, "", group); next }
        !/^\|/ || $3 !~ /^ *[0-9]/ { next }
        {
            file = $2; gsub(/^ +| +$|`/, "", file)
            n = split($3, items, ",")
            for (i = 1; i <= n; i++) {
                item = items[i]; gsub(/^ +| +$/, "", item)
                count = item; sub(/ .*/, "", count)
                name = item; sub(/^[0-9]+ /, "", name)
                total[file "\t" group "\t" name] += count
            }
        }
        END { for (key in total) print key "\t" total[key] }
    ' "$table" | LC_ALL=C sort
}

scanned=$(scan)
actual=$(printf '%s\n' "$scanned" | awk -F'\t' 'NF == 4' | LC_ALL=C sort)

if [ "$mode" = counts ]; then
    printf '%s\n' "$actual"
    exit 0
fi

# Every test the inventory names ("`SuiteTests.testName`") must exist, so a rename cannot leave
# a construct guarded by a test that is gone.
missing=$(awk '/<!-- unsafe-inventory:begin -->/,/<!-- unsafe-inventory:end -->/' "$table" |
    { grep -oE '`[A-Z][A-Za-z]*Tests\.[a-zA-Z]+`' || true; } | tr -d '`' | LC_ALL=C sort -u |
    while IFS=. read -r suite test; do
        file=$(grep -rlE "struct $suite( |:|\{)" Tests || true)
        if [ -z "$file" ] || ! grep -q "func $test(" $file; then echo "  $suite.$test"; fi
    done)
if [ -n "$missing" ]; then
    echo "unsafe inventory: $table names tests that do not exist:" >&2
    echo "$missing" >&2
    exit 1
fi

untagged=$(printf '%s\n' "$actual" | awk -F'\t' '$2 == "?" { print "  " $1 ": " $4 " " $3 }')
if [ -n "$untagged" ]; then
    echo "unsafe inventory: constructs that name no invariant (add a \"// unsafe invariant N: why\"" >&2
    echo "line above them, N being the group of ARCHITECTURE.md's inventory that makes them safe):" >&2
    echo "$untagged" >&2
    exit 1
fi

expected=$(documented)
if [ "$actual" = "$expected" ]; then
    total=$(printf '%s\n' "$actual" | awk -F'\t' '{ s += $4 } END { print s + 0 }')
    echo "unsafe inventory: $table matches the code, invariant by invariant ($total constructs)"
    exit 0
fi

echo "unsafe inventory: $table and the code disagree (file, invariant, construct, count):" >&2
{ diff <(printf "%s\n" "$expected") <(printf "%s\n" "$actual") || true; } | tr "\t" " " | sed -n "s/^< /  table says: /p; s/^> /  code has:   /p" >&2
echo "Update the table in ARCHITECTURE.md (\"The unsafe inventory\"), or the code's" >&2
echo "\"// unsafe invariant N:\" line: for a new construct, the row in the group of the invariant" >&2
echo "that makes it safe, and the test that would catch its violation." >&2
exit 1
