"""Compare two dumps of bench/ids_dump.py: ids by class, the counters, every id that changed.

    .venv/bin/python bench/ids_compare.py MAIN.json BRANCH.json
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path


def main() -> None:
    before, after = (json.loads(Path(path).read_text()) for path in sys.argv[1:3])
    for name, dump in (("main", before), ("branch", after)):
        classes = Counter(c for ids in dump.values() for _, c, _ in ids)
        over = Counter((a or {}).get("over") for ids in dump.values() for _, _, a in ids if a)
        print(f"{name}: {len(dump)} pages, {sum(classes.values())} ids, {dict(classes)}, "
              f"numbered twins over: {dict(over)}")
    changed = 0
    pages = 0
    worse = []
    for page in sorted(set(before) | set(after)):
        old, new = before.get(page, []), after.get(page, [])
        if [i for i, _, _ in old] == [i for i, _, _ in new]:
            continue
        pages += 1
        if len(old) != len(new):
            print(f"- {page}: {len(old)} -> {len(new)} elements")
            continue
        for (i, c, _), (j, d, _) in zip(old, new, strict=True):
            if i != j:
                changed += 1
                print(f"- {page}: {i} ({c}) -> {j} ({d})")
                if d in ("counter", "digits", "bare") and c not in ("counter", "digits", "bare"):
                    worse.append((page, i, j))
    print(f"{changed} ids changed on {pages} pages; from a name or context to a counter: {worse}")


if __name__ == "__main__":
    main()
