"""Split the semantic ids told apart by a counter in two (issue 31, design note 291):

- **indistinguishable**: the twins share role, name and the visible words of every box that
  holds one and not the others (the child of their closest common ancestor down to the twin),
  their column header, the heading above them and their own marks: a demo table that repeats
  the same row. Only their place in reading order tells them apart;
- **distinguishable**: something a person sees (or the page's authors wrote on the control)
  differs and the id does not use it. Each counted id gets the first cause of this order:
  ``own words`` (its own visible text), ``box:<kind>`` (the words of the closest box holding
  it and no twin: ``row``, ``list item``, ``card``, ``section``, ``box``), ``column`` (its table
  column's header), ``heading`` (the heading above it), ``alt``, ``src`` (an image's file),
  ``href`` (a link's path tail), ``own_name`` (``id``/``title``/test id/``name``), ``class``
  (its class or its icon's), each by its words with no digit; else ``token`` (only markup with
  a digit differs: a script's call, a numbered file or id, no name a person or author gives).
  A cause that parts some twins and not all makes the group ``partly``.

One whole-page semantic read a page (as bench/ids_dump.py); each counter id's twins (its id
without the number and the others numbered from it) are found by their handles'
backendNodeIds and compared in the page.

    .venv/bin/python bench/ids_counters_split.py OUT.json                   # every page
    .venv/bin/python bench/ids_counters_split.py OUT.json --from DUMP.json  # pages with counters
    .venv/bin/python bench/ids_counters_split.py OUT.json --only saurus-79
    .venv/bin/python bench/ids_counters_split.py --table OUT.json           # the markdown
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent / "corpus"))

from semantic_corpus import CORPUS, id_class

COMPARE_JS = (Path(__file__).parent / "ids_counters_split.js").read_text()
CAUSES = ("own_words", "box", "column", "heading", "alt", "src", "href", "own_name", "class",
          "token")
SEEN = frozenset({"own_words", "box", "column", "heading", "alt"})  # what a person sees


def _key(cause: str, value: str) -> str:
    """What of ``value`` tells a twin apart: every word a person reads, or, for the markup's
    own names (a file, a path, an id), only its words with no digit (a script's token is no
    name); the token cause keeps everything."""
    if cause == "token":
        return value
    words = re.findall(r"[^\W_]+", value.lower())
    if cause not in SEEN:
        words = [w for w in words if len(w) > 1 and not any(c.isdigit() for c in w)]
    return " ".join(words)


def _split(cause: str, values: list[str]) -> str:
    """"apart" when ``values`` part every twin, "partly" when some, "" when none."""
    keys = [_key(cause, v) for v in values]
    if len(set(keys)) == len(keys) and all(keys):
        return "apart"
    return "partly" if len(set(keys)) > 1 else ""


def judge(found: dict[str, Any]) -> tuple[str, str, str]:
    """(split, cause, what differs) of a group of twins; split is ``distinguishable``,
    ``partly`` (some twins only), ``token`` (only a script's token differs),
    ``indistinguishable`` or ``error``."""
    if "error" in found:
        return "error", "error", found["error"]
    partly = None
    for cause in CAUSES:
        levels = found["box"] if cause == "box" else [{"said": found[cause]}]
        for level in levels:
            how = _split(cause, level["said"])
            name = f"box:{level['kind']}" if cause == "box" else cause
            said = level["said"][:3]
            if cause == "box":
                said = [f"<{level['tag']} {level['cls']}>", *said]
            if how == "apart":
                split = "token" if cause == "token" else "distinguishable"
                return split, name, json.dumps(said, ensure_ascii=False)[:240]
            if how == "partly" and partly is None and cause != "token":
                partly = (name, json.dumps(said, ensure_ascii=False)[:240])
    if partly:
        return "partly", *partly
    return "indistinguishable", "", ""


def groups(elements: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Each numbered id's twins: the id without its number first, then the numbered ones."""
    ids = {e["id"]: e for e in elements}
    out: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for e in elements:
        if id_class(e, set(ids)) == "counter":
            out[e["id"].rsplit("_", 1)[0]].append(e)
    return {base: [ids[base], *sorted(numbered, key=lambda e: int(e["id"].rsplit("_", 1)[1]))]
            for base, numbered in out.items()}


def compare(browser: Any, twins: list[dict[str, Any]]) -> dict[str, Any]:
    handles = [t.get("handle", {}) for t in twins]
    if any(h.get("frame", 0) or not h.get("backendNodeId") for h in handles):
        return {"error": "frame"}
    objects = [browser.cdp_in_target("DOM.resolveNode", {"backendNodeId": h["backendNodeId"]})
               ["object"]["objectId"] for h in handles]
    answer = browser.cdp_in_target("Runtime.callFunctionOn", {
        "objectId": objects[0], "functionDeclaration": COMPARE_JS, "returnByValue": True,
        "arguments": [{"objectId": o} for o in objects]})
    return dict(answer.get("result", {}).get("value") or {"error": str(answer)[:200]})


def measure(args: argparse.Namespace) -> None:
    from axsnap_host.client import Browser
    from axsnap_host.client.file_server import serve_directory

    if args.only:
        names = list(args.only)
    elif args.from_dump:
        dump = json.loads(Path(args.from_dump).read_text())
        names = sorted(p for p, els in dump.items() if any(e[1] == "counter" for e in els))
    else:
        names = sorted(p.name for p in CORPUS.iterdir() if (p / "index.html").is_file())
    out: dict[str, list[dict[str, Any]]] = {}
    with serve_directory(CORPUS) as base, Browser() as browser:
        for n, name in enumerate(names):
            rows = []
            try:
                r = browser.snapshot(base + name + "/index.html", format="semantic",
                                     viewport_only=False)
                for head, twins in groups(r.raw["semantic"]["elements"]).items():
                    found = compare(browser, twins)
                    rows.append({"base": head, "ids": [t["id"] for t in twins],
                                 "over": (twins[1].get("relations", {}).get("alike") or {})
                                 .get("over"), "judged": judge(found), "found": found})
            except Exception as error:  # a page that fails is said, not skipped
                rows.append({"base": "ERR " + str(error)[:150], "ids": [],
                             "judged": ["error", "error", ""]})
            out[name] = rows
            if n % 20 == 0:
                print(n, name, flush=True)
    Path(args.out).write_text(json.dumps(out, indent=0))


SPLITS = ("distinguishable", "partly", "token", "indistinguishable", "error")


def table(path: str) -> None:
    data = json.loads(Path(path).read_text())
    by_cause: Counter[tuple[str, str]] = Counter()
    pages: dict[str, Counter[str]] = defaultdict(Counter)
    over: Counter[tuple[str, str]] = Counter()
    examples: dict[tuple[str, str], list[str]] = defaultdict(list)
    for page, rows in data.items():
        for row in rows:
            split, cause, said = judge(row["found"]) if "found" in row else row["judged"]
            counted = max(len(row["ids"]) - 1, 0)  # the first of the twins has no number
            by_cause[split, cause] += counted
            pages[page][split] += counted
            over[split, str(row.get("over"))] += counted
            if len(examples[split, cause]) < 6:
                examples[split, cause].append(
                    f"{page}: `{row['ids'][1] if row['ids'] else row['base']}` "
                    f"({len(row['ids'])} twins) {said}")
    total: Counter[str] = Counter()
    for c in pages.values():
        total.update(c)
    print("| twins | counter ids | pages |\n|---|--:|--:|")
    for split in SPLITS:
        print(f"| {split} | {total[split]} | {sum(1 for c in pages.values() if c[split])} |")
    print("\n| split | cause (the first that parts them) | counter ids |\n|---|---|--:|")
    for (split, cause), n in sorted(by_cause.items(),
                                    key=lambda kv: (SPLITS.index(kv[0][0]), -kv[1])):
        print(f"| {split} | {cause} | {n} |")
    print("\n| numbered by | " + " | ".join(SPLITS) + " |\n|---|" + "--:|" * len(SPLITS))
    for who in ("page", "read"):
        print(f"| {who} | " + " | ".join(str(over[s, who]) for s in SPLITS) + " |")
    print("\n| page | " + " | ".join(SPLITS) + " |\n|---|" + "--:|" * len(SPLITS))
    for page, c in sorted(pages.items(), key=lambda kv: -sum(kv[1].values())):
        if sum(c.values()):
            print(f"| {page} | " + " | ".join(str(c[s]) for s in SPLITS) + " |")
    print("\nExamples (the first twins' values of the cause):")
    for (split, cause), lines in sorted(examples.items(), key=lambda kv: SPLITS.index(kv[0][0])):
        print(f"\n- {split}, {cause or 'nothing'}:")
        for line in lines:
            print(f"  - {line}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--from", dest="from_dump")
    parser.add_argument("--only", nargs="*")
    parser.add_argument("--table", action="store_true")
    args = parser.parse_args()
    if args.table:
        table(args.out)
    else:
        measure(args)


if __name__ == "__main__":
    main()
