#!/usr/bin/env python3
"""Fails when the code uses a language feature newer than the toolchain floor.

The floor is Package.swift's `swift-tools-version` (decision record 0107 in docs/decisions):
the oldest Swift the package promises to build with. Only one toolchain is installed where the
code is written, so a feature it accepts can slip in unnoticed; this check finds the features
by proposal, before the hosted matrix's oldest job would.

  check-language-floor.py            check Package.swift, Sources/, Tests/ and Examples/ (exit 1 on a hit)
  check-language-floor.py --table    print the table: proposal, first Swift, feature
  check-language-floor.py --floor    print the floor (major.minor)
  check-language-floor.py FILE...    check these files only

Comments and string literals are blanked before matching, so prose about a feature never
counts; a pattern that needs more than one line is not looked for. The version of each row is
the one its proposal's Status names ("Implemented (Swift X.Y)"); a row at or below the floor is
kept so that the table stays right if the floor moves.
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# (proposal, first Swift that accepts it, feature, pattern, where: "swift" or "manifest")
FEATURES = [
    ("SE-0409", (6, 0), "access-level modifiers on imports",
     r"\b(?:public|package|internal|fileprivate|private)\s+import\s", "swift"),
    ("SE-0430", (6, 0), "`sending` parameters and results", r"(?:[(,:]\s*|->\s*)sending\s", "swift"),
    ("SE-0431", (6, 0), "`@isolated(any)` function types", r"@isolated\(any\)", "swift"),
    ("SE-0444", (6, 1), "member import visibility", r"MemberImportVisibility", "manifest"),
    ("SE-0443", (6, 1), "warning groups (-Werror, -Wwarning)", r"-W(?:error|warning)\b", "manifest"),
    ("SE-0461", (6, 2), "`nonisolated(nonsending)` and `@concurrent`",
     r"nonisolated\(nonsending\)|@concurrent\b", "swift"),
    ("SE-0453", (6, 2), "`InlineArray`", r"\bInlineArray\s*<", "swift"),
    ("SE-0483", (6, 2), "`InlineArray` sugar `[N of T]`", r"\[\s*\d+\s+of\s", "swift"),
    ("SE-0447", (6, 2), "`Span`", r"\b(?:Mutable|Raw|MutableRaw|Output|OutputRaw)?Span\s*<|\bRawSpan\b", "swift"),
    ("SE-0446", (6, 2), "non-escapable types", r"~Escapable\b", "swift"),
    ("SE-0451", (6, 2), "raw identifiers", r"`[^`\n]*[^A-Za-z0-9_`\n][^`\n]*`", "swift"),
    ("SE-0371", (6, 2), "`isolated deinit`", r"\bisolated\s+deinit\b", "swift"),
    ("SE-0476", (6, 2), "`@abi`", r"@abi\(", "swift"),
    ("SE-0458", (6, 2), "strict memory safety (`unsafe` expressions, `@unsafe`, `@safe`)",
     r"@unsafe\b|@safe\b|(?:^|[=(,{:]|\breturn|\btry|\bawait)\s*unsafe\s+[A-Za-z_&(.\[]|StrictMemorySafety",
     "swift"),
    ("SE-0466", (6, 2), "default actor isolation settings", r"\.defaultIsolation\(", "manifest"),
    ("SE-0469", (6, 2), "task names", r"\b(?:Task(?:\.detached)?\s*\(\s*name:|add(?:Discarding)?Task\s*\(\s*name:|Task\.name\b)", "swift"),
    ("SE-0472", (6, 2), "`Task.immediate`", r"\bTask\.immediate\b|\bimmediateDetached\b|\badd(?:Discarding)?ImmediateTask(?:UnlessCancelled)?\b", "swift"),
    ("SE-0470", (6, 2), "global-actor isolated conformances", r":\s*@(?:MainActor|\w+Actor)\s+\w+\s*[{,]", "swift"),
    ("SE-0481", (6, 3), "`weak let`", r"\bweak\s+(?:(?:private|fileprivate|internal|package|public)\s+)*let\b", "swift"),
    ("SE-0495", (6, 3), "`@c` functions and enums", r"@c(?:\s|\()", "swift"),
    ("SE-0491", (6, 3), "module selectors `Module::name`", r"\b[A-Z]\w*::[A-Za-z_]", "swift"),
    ("SE-0496", (6, 3), "`@inline(always)`", r"@inline\(always\)", "swift"),
    ("SE-0497", (6, 3), "`@export(interface)` / `@export(implementation)`", r"@export\(", "swift"),
    ("SE-0493", (6, 4), "`await` in `defer`", r"\bdefer\s*\{[^}\n]*\bawait\b", "swift"),
    ("SE-0504", (6, 4), "task cancellation shields", r"\bwithTaskCancellationShield\b", "swift"),
    ("SE-0507", (6, 4), "`borrow` and `mutate` accessors", r"(?:\bvar\s+\w+\s*:[^{=;]*|\bsubscript\b[^{]*)\{\s*(?:get\s*\{[^}]*\}\s*)?(?:borrow|mutate)\s*\{", "swift"),
    ("SE-0518", (6, 4), "`~Sendable`", r"~Sendable\b", "swift"),
    ("SE-0522", (6, 4), "`@warn` source-level warning control", r"@warn\(", "swift"),
    ("SE-0527", (6, 4), "`UniqueArray`", r"\bUniqueArray\s*<", "swift"),
]


def floor_version():
    first = (ROOT / "Package.swift").read_text().splitlines()[0]
    match = re.match(r"//\s*swift-tools-version\s*:\s*(\d+)\.(\d+)", first)
    if not match:
        sys.exit("check-language-floor: Package.swift's first line names no swift-tools-version")
    return (int(match.group(1)), int(match.group(2)))


def blank(text):
    """Returns `text` with comments and string literals replaced by spaces, lines kept."""
    out = []
    i, n, depth = 0, len(text), 0
    while i < n:
        c = text[i]
        if depth:
            if text.startswith("/*", i):
                depth, i = depth + 1, i + 2
                out.append("  ")
            elif text.startswith("*/", i):
                depth, i = depth - 1, i + 2
                out.append("  ")
            else:
                out.append("\n" if c == "\n" else " ")
                i += 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            out.append("  ")
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
            hashes = len(re.match(r"#*", text[i:]).group(0))
            start = i + hashes
            multi = text.startswith('"""', start)
            quote = '"""' if multi else '"'
            closing = quote + "#" * hashes
            j = start + len(quote)
            while j < n and not text.startswith(closing, j):
                if text[j] == "\\" and hashes == 0:
                    j += 1
                elif text[j] == "\n" and not multi:
                    break
                j += 1
            j = min(n, j + len(closing))
            out.append("".join("\n" if ch == "\n" else " " for ch in text[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def sources():
    files = [ROOT / "Package.swift"]
    for folder in ("Sources", "Tests", "Examples"):
        files += sorted((ROOT / folder).rglob("*.swift"))
    return files


def check(files, floor):
    hits = []
    for path in files:
        is_manifest = path.name.startswith("Package")
        code = blank(path.read_text(encoding="utf-8"))
        for proposal, version, feature, pattern, where in FEATURES:
            if version <= floor or (where == "manifest") != is_manifest:
                continue
            for match in re.finditer(pattern, code, re.MULTILINE):
                line = code.count("\n", 0, match.start()) + 1
                shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
                hits.append(f"{shown}:{line}: {feature} ({proposal}) needs Swift "
                            f"{version[0]}.{version[1]}; the floor is {floor[0]}.{floor[1]}")
    return hits


def main(argv):
    floor = floor_version()
    if argv[:1] == ["--floor"]:
        print(f"{floor[0]}.{floor[1]}")
        return 0
    if argv[:1] == ["--table"]:
        for proposal, version, feature, _, _ in FEATURES:
            print(f"{proposal}\t{version[0]}.{version[1]}\t{feature}")
        return 0
    if argv and argv[0].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    files = [Path(a).resolve() for a in argv] if argv else sources()
    missing = [f for f in files if not f.is_file()]
    if missing:
        print(f"check-language-floor: no such file: {missing[0]}", file=sys.stderr)
        return 2
    hits = check(files, floor)
    for hit in hits:
        print(hit)
    if hits:
        print(f"check-language-floor: {len(hits)} use(s) of features newer than Swift "
              f"{floor[0]}.{floor[1]} (raise the floor in a decision record, or keep to it)",
              file=sys.stderr)
        return 1
    print(f"check-language-floor: {len(files)} files keep to Swift {floor[0]}.{floor[1]} "
          f"({sum(1 for f in FEATURES if f[1] > floor)} newer features looked for)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
