"""The walk's port of the host's prune (extension/lib/walker/src/printed_rows.js, design note
105) against the host itself: a pruned SnapshotV1 or outline read from the walk is the same
whether the take learnt every row's id or only those the port says may print.

Random pages of rows (seeded): headings, cells, controls and groups whose text repeats or
not their names, in any case and spacing, non-ASCII names, names with an instruction's
words, values, focused and editable states, generic records with and without a listener
(marked after the take, as walker_ids_listable.js markListenerNodes gives them `b` and `k`),
a tab stop and a scroll container among them, custom elements Chromium names. The port runs
in node on the rows, as the walker and the worker run it.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from host_harness import process_capture as run

ROOT = Path(__file__).resolve().parents[2]
PAGE = "http://127.0.0.1:8000/rows.html"

ROLES = ["generic", "generic", "generic", "paragraph", "heading", "link", "button", "cell",
         "row", "table", "list", "listitem", "ListMarker", "image", "group", "Section",
         "region", "main", "navigation", "LabelText", "textbox", "LayoutTableCell", "strong",
         "figure", "banner", "columnheader", "note", "Pre", "blockquote", "code", "menu"]
CONTAINERS = {"generic", "paragraph", "heading", "link", "button", "cell", "row", "table",
              "list", "listitem", "group", "Section", "region", "main", "navigation",
              "LabelText", "LayoutTableCell", "strong", "figure", "banner", "columnheader",
              "note", "Pre", "blockquote", "code", "menu"}
NAMES = ["", "", "", "Title", "title", "Next page", "Next", "page", "  ", "Ärger", "Straße",
         "STRASSE", "strasse", "Ignore previous instructions", "Sign in", "sign  in",
         "Sign\tIN", "Price: 5", "x", "Menu", "menu item", "5"]
VALUES = [None, None, None, None, "5", "Sign", "ärger"]
STATES: list[Any] = [0, 0, 0, 0, 0, {"focused": True}, {"focused": False},
                     {"editable": "plaintext"}, {"level": 2}]


def random_capture(rng: random.Random) -> tuple[dict[str, Any], list[int]]:
    """A walk capture of random rows with every row's id learnt (``axt.b``), and the custom
    rows the walker listed (axt.ce's row numbers before the worker asked)."""
    records: list[dict[str, Any]] = [
        {"p": -1, "f": 0, "s": "html", "r": [0, 0, 1000, 3000], "vis": 1, "w": 1, "b": 1}]
    rows: list[list[Any]] = [[-1, "RootWebArea", "Rows", None, 0, 0, 0]]
    open_rows = [0]
    custom: list[int] = []
    named: list[list[Any]] = []
    for i in range(1, rng.randint(20, 90)):
        parent = rng.choice(open_rows)
        text = rng.random() < 0.4
        if text:
            up_names = [rows[p][2] for p in _ancestors(rows, parent)]
            pool = NAMES + [n for n in up_names if n] * 3
            name = rng.choice(pool)
            if name and rng.random() < 0.3:  # a part of a name above it, spaced or cased
                cut = rng.randint(0, len(name))
                name = rng.choice([name[:cut], name[cut:], name.upper(), f"  {name} "])
            rows.append([parent, "StaticText", name, None, 0, -(1000 + i), 0])
            continue
        role = rng.choice(ROLES)
        w = -(1000 + i)
        if rng.random() < 0.5:  # an element with a record
            w = len(records) + 1
            rec: dict[str, Any] = {"p": 0, "f": 0, "s": "div", "r": [0, i * 20, 100, 18],
                                   "vis": 1, "w": w}
            kind = rng.random()
            if kind < 0.25:  # listable: its id from the records' take
                rec.update(c=["href"], b=5000 + i)
            elif kind < 0.45:  # a listener found after the take: `b` and `k` from it
                rec.update(b=5000 + i, k=1)
                if rng.random() < 0.3:
                    rec["a"] = {"tabindex": "0"}
                elif rng.random() < 0.3:
                    rec["scr"] = 1
            records.append(rec)
            if role == "generic" and rng.random() < 0.15:
                custom.append(i)
        row = [parent, role, rng.choice(NAMES), rng.choice(VALUES), rng.choice(STATES), w, 0]
        rows.append(row)
        if role in CONTAINERS:
            open_rows.append(i)
        if row[2]:
            named.append(row)
    ce = [[r, rng.choice(["button", "generic", "heading"]), rng.choice(NAMES)] for r in custom]
    learnt = [9000 + i for i, row in enumerate(rows) if row[5] != 0]
    walker = {
        "v": 1, "url": PAGE, "title": "Rows", "viewport": {"w": 1000, "h": 800},
        "scroll": {"x": 0, "y": 0, "w": 1000, "h": 3000},
        "options": {"viewportOnly": False, "expandPx": 0},
        "frames": [{"url": PAGE, "parent": -1, "owner": -1, "ox": 0, "oy": 0, "frameId": "M"}],
        "elements": records, "world": "wld", "stats": {"visited": len(records)},
        "axt": {"rows": rows, "ms": 1.0, "b": learnt, **({"ce": ce} if ce else {})},
    }
    capture = {
        "capture_version": 1, "tab": {"id": 3, "url": PAGE, "title": "Rows"},
        "frames": [{"frameId": "M", "url": PAGE, "captured": True, "axNodes": [],
                    "ax_source": "walk", "ownerBackendNodeId": None}],
        "dom_snapshot": None,
        "layout": {"cssLayoutViewport": {"clientWidth": 1000, "clientHeight": 800,
                                         "pageX": 0, "pageY": 0}},
        "walker": walker,
    }
    return capture, custom


def _ancestors(rows: list[list[Any]], at: int) -> list[int]:
    out = []
    while at >= 0:
        out.append(at)
        at = rows[at][0]
    return out


def wanted_by_the_port(cases: list[dict[str, Any]]) -> list[list[int]]:
    """rowsWanted with the read's rule (printed_rows.js) for each {rows, known, custom}."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    script = (
        "import { rowsWanted } from './extension/lib/walker/src/listable.js';"
        "import { printRule } from './extension/lib/walker/src/printed_rows.js';"
        "import { INSTRUCTION_TRIGGERS, PRUNE_TABLES }"
        " from './extension/lib/generated/contract.js';"
        "const rule = printRule(PRUNE_TABLES, INSTRUCTION_TRIGGERS);"
        "let s = ''; process.stdin.on('data', (d) => { s += d; });"
        "process.stdin.on('end', () => process.stdout.write(JSON.stringify(JSON.parse(s).map("
        "(c) => rowsWanted(c.rows, new Set(c.known), rule, c.custom).want))));")
    done = subprocess.run([node, "--input-type=module", "-e", script], cwd=ROOT, check=True,
                          input=json.dumps(cases), capture_output=True, text=True, timeout=120)
    return json.loads(done.stdout)


def _known(capture: dict[str, Any]) -> list[int]:
    """The records whose id the records' take learns (the listable ones)."""
    return [r["w"] for r in capture["walker"]["elements"] if r.get("c") or r["s"] == "html"]


def _printed(capture: dict[str, Any]) -> dict[str, Any]:
    snapshot = run(capture, format="snapshot", scope="page", ax_source="walk")["snapshot"]
    outline = run(capture, format="outline", scope="page", ax_source="walk")
    return {"snapshot": snapshot["ax_tree"],
            "outline": {key: outline[key] for key in
                        ("combinedTree", "combinedXpathMap", "combinedUrlMap")}}


def test_the_rows_the_port_leaves_out_change_no_pruned_snapshot_or_outline() -> None:
    rng = random.Random(105)
    made = [random_capture(rng) for _ in range(120)]
    wants = wanted_by_the_port([{"rows": c["walker"]["axt"]["rows"], "known": _known(c),
                                 "custom": custom} for c, custom in made])
    asked = left = 0
    for (capture, _), want in zip(made, wants, strict=True):
        learnt = capture["walker"]["axt"]["b"]
        taken = json.loads(json.dumps(capture))
        keep = set(want)
        taken["walker"]["axt"]["b"] = [b if k in keep else 0 for k, b in enumerate(learnt)]
        asked += len(keep)
        left += len(learnt) - len(keep)
        assert _printed(taken) == _printed(capture), capture["walker"]["axt"]["rows"]
    # the port is not "take everything": a fair share of the rows is left out
    assert left > 0.25 * (asked + left), (asked, left)


def test_a_row_below_a_record_that_gains_a_listener_is_taken_for_it() -> None:
    """A list item holding only a generic record: the item is kept only if the record acts,
    which the listener read tells after the take; so the item's id is taken, the record's
    is not (a listener gives it its record's id)."""
    rows = [[-1, "RootWebArea", "Rows", None, 0, 0, 0],
            [0, "list", "", None, 0, -10, 0],
            [1, "listitem", "", None, 0, -11, 0],
            [2, "generic", "", None, 0, 2, 0],          # a record: no name, no listener yet
            [0, "heading", "Title", None, 0, -12, 0],
            [4, "StaticText", "Title", None, 0, -13, 0],  # the heading's name: left out
            [0, "generic", "", None, 0, -14, 0]]          # lifted by the host: left out
    [want] = wanted_by_the_port([{"rows": rows, "known": [], "custom": []}])
    # rows with a w: list 0, listitem 1, record 2, heading 3, its text 4, the lifted one 5
    assert want == [0, 1, 3], want
