#!/usr/bin/env python3
"""Turns every fenced Swift sample of the README, the DocC guides and the library's doc comments
into Tests/DocSampleTests/DocSamples.generated.swift, so that a sample that stops compiling (or
stops printing what it claims) fails `swift test`.

    python3 scripts/doc-samples.py           # rewrites the generated file
    python3 scripts/doc-samples.py --check   # fails if the generated file is out of date

Each sample becomes a class of its own (its types nest in it, so samples may reuse names); its
statements become the class's `run()` method, which a test in the `DocSamples` suite calls. The
class has the `bus` and the methods an owner `self` has in the samples (see SampleOwner.swift);
everything else a fragment names comes from Fixtures.swift. The marker convention (an HTML
comment right before or after the fence, invisible on GitHub and in DocC) is in decision record 0042 (docs/decisions):

    <!-- sample: signatures -->     before: an API summary without bodies; not compiled
    <!-- sample: manifest -->       before: a Package.swift fragment; not compiled
    <!-- sample: compile-only -->   before: compiled, never run (it waits for events forever)
    <!-- sample: main-actor -->     before: runs on the main actor (it calls main-actor API)
    <!-- sample: swiftui -->        before: SwiftUI code: compiled only, where SwiftUI exists
                                    (inside `#if canImport(SwiftUI)`, so on Apple platforms)
    <!-- sample-check: CODE -->     after: Swift appended to run(), e.g. #expect(printed == [...])
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "Tests/DocSampleTests/DocSamples.generated.swift"
SKIPPED_MODES = {"signatures", "manifest"}
DECLARATION = re.compile(
    r"^(@\w+(\(.*?\))?\s+)*((public|private|fileprivate|internal|final|nonisolated)\s+)*"
    r"(struct|class|enum|protocol|actor|extension|func|typealias)\b")
BINDING = re.compile(r"^(?:let|var)\s+(\w+)\s*(?::[^=]*)?=")
MARKER = re.compile(r"<!--\s*sample:\s*([\w-]+)\s*-->")
CHECK = re.compile(r"<!--\s*sample-check:(.*?)-->", re.S)


class Sample:
    def __init__(self, path, line, code, mode, check):
        self.path, self.line, self.code, self.mode, self.check = path, line, code, mode, check


def markdown_samples(path):
    """Fenced ```swift blocks of a Markdown file, with the marker before and check after."""
    lines = path.read_text().split("\n")
    samples, i = [], 0
    while i < len(lines):
        fence = re.match(r"^(\s*(?:> ?)?)```swift\s*$", lines[i])
        if not fence:
            i += 1
            continue
        start, prefix = i, fence.group(1)
        end = next(j for j in range(i + 1, len(lines)) if lines[j].strip().lstrip("> ") == "```")
        code = [line[len(prefix):] if line.startswith(prefix) else line.lstrip("> ")
                for line in lines[start + 1:end]]
        before = previous_nonblank(lines, start)
        marker = MARKER.search(before)
        after = "\n".join(lines[end + 1:end + 12])
        check = CHECK.match(after.lstrip()) if after.lstrip().startswith("<!-- sample-check:") else None
        samples.append(Sample(path, start + 1, code, marker.group(1) if marker else "run",
                              check.group(1).strip() if check else ""))
        i = end + 1
    return samples


def doc_comment_samples(path):
    """Fenced ```swift blocks inside `///` comments of a Swift file."""
    raw = path.read_text().split("\n")
    samples, i = [], 0
    strip = lambda line: re.sub(r"^\s*/// ?", "", line)
    while i < len(raw):
        if not re.match(r"^\s*/// ```swift\s*$", raw[i]):
            i += 1
            continue
        end = next(j for j in range(i + 1, len(raw)) if re.match(r"^\s*/// ```\s*$", raw[j]))
        code = [strip(line) for line in raw[i + 1:end]]
        marker = MARKER.search(strip(raw[i - 1]))
        check = CHECK.search(strip(raw[end + 1])) if end + 1 < len(raw) else None
        samples.append(Sample(path, i + 1, code, marker.group(1) if marker else "run",
                              check.group(1).strip() if check else ""))
        i = end + 1
    return samples


def previous_nonblank(lines, index):
    for j in range(index - 1, -1, -1):
        if lines[j].strip():
            return lines[j]
    return ""


def chunks(code):
    """Splits a sample into top-level chunks: a line at column 0 starts one, unless it closes
    or continues the previous one (`}`, `)`, `.`, `]`, `{`)."""
    result = []
    for line in code:
        starts = line and not line[0].isspace() and line[0] not in "}).]{"
        if starts or not result:
            result.append([line])
        else:
            result[-1].append(line)
    return result


def class_stem(sample):
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]", sample.path.stem))


def render(sample, name, index):
    imports, nested, extensions, statements, bindings = [], [], [], [], []
    for chunk in chunks(sample.code):
        head = chunk[0]
        if head.startswith("import "):
            imports.append(head.strip())
        elif head.startswith("extension "):
            extensions.append(chunk)
        elif DECLARATION.match(head):
            nested.append(chunk)
        else:
            statements.append(chunk)
            binding = BINDING.match(head)
            if binding:
                bindings.append(binding.group(1))
    declared = {m.group(2) for chunk in nested
                for m in [re.match(r".*?\b(struct|class|enum|protocol|actor)\s+(\w+)", chunk[0])] if m}
    out = [f"// {sample.path.relative_to(ROOT)}, sample {index}"]
    out.append(f"final class {name}: SampleOwner, @unchecked Sendable {{  // safe: see SampleOwner")
    for chunk in nested:
        out += ["    " + line if line else "" for line in chunk]
    out.append("")
    isolation = "@MainActor " if sample.mode in ("main-actor", "swiftui") else ""
    out.append(f"    {isolation}func run() async throws {{")
    for chunk in statements:
        out += ["        " + line if line else "" for line in chunk]
    if sample.check:
        out += ["        " + line for line in sample.check.split("\n")]
    if bindings:
        out.append(f"        withExtendedLifetime(({', '.join(bindings + ['()'])})) {{}}")
    out.append("    }")
    out.append("}")
    for chunk in extensions:
        qualified = [re.sub(r"\b(" + "|".join(declared) + r")\b", name + r".\1", chunk[0])
                     if declared else chunk[0]] + chunk[1:]
        out += qualified
    if sample.mode == "swiftui":
        # Its imports go inside the condition too: SwiftUI cannot be imported where it is absent.
        out = ["#if canImport(SwiftUI)"] + imports + out + ["#endif"]
        imports = []
    return imports, "\n".join(out)


def generate():
    sources = [ROOT / "README.md"] + sorted((ROOT / "Sources/EventBus/EventBus.docc").glob("*.md"))
    samples = [s for path in sources for s in markdown_samples(path)]
    for path in sorted((ROOT / "Sources").glob("EventBus*/**/*.swift")):
        samples += doc_comment_samples(path)
    imports = {"import EventBus", "import EventBusTesting", "import Foundation", "import Synchronization", "import Testing"}
    bodies, tests, counts, position = [], [], {}, {}
    for sample in samples:
        if sample.mode in SKIPPED_MODES:
            continue
        stem = class_stem(sample)
        counts[stem] = counts.get(stem, 0) + 1
        name = f"Sample{stem}{counts[stem]}"
        position[sample.path] = position.get(sample.path, 0) + 1
        sample_imports, body = render(sample, name, position[sample.path])
        imports.update(sample_imports)
        bodies.append(body)
        # Named by file and position, not line: editing the file elsewhere changes nothing here.
        where = f"{sample.path.relative_to(ROOT)}, sample {position[sample.path]}"
        if sample.mode == "compile-only":
            tests.append(f'    // {where} is compiled only: it waits for events forever.')
        elif sample.mode == "swiftui":
            tests.append(f'    // {where} is compiled only, where SwiftUI exists: views need a host.')
        else:
            test = name[0].lower() + name[1:]
            tests.append(f'    @Test("{where}") func {test}() async throws {{\n'
                         f'        try await runSample {{ try await {name}().run() }}\n    }}')
    text = "\n".join(
        ["// Generated by scripts/doc-samples.py from the README, the DocC guides and the library's",
         "// doc comments. Do not edit: change the sample where it is written and run the script.",
         "// swift-format-ignore-file", ""]
        + sorted(imports) + [""] + ["\n\n".join(bodies), "",
                                    "@Suite(\"Documentation samples\", .serialized)",
                                    "struct DocSamples {", "\n".join(tests), "}", ""])
    return text


def main():
    text = generate()
    if "--check" in sys.argv:
        if not OUTPUT.exists() or OUTPUT.read_text() != text:
            print(f"doc-samples: {OUTPUT.relative_to(ROOT)} is out of date; "
                  "run python3 scripts/doc-samples.py", file=sys.stderr)
            sys.exit(1)
        return
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(text)
    print(f"doc-samples: wrote {OUTPUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
