#!/usr/bin/env python3
"""Joins two `eventbench` outputs (before, after) into one Markdown table of ns/op and allocs/op.

Usage: scripts/bench-compare.py BEFORE.txt AFTER.txt
Rows are matched by scenario and competitor; a row only one side has shows "–" on the other.
"""
import sys


def rows(path):
    table = {}
    order = []
    for line in open(path, encoding="utf-8"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 6 or cells[0] in ("Scenario", "---") or cells[0].startswith("-"):
            continue
        key = (cells[0], cells[1])
        table[key] = cells
        order.append(key)
    return table, order


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: bench-compare.py BEFORE.txt AFTER.txt")
    before, _ = rows(sys.argv[1])
    after, order = rows(sys.argv[2])
    order += [key for key in before if key not in after]
    print("| Scenario | Competitor | before ns/op | after ns/op | after/before | allocs before → after |")
    print("|---|---|--:|--:|--:|---|")
    for key in order:
        b, a = before.get(key), after.get(key)
        bn = b[2] if b else "–"
        an = a[2] if a else "–"
        try:
            ratio = f"{float(an) / float(bn):.2f}×"
        except ValueError:
            ratio = ""
        allocs = f"{b[3] if b else '–'} → {a[3] if a else '–'}"
        print(f"| {key[0]} | {key[1]} | {bn} | {an} | {ratio} | {allocs} |")


main()
