#!/usr/bin/env python3
"""Checks the dependency rules that ARCHITECTURE.md's codemap marks "(checked)", by reading the
Swift sources. Fails, naming the file, the line and the rule, when one is broken; a change that
needs to break a rule changes the codemap (and records why in docs/decisions/) and this script
together.

    scripts/check-architecture.py              check the repository this script is in
    scripts/check-architecture.py --root DIR   check the tree at DIR (ArchitectureCheckTests)

Comments are left out: only code is read. Python 3 standard library only.
"""

import argparse
import pathlib
import re
import sys

LIBRARY = "Sources/EventBus/"
# The engine: the only folders that may touch the read path and hold unsafe constructs.
ENGINE = ("Sources/EventBus/Internal/", "Sources/EventBus/State/Internal/")

READ_PATH_TYPES = re.compile(
    r"\b(PublishedList|PublishedTable|HazardSlots|Reclaimer|SubscriberList|SubscriptionRegistry)\b"
)
READ_PATH_REACH = re.compile(r"\.publishedList\(|\breclaimer\b|\bhazardSlot\(")
DELIVERY = re.compile(r"\bfunc\s+deliverNow\b|\bDeliveryWalk\(|\.run\(.*countedOnTheList")
LOCKS = re.compile(r"\bwithLock\b|\bLockedValue\b|\bMutex\b")
RETIRE_CALL = re.compile(r"([A-Za-z_][A-Za-z0-9_.]*)\.retire\(\)")
FUNC = re.compile(r"\bfunc\s+([A-Za-z_][A-Za-z0-9_]*)")

# The same constructs, spelled the same way, as scripts/unsafe-inventory.sh counts, less a
# type's own `@unchecked Sendable`, which a public type may need.
UNSAFE = {
    "Unmanaged": re.compile(r"\bUnmanaged\b|\.passUnretained\("),
    "_withUnsafeGuaranteedRef": re.compile(r"_withUnsafeGuaranteedRef"),
    "@exclusivity(unchecked)": re.compile(r"@exclusivity\(unchecked\)"),
    "unowned(unsafe)": re.compile(r"unowned\(unsafe\)"),
    "raw pointer": re.compile(
        r"Unsafe(Mutable)?(Raw)?(Buffer)?Pointer|withUnsafe(Mutable)?(Bytes|(Buffer)?Pointer)"
        r"|withMemoryRebound|assumingMemoryBound|bindMemory"
    ),
    "nonisolated(unsafe)": re.compile(r"nonisolated\(unsafe\)"),
    "unchecked cast": re.compile(r"unsafeDowncast|unsafeBitCast|unsafelyUnwrapped"),
    "unsafe continuation": re.compile(r"UnsafeContinuation|withUnsafe(Throwing)?Continuation"),
    "temporary allocation": re.compile(r"withUnsafeTemporaryAllocation"),
    "deinitialize": re.compile(r"\.deinitialize\("),
}

# Who may call `retire()` on another object: the stores that take entries out of the bus, and a
# `retire()` override passing it on (to `super`, a sink, a protocol adapter's target).
RETIRING_STORES = (
    "Sources/EventBus/Internal/SubscriptionStore.swift",
    "Sources/EventBus/ProtocolSubscriptions/ProtocolStore.swift",
)


def code_lines(path):
    """(number, text) of each line with its `//` comment removed (no string literal in
    Sources holds `//` next to the names these rules look for)."""
    text = path.read_text(encoding="utf-8", errors="replace")
    for number, line in enumerate(text.splitlines(), start=1):
        yield number, line.split("//", 1)[0]


def check(root):
    problems = []

    def fail(rel, number, rule):
        problems.append(f"{rel}:{number}: {rule}")

    sources = sorted((root / "Sources").rglob("*.swift")) if (root / "Sources").is_dir() else []
    examples = sorted((root / "Examples").rglob("*.swift")) if (root / "Examples").is_dir() else []
    for path in sources + examples:
        rel = path.relative_to(root).as_posix()
        in_library = rel.startswith(LIBRARY)
        in_engine = rel.startswith(ENGINE)
        is_registry = in_library and path.name.startswith("SubscriptionRegistry")
        enclosing = None
        for number, line in code_lines(path):
            declared = FUNC.search(line)
            if declared:
                enclosing = declared.group(1)
            stripped = line.strip()
            # Imports, everywhere.
            if re.match(r"(@testable\s+)import\b", stripped):
                fail(rel, number, "no @testable import in Sources/ or Examples/ (public API only)")
            if re.match(r"import\s+CNcurses\b", stripped) and not rel.startswith("Sources/eventdemo/"):
                fail(rel, number, "only eventdemo/ imports CNcurses")
            if re.match(r"import\s+Foundation\b", stripped) and not rel.startswith(
                ("Sources/EventBusTracing/", "Sources/EventDemo/", "Sources/eventdemo/", "Sources/eventbench/")
            ):
                fail(rel, number, "Foundation only in EventBusTracing, the demo and the benchmark")
            if rel.startswith("Sources/TerminalUI/") and re.match(r"import\s+(EventBus\w*|CNcurses)\b", stripped):
                fail(rel, number, "TerminalUI imports neither EventBus nor CNcurses")
            if not in_library:
                continue
            # The read path and delivery belong to the engine.
            if not in_engine:
                match = READ_PATH_TYPES.search(line) or READ_PATH_REACH.search(line)
                if match:
                    fail(rel, number, f"`{match.group(0)}` outside the engine (Internal/): "
                         "features and the façade go through the engine's boundary")
                match = DELIVERY.search(line)
                if match:
                    fail(rel, number, f"`{match.group(0)}` outside the engine: delivery is Internal/'s")
                for construct, pattern in UNSAFE.items():
                    if pattern.search(line):
                        fail(rel, number, f"{construct} outside the engine (only a type's own "
                             "@unchecked Sendable may be)")
            if is_registry and LOCKS.search(line):
                fail(rel, number, "the registry takes no lock (its shard's lock is taken around it)")
            for match in RETIRE_CALL.finditer(line):
                receiver = match.group(1)
                if receiver in ("self", "super") or rel in RETIRING_STORES or enclosing == "retire":
                    continue
                fail(rel, number, f"`{receiver}.retire()`: only SubscriptionStore.release(_:), "
                     "ProtocolStore and a retire() override passing it on retire another object")
    return problems, len(sources) + len(examples)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=pathlib.Path,
                        default=pathlib.Path(__file__).resolve().parent.parent)
    args = parser.parse_args()
    if not (args.root / "Sources" / "EventBus").is_dir():
        print(f"check-architecture: no Sources/EventBus under {args.root}", file=sys.stderr)
        return 2
    problems, files = check(args.root)
    if problems:
        for problem in problems:
            print(problem, file=sys.stderr)
        print(f"check-architecture: {len(problems)} broken rule(s); the rules are ARCHITECTURE.md's "
              "codemap, \"(checked)\"", file=sys.stderr)
        return 1
    print(f"check-architecture: the codemap's rules hold ({files} files)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
