"""Why semantic ids are still counters, and why some move on a scroll: the tuning pages only.

For every tuning page of bench/corpus (never a held-out one), the whole-page read and the first
screen with format "semantic", then the screen after scrolling one screen down (the bench's own
reads, bench/semantic_corpus.py). Each counter id (``X_N`` beside ``X`` in the same reply) is put
in one kind by what its element and its twin ``X`` share:

- ``no name``: the control has no label (an icon button, an unlabelled field), by type;
- ``same destination``: links alike in label and destination (a card's image and its title);
- ``table row``: twins in table rows whose words are alike;
- ``same row words``: twins with the same row or item words outside tables;
- ``same nearby text``: twins outside rows whose closest text is alike;
- ``same place``: the same label and nothing else around it that differs.

An id that changes on the scroll is put in one kind by which words of it changed; so is one
that changes in the whole-page read after a row is added above the page's first table row
(else list item with a link): a copy of it, its words its own ("Added above"). Writes
bench/results/semantic_id_kinds.md:

    .venv/bin/python bench/semantic_id_kinds.py
    .venv/bin/python bench/semantic_id_kinds.py --only amazon-1    # a few pages, prints only
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from semantic_corpus import CORPUS, RESULTS, id_class, read

from axsnap_host.client import Browser
from axsnap_host.client.file_server import serve_directory

EXAMPLES = 3


def counter_kind(el: dict[str, Any], twin: dict[str, Any] | None) -> str:
    """The kind of one counter id, by what it shares with the element it is numbered after."""
    relations = el.get("relations", {})
    if not (el.get("label") or "").strip():
        return f"no name: {el['type']}"
    if twin is None:
        return "same place (its twin out of the reply)"
    if el["type"] == "link" and el.get("href") and el.get("href") == twin.get("href"):
        return "same destination: link"
    if "row" in relations:
        return f"table row: {el['type']}"
    if relations.get("context"):
        return f"same row words: {el['type']}"
    if relations.get("near"):
        return f"same nearby text: {el['type']}"
    return f"same place: {el['type']}"


def counters(elements: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    """(kind, element) of every counter id of one reply, and of every id ending in a number
    that is none of the words the reply gives for it (``digits``: a badge number)."""
    by_id = {el["id"]: el for el in elements}
    out = []
    for el in elements:
        found = id_class(el, set(by_id))
        if found == "counter":
            twin = by_id.get(el["id"].rsplit("_", 1)[0])
            out.append((counter_kind(el, twin), el))
        elif found in ("digits", "bare"):
            out.append((f"{found}: {el['type']}", el))
    return out


def moved_kind(before: str, after: str) -> str:
    """Which words of an id changed on a scroll."""
    for mark in ("_near_", "_under_", "_at_", "_in_", "_to_", "_within_"):
        if (mark in before) != (mark in after):
            return f"{mark.strip('_')} words added or dropped"
    if before.rsplit("_", 1)[0] == after.rsplit("_", 1)[0]:
        return "counter renumbered"
    return "other words changed"


def measure(browser: Browser, base: str, name: str) -> dict[str, Any]:
    first = read(browser, f"{base}{name}/index.html")
    whole = read(browser, None, viewport_only=False)
    found = counters(whole.elements) + counters(first.elements)
    browser.run_in_target("window.scrollBy(0, Math.round(innerHeight * 0.8));")
    second = read(browser, None)
    moved = moves(first.elements, second.elements)
    # a row added above the first of the page's rows (a table's, else a list's of links), its
    # words its own: the ids of the whole page's elements stay (bench-only DOM change)
    inserted = browser.run_in_target(INSERT_ROW)
    shifted = moves(whole.elements, read(browser, None, viewport_only=False).elements) \
        if inserted else []
    return {"name": name, "window": first.type, "whole": whole.type,
            "counters": [(kind, el["id"], el.get("label", ""), el.get("relations", {}))
                         for kind, el in found],
            "moved": moved, "inserted": bool(inserted), "shifted": shifted}


# The first table body row holding a control (else the first item of a list of four or more
# holding a link), cloned with its words made its own and its ids dropped, inserted before it.
INSERT_ROW = """return (() => {
  const row = [...document.querySelectorAll('tbody > tr')].find(
      (r) => r.querySelector('a[href], button, input')) || [...document.querySelectorAll('li')]
    .find((li) => li.querySelector('a[href]') && li.parentElement.children.length >= 4);
  if (!row) return false;
  const copy = row.cloneNode(true);
  for (const el of [copy, ...copy.querySelectorAll('[id]')]) el.removeAttribute('id');
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.textContent.trim()) n.textContent = 'Added above';
  }
  for (const el of copy.querySelectorAll('[aria-label], [title], [alt]')) {
    for (const k of ['aria-label', 'title', 'alt']) {
      if (el.hasAttribute(k)) el.setAttribute(k, 'Added above');
    }
  }
  row.parentElement.insertBefore(copy, row);
  window.scrollTo(0, 0);
  return true;
})()"""


def moves(before_elements: list[dict[str, Any]], after_elements: list[dict[str, Any]]
          ) -> list[tuple[str, str]]:
    """(kind, "old -> new") of every element read before and after whose id changed."""
    before = {e["handle"]["backendNodeId"]: e for e in before_elements}
    out = []
    for el in after_elements:
        old = before.get(el["handle"]["backendNodeId"])
        if old is not None and old["id"] != el["id"]:
            out.append((moved_kind(old["id"], el["id"]), f"{old['id']} -> {el['id']}"))
    return out


def table(title: str, rows: list[dict[str, Any]], key: str) -> list[str]:
    kinds: Counter[str] = Counter()
    pages: dict[str, set[str]] = {}
    examples: dict[str, list[str]] = {}
    for row in rows:
        for item in row[key]:
            kinds[item[0]] += 1
            pages.setdefault(item[0], set()).add(row["name"])
            if len(examples.setdefault(item[0], [])) < EXAMPLES:
                examples[item[0]].append(f"{row['name']}: `{item[1]}`")
    lines = [f"## {title} ({sum(kinds.values())})", "", "| kind | ids | pages | examples |",
             "|---|--:|--:|---|"]
    lines += [f"| {kind} | {n} | {len(pages[kind])} | {'; '.join(examples[kind])} |"
              for kind, n in kinds.most_common()]
    per_page = Counter({row["name"]: len(row[key]) for row in rows if row[key]})
    lines += ["", "By page: " + ", ".join(f"{n} {c}" for n, c in per_page.most_common(15)), ""]
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", help="these tuning pages only; prints, no report")
    parser.add_argument("--spent", nargs="*", default=[],
                        help="pages of a held-out set already scored once (spent), by name")
    parser.add_argument("--out", type=Path, default=RESULTS / "semantic_id_kinds.md")
    parser.add_argument("--rows", type=Path, help="every page's ids, one JSON line a page")
    args = parser.parse_args()
    labels = json.loads((CORPUS / "labels.json").read_text("utf-8"))["pages"]
    spent = set(args.spent)
    names = [n for n in (args.only or sorted(labels)) if not labels[n]["held_out"] or n in spent]
    rows = []
    with serve_directory(CORPUS) as base, Browser() as browser:
        for name in names:
            rows.append(measure(browser, base, name))
            print(json.dumps(rows[-1], ensure_ascii=False), file=sys.stderr)
            if args.rows:
                with args.rows.open("a", encoding="utf-8") as out:
                    print(json.dumps(rows[-1], ensure_ascii=False), file=out)
    report = ["# Counter ids and ids that move on a scroll, by kind (tuning pages only)", "",
              "`.venv/bin/python bench/semantic_id_kinds.py` (bench/corpus, the "
              f"{len(rows)} tuning pages; never a held-out one). Counters over the whole-page "
              "read and the first screen, as bench/semantic_corpus.py counts them; moves over "
              "the elements in both the first screen and the screen after one scroll.", "",
              *table("Counter ids", rows, "counters"),
              *table("Ids changed after a scroll", rows, "moved"),
              *table("Ids changed after a row was added above", rows, "shifted")]
    if not args.only:
        args.out.write_text("\n".join(report), encoding="utf-8")
    print("\n".join(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
