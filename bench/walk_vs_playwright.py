"""The whole-page walk against Playwright's aria snapshot of the same tab, node for node
(issue 33, design note 143).

One Debian Chromium (plain Selenium, no extension); each bench page (bench_whole_page.py's
saved pages) is loaded once and a Playwright worker (bench/peers/walk_count_worker.py, in the
peers venv) connected over CDP runs, in that tab, by turns: the built walker of this tree
(and with ``--base REV`` the one of that revision) in an isolated world with the options of
each whole-page read (SnapshotV1 and the outline from the walk, DOM text), and
``page.aria_snapshot()``; each under V8's sampling profiler. Then one call of each with
counting wrappers in its own world: the DOM calls and property reads per element.

    AXSNAP_PEERS_VENV=/work/peers/venv nice .venv/bin/python bench/walk_vs_playwright.py \
        --pages rust-wrapping rust-simd node-fs --turns 2 [--base main] [--by-caller]

``--by-caller`` (with ``--turns 0`` for the counts alone) also lists each kind of read by
the walker function that made it (module:function, per element).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(ROOT / "tests" / "fixtures"))

from bench_whole_page import REAL_PAGES, ROOTS  # noqa: E402
from compare import PEERS_VENV  # noqa: E402
from walker_runs import walker_source  # noqa: E402

from axsnap_host.client.file_server import serve_directory  # noqa: E402
from peers.launch import debugger_address, plain_selenium  # noqa: E402

# The walker options of each whole-page read (walker_capture.js walkerOptions with
# walker_reads.js axTreeWalkOptions; the triggers and prune tables from the generated contract).
OPTIONS_JS = """import('./extension/lib/generated/contract.js').then((m) => {
  const held = {viewportOnly: false, maxNodes: 200000, maxDepth: 256, track: true, hold: true,
    listable: true};
  const ax = {axHideWords: m.INSTRUCTION_TRIGGERS,
    axSaid: {tables: m.PRUNE_TABLES, triggers: m.INSTRUCTION_TRIGGERS}};
  console.log(JSON.stringify({snapshot: {...held, ...ax, axTree: 'boxes'},
    outline: {...held, ...ax, axTree: true}, domtext: held}));
});"""
COUNT_ROWS = [
    ("getComputedStyle (element)", ["call getComputedStyle"]),
    ("style property reads", ["style read"]),
    ("getComputedStyle (::before/::after)", ["call getComputedStyle (pseudo)"]),
    ("pseudo style property reads", ["pseudo style read"]),
    ("element boxes (getBoundingClientRect, getClientRects)",
     ["call getBoundingClientRect", "call getClientRects"]),
    ("text boxes (Range)", ["call Range.getBoundingClientRect", "call Range.getClientRects"]),
    ("checkVisibility", ["call checkVisibility"]),
    ("hit tests (elementFromPoint)", ["call elementFromPoint"]),
    ("layout reads (scroll/client sizes)", ["read scrollWidth", "read scrollHeight",
                                            "read clientWidth", "read clientHeight",
                                            "read clientLeft", "read clientTop"]),
    ("attribute calls", ["call getAttribute", "call hasAttribute", "call getAttributeNames"]),
    ("selector calls (closest, matches, querySelector*)",
     ["call closest", "call matches", "call querySelector", "call querySelectorAll"]),
    ("tree reads (children, siblings, parents)",
     ["read firstChild", "read lastChild", "read nextSibling", "read previousSibling",
      "read parentNode", "read parentElement", "read childNodes", "read firstElementChild",
      "read lastElementChild", "read nextElementSibling", "read children",
      "read childElementCount", "read shadowRoot", "read assignedSlot"]),
    ("node reads (type, name, text)", ["read nodeType", "read nodeName", "read localName",
                                       "read tagName", "read nodeValue", "read data",
                                       "read textContent", "read id", "read className",
                                       "read hidden", "read innerText"]),
]


def options() -> dict[str, dict[str, Any]]:
    done = subprocess.run(["node", "--input-type=module", "-e", OPTIONS_JS], cwd=ROOT,
                          check=True, capture_output=True, text=True)
    return dict(json.loads(done.stdout))


def count_table(elements: int, counts: dict[str, dict[str, int]]) -> list[str]:
    heads = list(counts)
    lines = ["| per element | " + " | ".join(heads) + " |",
             "|---|" + "--:|" * len(heads)]
    for label, keys in COUNT_ROWS:
        cells = [f"{sum(counts[h].get(k, 0) for k in keys) / elements:.2f}" for h in heads]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return lines


def style_props(counts: dict[str, int]) -> str:
    props = sorted(((k.split(".", 1)[1], n) for k, n in counts.items()
                    if k.startswith("style.")), key=lambda kv: -kv[1])
    return ", ".join(f"{p} {n}" for p, n in props[:16])


def modules_by_line(source: str) -> list[str]:
    """The walker module (src/*.js) each line of a built walker's source belongs to."""
    at, out = "walk.js", []
    for line in source.split("\n"):
        if line.startswith("// src/"):
            at = line[len("// src/"):].strip()
        out.append(at)
    return out


def caller_tables(elements: int, counts: dict[str, dict[str, int]],
                  sources: dict[str, str], top: int = 12) -> list[str]:
    """Per walker mode counted ``--by-caller``: each kind of read by the function that made it
    (module:function, per element of the page), largest first."""
    lines: list[str] = []
    for head, c in counts.items():
        label = head.split(" ", 1)[0]
        if label not in sources or not any("\t" in k for k in c):
            continue
        module = modules_by_line(sources[label])
        lines += [f"#### {head}: by caller (per element; the caller's caller in brackets)", ""]
        for row, keys in COUNT_ROWS:
            by: dict[str, int] = {}
            parents: dict[str, dict[str, int]] = {}
            for k, n in c.items():
                parts = k.split("\t")
                if len(parts) != 4 or parts[0] not in keys:
                    continue
                fn, line, parent = parts[1], int(parts[2]), parts[3]
                mod = module[line - 1] if 0 < line <= len(module) else "?"
                who = f"{mod.removesuffix('.js')}:{fn}"
                by[who] = by.get(who, 0) + n
                parents.setdefault(who, {})
                parents[who][parent] = parents[who].get(parent, 0) + n
            total = sum(by.values())
            if not total:
                continue
            cells = []
            for who, n in sorted(by.items(), key=lambda kv: -kv[1])[:top]:
                up = sorted(parents[who].items(), key=lambda kv: -kv[1])[:2]
                cells.append(f"{who} {n / elements:.2f} ("
                             + ", ".join(f"{p} {m / elements:.2f}" for p, m in up) + ")")
            lines.append(f"- **{row}** {total / elements:.2f}: " + "; ".join(cells))
        lines.append("")
    return lines


def turn_tables(turns: list[dict[str, Any]]) -> list[str]:
    """Each turn's walls and busy ms, and the last turn's busy ms by kind."""
    lines: list[str] = []
    heads = list(turns[0])
    lines.append("| turn | " + " | ".join(heads) + " |")
    lines.append("|---|" + "--:|" * len(heads))
    for i, turn in enumerate(turns):
        cells = []
        for h in heads:
            t = turn[h]
            walk = f"walk {t['walk_ms']:.0f}, " if "walk_ms" in t else ""
            if t.get("rows_ms"):
                walk += f"rows pass {t['rows_ms']:.0f}, "
            cells.append(f"{walk}wall {t['wall_ms']:.0f}, busy {t['busy_ms']:.0f}")
        lines.append(f"| {i + 1} | " + " | ".join(cells) + " |")
    lines += ["", "Last turn, sampled busy ms by kind:", ""]
    last = turns[-1]
    kinds = sorted({k for t in last.values() for k in t["kinds"]})
    lines.append("| kind | " + " | ".join(heads) + " |")
    lines.append("|---|" + "--:|" * len(heads))
    for kind in kinds:
        lines.append(f"| {kind} | " + " | ".join(
            f"{last[h]['kinds'].get(kind, 0):.0f}" for h in heads) + " |")
    return lines


def report(name: str, got: dict[str, Any]) -> list[str]:
    elements = int(got["elements"])
    lines = [f"### {name} ({elements:,} elements)", ""]
    if got["turns"]:
        lines += turn_tables(got["turns"])
    lines += ["", "Calls and reads per element (one counted call of each):", ""]
    lines += count_table(elements, got["counts"])
    floor = "; ".join(f"{k} {v}" for k, v in got.get("floor", {}).items())
    if floor:
        lines += ["", f"The per-element calls alone, a loop over every element, ms: {floor}"]
    lines += [""] + [f"- {h}: style properties read: {style_props(c)}"
                     for h, c in got["counts"].items()]
    lines += ["", *caller_tables(elements, got["counts"], got.get("sources", {}))]
    for h, t in (got["turns"][-1] if got["turns"] else {}).items():
        lines.append(f"- {h}, top self: "
                     + ", ".join(f"{fn} {ms:.0f}" for fn, ms in t["top"][:12]))
    return [*lines, ""]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", nargs="+", required=True, help="bench page names")
    parser.add_argument("--turns", type=int, default=2)
    parser.add_argument("--base", help="a git revision whose walker takes turns with this one")
    parser.add_argument("--modes", nargs="+", default=["snapshot", "outline", "domtext"])
    parser.add_argument("--json", type=Path, help="also write every page's raw results here")
    parser.add_argument("--by-caller", action="store_true",
                        help="count each walker's reads by the function that made them too")
    args = parser.parse_args()
    python = Path(os.environ.get("AXSNAP_PEERS_VENV", PEERS_VENV)) / "bin" / "python"
    every = options()
    raw: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp)
        walker_args: list[str] = ["--by-caller"] if args.by_caller else []
        sources: dict[str, str] = {}
        for label, rev in [("new", None)] + ([("base", args.base)] if args.base else []):
            sources[label] = walker_source(rev)
            (scratch / f"{label}.js").write_text(sources[label], "utf-8")
            walker_args += ["--walker", f"{label}={scratch / f'{label}.js'}"]
        for mode in args.modes:
            (scratch / f"{mode}.json").write_text(json.dumps(every[mode]), "utf-8")
            walker_args += ["--options", f"{mode}={scratch / f'{mode}.json'}"]
        site = scratch / "site"
        site.mkdir()
        for name, folder in ROOTS.items():
            if folder.is_dir():
                (site / name).symlink_to(folder)
        with serve_directory(site) as base, plain_selenium() as driver:
            driver.set_script_timeout(1800)
            cdp = "http://" + debugger_address(driver)
            for page in REAL_PAGES:
                if page.name not in args.pages or not (site / page.root / page.path).is_file():
                    continue
                url = f"{base}{page.root}/{page.path}"
                driver.get(url)
                load = os.getloadavg()
                out = scratch / "out.json"
                subprocess.run([str(python), str(BENCH / "peers" / "walk_count_worker.py"),
                                "--cdp", cdp, "--url", driver.current_url, "--turns",
                                str(args.turns), "--out", str(out), *walker_args], check=True,
                               env={**os.environ, "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1"})
                got = json.loads(out.read_text("utf-8"))
                got["load"] = [load, os.getloadavg()]
                got["sources"] = sources
                raw[page.name] = got
                print("\n".join(report(page.name, got)) + f"load {load[0]:.1f} → "
                      f"{os.getloadavg()[0]:.1f}\n", flush=True)
    if args.json:
        for got in raw.values():
            got.pop("sources", None)
        args.json.write_text(json.dumps(raw, indent=1), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
