#!/usr/bin/env python3
"""Fails when a version the README states disagrees with what it states it about.

Every mention of a Swift, Xcode or OS version in README.md must be one of these, each checked:

- "Swift X.Y or later": the toolchain floor, Package.swift's swift-tools-version (the same floor
  scripts/check-language-floor.py holds the code to), and a minor the hosted matrix builds.
- "for Swift N": the language mode, the floor's major version.
- "Xcode N or later": the first Xcode whose Swift is the floor (XCODE_FOR_SWIFT below).
- "(macOS A, iOS B, tvOS C, watchOS D, visionOS E and later)" and "macOS (A or later": the
  platforms in Package.swift.
- The install line: `branch: "main"` while the repository has no release tag, else
  `from: "<the latest release>"`.
- A version with a known context (KNOWN below): the compiler that crashes on an AnyObject owner
  (checked by running scripts/probe-anyobject-owner-crash.sh when that compiler is installed),
  and the toolchain of the benchmark figures (docs/benchmark-results.md must name it too).

Any other version in the README fails the check until it is added here with what checks it.

  check-readme-versions.py     exit 1 and one line per problem
"""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The first Xcode that ships each Swift minor (Apple's release notes; Swift 6.4 with Xcode 27.0).
XCODE_FOR_SWIFT = {"6.0": "16", "6.1": "16.3", "6.2": "26", "6.4": "27"}

# Versions stated with a context of their own: (pattern in the README, how to check it).
KNOWN = [
    (r"Swift (\d+\.\d+\.\d+) crashes", "crash"),
    (r"\(an overload sidesteps a Swift (\d+\.\d+\.\d+) crash\)", "crash"),
    (r"Linux VM, Swift (\d+\.\d+\.\d+), after issue", "benchmark"),
]


def run(*command):
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True)


def main():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    flat = re.sub(r"\s+", " ", readme)
    manifest = (ROOT / "Package.swift").read_text(encoding="utf-8")
    problems, checked = [], []

    floor = re.match(r"//\s*swift-tools-version\s*:\s*(\d+\.\d+)", manifest).group(1)

    # The floor.
    for version in re.findall(r"Swift (\d+\.\d+) or later", flat):
        checked.append(f"Swift {version} or later")
        if version != floor:
            problems.append(f"README says Swift {version} or later; the floor (Package.swift) is {floor}")
    workflow = (ROOT / ".github/workflows/ci.yml").read_text(encoding="utf-8")
    if f'swift: "{floor}"' not in workflow:
        problems.append(f"the hosted workflow's Swift matrix does not start at the floor {floor}")
    for major in re.findall(r"for Swift (\d+)\b", flat):
        checked.append(f"for Swift {major}")
        if major != floor.split(".")[0]:
            problems.append(f"README says Swift {major}; the floor is {floor}")
    for xcode in re.findall(r"Xcode (\d+(?:\.\d+)?) or later", flat):
        checked.append(f"Xcode {xcode} or later")
        if XCODE_FOR_SWIFT.get(floor) != xcode:
            problems.append(f"README says Xcode {xcode} or later; Swift {floor} comes with Xcode "
                            f"{XCODE_FOR_SWIFT.get(floor, '(unknown: add it to XCODE_FOR_SWIFT)')}")

    # Platforms.
    declared = dict(re.findall(r"\.(macOS|iOS|tvOS|watchOS|visionOS)\(\.v(\d+(?:_\d+)?)\)", manifest))
    declared = {name: version.replace("_", ".") for name, version in declared.items()}
    listed = re.search(r"\(macOS (\S+), iOS (\S+), tvOS (\S+), watchOS (\S+), visionOS (\S+) and later\)", flat)
    if not listed:
        problems.append("README no longer lists the platforms as '(macOS A, iOS B, tvOS C, watchOS D, visionOS E and later)'")
    else:
        checked.append(listed.group(0))
        for name, version in zip(["macOS", "iOS", "tvOS", "watchOS", "visionOS"], listed.groups()):
            if declared.get(name) != version:
                problems.append(f"README says {name} {version}; Package.swift says {declared.get(name)}")
    for version in re.findall(r"On macOS \((\d+) or later", flat):
        checked.append(f"macOS {version} or later")
        if declared.get("macOS") != version:
            problems.append(f"README says macOS {version} or later; Package.swift says {declared.get('macOS')}")

    # The install line.
    tags = [t for t in run("git", "tag", "--list").stdout.split() if re.fullmatch(r"\d+\.\d+\.\d+", t)]
    line = re.search(r'\.package\(url: "[^"]*", (branch|from): "([^"]*)"\)', flat)
    if not line:
        problems.append("README has no .package(url: ..., branch: or from: ...) install line")
    elif not tags and line.groups() != ("branch", "main"):
        problems.append(f'no release is tagged yet, so the install line must say branch: "main", not {line.group(1)}: "{line.group(2)}"')
    elif tags:
        latest = max(tags, key=lambda t: tuple(int(p) for p in t.split(".")))
        if line.groups() != ("from", latest):
            problems.append(f'the latest release is {latest}; the install line says {line.group(1)}: "{line.group(2)}"')
    if line:
        checked.append(line.group(0))

    # Versions with a context of their own.
    for pattern, kind in KNOWN:
        for version in re.findall(pattern, flat):
            checked.append(f"Swift {version} ({kind})")
            if kind == "benchmark":
                results = (ROOT / "docs/benchmark-results.md").read_text(encoding="utf-8")
                if f"Swift {version}" not in results:
                    problems.append(f"README's figures say Swift {version}; docs/benchmark-results.md does not")
            elif kind == "crash":
                installed = run("swiftc", "--version").stdout + run("swiftc", "--version").stderr
                if f"Swift version {version} " in installed:
                    probe = run("bash", "scripts/probe-anyobject-owner-crash.sh")
                    if "crashes" not in probe.stdout:
                        problems.append(f"README says Swift {version} crashes on an AnyObject owner; "
                                        f"it does not: {probe.stdout.strip() or probe.stderr.strip()}")

    # Nothing else may state a version unchecked.
    stated = re.findall(r"\b(?:Swift|Xcode|macOS|iOS|tvOS|watchOS|visionOS) \(?\d+(?:\.\d+)*", flat)
    accounted = " | ".join(checked)
    for mention in stated:
        number = re.search(r"\d+(?:\.\d+)*", mention).group(0)
        name = mention.split()[0]
        if not re.search(rf"{name} \(?{re.escape(number)}\b", accounted):
            problems.append(f"README states '{mention}', which no rule here checks (add one)")

    for problem in dict.fromkeys(problems):
        print(f"check-readme-versions: {problem}")
    if problems:
        return 1
    print(f"check-readme-versions: {len(checked)} version statements agree with Package.swift, the "
          f"workflow, the tags and the toolchain")
    return 0


if __name__ == "__main__":
    sys.exit(main())
