"""Window reads against the whole page: each element a window read names under another id than
the whole-page read gives it (issue 31: ids unchanged after a scroll, a twin scrolling into
view). Per page: one whole-page read, then window reads from the top, scrolled by 0.8 of a
screen at a time (at most 8 windows).

    .venv/bin/python bench/ids_windows.py mlflow-02 optuna-02 ...
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from semantic_corpus import CORPUS, FAST

from axsnap_host.client import Browser
from axsnap_host.client.file_server import serve_directory

WINDOWS = 8


def main() -> None:
    total = moved_total = 0
    with serve_directory(CORPUS) as base, Browser() as browser:
        for name in sys.argv[1:]:
            whole = browser.snapshot(f"{base}{name}/index.html", format="semantic",
                                     viewport_only=False, **FAST)
            ids = {e["handle"]["backendNodeId"]: e["id"] for e in whole.elements}
            moved: set[str] = set()
            seen = 0
            browser.run_in_target("window.scrollTo(0, 0)")
            for _ in range(WINDOWS):
                window = browser.snapshot(None, format="semantic", **FAST)
                for e in window.elements:
                    key = e["handle"]["backendNodeId"]
                    if key in ids:
                        seen += 1
                        if ids[key] != e["id"]:
                            moved.add(f"{e['id']} (whole: {ids[key]})")
                at = browser.run_in_target(
                    "const y = scrollY; window.scrollBy(0, Math.round(innerHeight * 0.8));"
                    " return scrollY === y;")
                if at:
                    break
            total += seen
            moved_total += len(moved)
            print(f"{name}: {len(moved)} ids a window names otherwise, of {seen} window ids: "
                  f"{sorted(moved)}")
    print(f"all: {moved_total} of {total}")


if __name__ == "__main__":
    main()
