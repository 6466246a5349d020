"""The element model on real pages (issue 30): names, context, state, one description.

For each saved page of bench/corpus/ (labels.json: page types and the controls a reader
expects, written before axsnap ran on them) it reads, through the real extension and host:
the whole page's ``elements`` (DOM channel), and of the window: ``elements``, SnapshotV1 and
the compact outline. It reports

- controls with a person-usable name (a name with a letter or digit; the walker caps a
  name at 120 characters, as a person reads it);
- the labelled controls found under the name the label expects (recall);
- controls whose name repeats on the page that carry their row/field context (a wrapper
  listed with the same words as the control inside it counts as that one control);
- stateful controls (checkbox, radio, switch: ``checked``; combobox/select: a value) whose
  state is said;
- the same element (one DOM node) described identically (name; checked) by the window's
  ``elements``, SnapshotV1 and the compact outline.

    .venv/bin/python bench/bench_elements.py            # all pages → bench/results/elements.md
    .venv/bin/python bench/bench_elements.py --pages adminlte-02 google-1
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from axsnap_host.client import Browser
from axsnap_host.client.file_server import serve_directory
from axsnap_host.models.snapshot import node_records

BENCH = Path(__file__).resolve().parent
CORPUS = BENCH / "corpus"
RESULTS = BENCH / "results"
FAST = {"stabilize": {"quiet_ms": 200, "max_wait_ms": 3000}, "reuse": False}
STATEFUL_CHECKED = frozenset({"checkbox", "radio", "switch", "menuitemcheckbox",
                              "menuitemradio"})
_OUTLINE_LINE = re.compile(r"^\s*\[(\d+-\d+)\] ([^:\[]+?)(?:: (.*?))?(?: = \".*\")?(?: \[.*\])?$")


def usable(name: str) -> bool:
    return bool(re.search(r"\w", name))


def outline_names(tree: str) -> dict[str, str]:
    out = {}
    for line in tree.splitlines():
        match = _OUTLINE_LINE.match(line)
        if match:
            out[match[1]] = (match[3] or "").strip()
    return out


def measure_page(browser: Browser, url: str, labels: dict[str, Any]) -> dict[str, Any]:
    page = browser.snapshot_raw(url, format="elements", viewport_only=False, **FAST)
    elements = page["result"]["elements"]
    window = browser.snapshot_raw(None, format="elements", **FAST)["result"]["elements"]
    snap = browser.snapshot_raw(None, format="snapshot", **FAST)["result"]["snapshot"]
    tree = browser.snapshot_raw(None, format="outline", compact=True, **FAST)["result"][
        "combinedTree"]
    controls = [e for e in elements if e.get("actions") != ["scroll"]]
    named = sum(1 for e in controls if usable(e.get("name") or ""))
    # a wrapper and the control inside it with the same words are one control listed twice,
    # not two controls a model must tell apart
    paths = {(e.get("name") or "").casefold(): [] for e in controls}
    for e in controls:
        paths[(e.get("name") or "").casefold()].append(e["xpath"])
    distinct = [e for e in controls if not any(
        other != e["xpath"] and other.startswith(e["xpath"] + "/")
        for other in paths[(e.get("name") or "").casefold()])]
    counts = Counter((e.get("name") or "").casefold() for e in distinct)
    repeated = [e for e in distinct if e.get("name") and counts[e["name"].casefold()] > 1]
    with_context = sum(1 for e in repeated if e.get("context"))
    stateful = [e for e in controls if e.get("role") in STATEFUL_CHECKED
                or e.get("role") == "combobox" or e.get("tagName") == "select"]
    stated = sum(1 for e in stateful if "checked" in (e.get("states") or {})
                 or (e.get("role") not in STATEFUL_CHECKED and e.get("value") is not None))
    expected = labels.get("controls") or []
    names = {(e.get("name") or "").casefold() for e in elements}
    found = sum(1 for c in expected if c["name"].casefold() in names)
    nodes = {(n["domRef"]["frame"], n["domRef"]["backendNodeId"]): n
             for n in node_records(snap) if n.get("domRef")}
    lines = outline_names(tree)
    same = compared = 0
    differing: list[str] = []
    for e in window:
        node = nodes.get((e["frame"], e["backendNodeId"]))
        if node is None or e["tagName"] == "label":
            continue
        compared += 1
        ok = node["name"] == e["name"]
        checked = (e.get("states") or {}).get("checked")
        if checked is not None:
            ok = ok and node["state"].get("checked", False) == checked
        shown = lines.get(f"{e['frame']}-{e['backendNodeId']}")
        if shown is not None and e["name"]:
            ok = ok and (shown == e["name"] or e["name"].startswith(shown.rstrip("…")))
        same += ok
        if not ok and len(differing) < 3:
            differing.append(f"{e['name'][:30]!r} / {node['name'][:30]!r} / {shown!r}")
    return {"controls": len(controls), "named": named, "repeated": len(repeated),
            "with_context": with_context, "stateful": len(stateful), "stated": stated,
            "expected": len(expected), "found": found, "compared": compared, "same": same,
            "differing": differing}


def pct(a: int, b: int) -> str:
    return f"{100 * a / b:.1f}% ({a}/{b})" if b else "n/a (0)"


def render(rows: dict[str, dict[str, Any]], labels: dict[str, Any]) -> str:
    total = Counter()
    for row in rows.values():
        total.update({k: v for k, v in row.items() if isinstance(v, int)})
    lines = [
        "# The element model on real pages (bench/bench_elements.py)",
        "",
        f"{len(rows)} saved pages of bench/corpus/ (labels.json written before axsnap ran).",
        "",
        "    .venv/bin/python bench/bench_elements.py",
        "",
        "| measure | result | target |",
        "|---|--:|--:|",
        f"| controls with a person-usable name | {pct(total['named'], total['controls'])} "
        "| ≥ 95% |",
        f"| repeated names with their row/field context | "
        f"{pct(total['with_context'], total['repeated'])} | ≥ 95% |",
        f"| stateful controls whose state is said | {pct(total['stated'], total['stateful'])} "
        "| 100% |",
        f"| same element described identically (elements, SnapshotV1, outline; window) | "
        f"{pct(total['same'], total['compared'])} | 100% |",
        f"| labelled controls found under their expected name | "
        f"{pct(total['found'], total['expected'])} | |",
        "",
        "| page | type | controls | named | repeated | with context | stateful | stated | "
        "compared | same | labelled found | differing (elements / SnapshotV1 / outline) |",
        "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|",
    ]
    for name, r in rows.items():
        kind = labels.get(name, {}).get("type", "")
        held = " (held out)" if labels.get(name, {}).get("held_out") else ""
        lines.append(f"| {name}{held} | {kind} | {r['controls']} | {r['named']} | "
                     f"{r['repeated']} | {r['with_context']} | {r['stateful']} | {r['stated']} "
                     f"| {r['compared']} | {r['same']} | {r['found']}/{r['expected']} | "
                     f"{'; '.join(r['differing'])} |")
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", nargs="*", default=None)
    args = parser.parse_args()
    labels = json.loads((CORPUS / "labels.json").read_text(encoding="utf-8"))["pages"]
    pages = args.pages or sorted(labels)
    rows: dict[str, dict[str, Any]] = {}
    with serve_directory(CORPUS) as base, Browser(timeout_s=300) as browser:
        for name in pages:
            try:
                rows[name] = measure_page(browser, f"{base}{name}/index.html", labels[name])
            except Exception as err:  # a page that fails is reported, the run goes on
                print(f"{name}: {err}", file=sys.stderr, flush=True)
                continue
            print(f"{name}: {rows[name]}", file=sys.stderr, flush=True)
    text = render(rows, labels)
    print(text)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "elements.md").write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
