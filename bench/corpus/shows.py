"""What a saved corpus page shows a person once its scripts are gone: visible text, controls.

A template whose stylesheet keeps ``body`` hidden until a script reveals it is blank after
``trim.py``; a label written from its title then scores axsnap on a page nobody can see (seven
pages of the thirteenth held-out set, found only after it was measured). Run this on new pages
before labelling them, and leave out (or give a css map to) every page it flags.

    .venv/bin/python bench/corpus/shows.py tabler-01 voler-02 ...   # pages under bench/corpus
    .venv/bin/python bench/corpus/shows.py --all --out bench/results/corpus_shows.md

One line a page: visible characters (text whose element a person can see: displayed, visible,
not transparent) and visible controls. Exits 1 when a page shows fewer than ``--min-chars``
characters or ``--min-controls`` controls.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from axsnap_host.client.file_server import serve_directory

CORPUS = Path(__file__).resolve().parent
sys.path.insert(0, str(CORPUS.parents[1] / "tests" / "fixtures"))
from shown import MIN_CHARS, MIN_CONTROLS, SHOWN, shows_too_little  # noqa: E402
from walker_runs import walker_browser  # noqa: E402


def corpus_pages() -> list[str]:
    """Every page directory of the corpus (``NAME/index.html``), by name."""
    return sorted(p.parent.name for p in CORPUS.glob("*/index.html")
                  if not p.parent.name.startswith("_"))


def measure(names: list[str]) -> dict[str, dict[str, Any]]:
    """Each named page's visible characters and controls, in headless Chromium, no scripts run
    but the page's own (a trimmed page has none)."""
    found: dict[str, dict[str, Any]] = {}
    with walker_browser("axsnap-shows-") as driver, serve_directory(CORPUS) as base:
        for name in names:
            driver.get(f"{base}{name}/index.html")
            found[name] = driver.execute_script(SHOWN)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="*", help="page directories under bench/corpus")
    parser.add_argument("--all", action="store_true", help="every page of the corpus")
    parser.add_argument("--min-chars", type=int, default=MIN_CHARS)
    parser.add_argument("--min-controls", type=int, default=MIN_CONTROLS)
    parser.add_argument("--out", type=Path, help="also write the table as Markdown here")
    args = parser.parse_args(argv)
    names = corpus_pages() if args.all else args.pages
    unknown = [n for n in names if not (CORPUS / n / "index.html").is_file()]
    if not names or unknown:
        parser.error(f"no such corpus page: {', '.join(unknown)}" if unknown
                     else "name pages or pass --all")
    found = measure(names)
    blank = {n for n, f in found.items()
             if shows_too_little(f, args.min_chars, args.min_controls)}
    rows = [f"| {n} | {f['chars']:,} | {f['controls']:,} | "
            f"{'shows too little' if n in blank else ''} |" for n, f in found.items()]
    for n, f in found.items():
        print(f"{n:32} {f['chars']:>8,} chars {f['controls']:>6,} controls"
              + ("  SHOWS TOO LITTLE" if n in blank else ""))
    if args.out:
        args.out.write_text(
            "# What each corpus page shows without its scripts (bench/corpus/shows.py)\n\n"
            f"    .venv/bin/python bench/corpus/shows.py --all --out {args.out}\n\n"
            f"{len(blank)} of {len(found)} pages show fewer than {args.min_chars} visible "
            f"characters or {args.min_controls} visible control(s).\n\n"
            "| page | visible characters | visible controls | |\n|---|--:|--:|---|\n"
            + "\n".join(rows) + "\n", "utf-8")
    print(f"{len(blank)} of {len(found)} pages show too little", file=sys.stderr)
    return 1 if blank else 0


if __name__ == "__main__":
    sys.exit(main())
