#!/usr/bin/env python3
"""Comments in Sources/ and Examples/ say why, never history.

Fails, listing each place, when a comment in a Swift file under Sources/ or Examples/ cites an issue
("issue 12", "#12") or a measured figure ("~40 instructions", "callgrind: 355", "58.1 ns",
"4.3 ms"). Figures live in docs/benchmark-results.md, keyed by commit; the story of a change
lives in docs/decisions/. Consecutive comment lines are read as one text, so a figure split
across two lines is found too; code in backticks (`#12 BEAN` in an example) is ignored.
Run by `make lint` (so CI) and by CommentHistoryTests (so every landing). Usage:
check-comment-history.py [ROOT] (the repository by default).
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
FORBIDDEN = [
    (re.compile(r'\b[Ii]ssues?\s+#?\d+'), 'an issue number'),
    (re.compile(r'(?:^|[\s(])#\d+\b'), 'an issue number'),
    (re.compile(r'\d[\d,.]*\s*(?:instructions?|ns|µs|ms)\b'), 'a measured figure'),
    (re.compile(r'\bcallgrind\b\s*[:)]|[(,]\s*callgrind\b'), 'a callgrind citation'),
]
COMMENT = re.compile(r'^\s*(///?)(.*)$')


def comment_blocks(lines):
    """Yields (first line number, text) for each run of consecutive comment lines, and for
    each trailing comment after code."""
    block, start = [], 0
    for number, line in enumerate(lines, 1):
        match = COMMENT.match(line)
        if match:
            if not block:
                start = number
            block.append(match.group(2))
            continue
        if block:
            yield start, ' '.join(block)
            block = []
        code, sep, trailing = line.partition(' // ')
        if sep and code.count('"') % 2 == 0:
            yield number, trailing
    if block:
        yield start, ' '.join(block)


def main():
    found = []
    paths = [path for folder in ('Sources', 'Examples') for path in sorted((ROOT / folder).rglob('*.swift'))]
    for path in paths:
        lines = path.read_text(encoding='utf-8').splitlines()
        for number, text in comment_blocks(lines):
            text = re.sub(r'`[^`]*`', '', text)
            if 'valgrind' in text:  # names the tool, cites nothing
                text = re.sub(r'valgrind \(callgrind[^)]*\)', '', text)
            for pattern, what in FORBIDDEN:
                hit = pattern.search(text)
                if hit:
                    found.append('%s:%d: %s: "%s"' % (path.relative_to(ROOT), number, what, hit.group(0).strip()))
                    break
    if found:
        print('check-comment-history: comments in Sources/ or Examples/ cite history. Say why in the comment;', file=sys.stderr)
        print('put figures in docs/benchmark-results.md (keyed by commit), history in docs/decisions/.', file=sys.stderr)
        print('\n'.join(found), file=sys.stderr)
        return 1
    print('check-comment-history: no issue numbers or measured figures in Sources/ or Examples/ comments')
    return 0


if __name__ == '__main__':
    sys.exit(main())
