"""Roles and names computed in the page against Chromium's AX tree, on real pages (issue 33).

For each page: every element of the document (light tree, document order) gets a role and
an accessible name from ``dom-accessibility-api`` (the ARIA role and accname specs, bundled
for the page with esbuild from ``bench/agreement/``) and, joined by its backendNodeId
(``DOM.getDocument`` in the same order), Chromium's ``Accessibility.getFullAXTree`` node. The
nodes compared are the AX nodes a SnapshotV1 keeps for what they are: not ignored, on an
element, with a role other than generic/none (text runs and the document are not elements).
Reported: the share with the same role, the same name, both; and every difference by kind
(Chromium role → in-page role; name kinds: one side empty, whitespace only, other text).
Also the in-page pass's own time per page.

    (cd bench/agreement && npm install)
    nice .venv/bin/python bench/bench_ax_agreement.py            # the 40 corpus pages
    nice .venv/bin/python bench/bench_ax_agreement.py --docs     # + the Node.js API pages

Writes bench/results/ax_agreement.md.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from axsnap_host.client.file_server import serve_directory  # noqa: E402
from peers.launch import plain_selenium  # noqa: E402

AGREEMENT = BENCH / "agreement"
BUNDLE = AGREEMENT / "dap_rows.js"
CORPUS = BENCH / "corpus"
NODE_DOCS = Path("/usr/share/doc/nodejs/api")
NODE_PAGES = ["zlib.html", "events.html", "http.html", "crypto.html", "fs.html"]
# Chromium's names for roles ARIA spells otherwise (the same role)
SAME_ROLE = {"image": "img", "DescriptionList": "list", "DescriptionListTerm": "term",
             "DescriptionListDetail": "definition", "Abbr": None}
NOT_COMPARED = {"generic", "none", "presentation", "StaticText", "InlineTextBox", "LineBreak",
                "RootWebArea", "Ignored"}


def build_bundle() -> str:
    if not BUNDLE.exists():
        esbuild = AGREEMENT / "node_modules" / "@esbuild" / "linux-x64" / "bin" / "esbuild"
        if not esbuild.exists():
            raise SystemExit("run (cd bench/agreement && npm install) first")
        subprocess.run([str(esbuild), "entry.js", "--bundle", "--format=iife", "--minify",
                        f"--outfile={BUNDLE.name}"], cwd=AGREEMENT, check=True)
    return BUNDLE.read_text(encoding="utf-8")


def element_backend_ids(node: dict[str, Any], out: list[int]) -> list[int]:
    """Elements of the document's light tree in document order (querySelectorAll('*'))."""
    stack = [node]
    while stack:
        current = stack.pop()
        if current.get("nodeType") == 1:
            out.append(current["backendNodeId"])
        stack.extend(reversed(current.get("children") or ()))
    return out


def _value(prop: Any) -> str:
    return str((prop or {}).get("value") or "")


def name_kind(chrome: str, ours: str) -> str:
    if not chrome.strip():
        return "Chromium empty, in-page not"
    if not ours.strip():
        return "in-page empty, Chromium not"
    if " ".join(chrome.split()) == " ".join(ours.split()):
        return "whitespace only"
    if chrome.strip() in ours or ours.strip() in chrome:
        return "one holds the other"
    return "other text"


def compare_page(driver: Any, bundle: str, url: str) -> dict[str, Any]:
    driver.get(url)
    got = driver.execute_script(bundle + "; return globalThis.__axsnapDapRolesNames();")
    doc = driver.execute_cdp_cmd("DOM.getDocument", {"depth": -1})["root"]
    ids = element_backend_ids(doc, [])
    rows = got["rows"]
    if len(ids) != len(rows):
        return {"url": url, "error": f"{len(ids)} DOM elements, {len(rows)} in-page rows"}
    ours = dict(zip(ids, rows, strict=True))
    ax = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    compared = same_role = same_name = both = 0
    roles: Counter[str] = Counter()
    names: Counter[str] = Counter()
    examples: dict[str, str] = {}
    for node in ax:
        backend = node.get("backendDOMNodeId")
        role = _value(node.get("role"))
        if node.get("ignored") or backend not in ours or role in NOT_COMPARED:
            continue
        compared += 1
        in_page_role, in_page_name = ours[backend]
        chrome_name = _value(node.get("name"))
        role_ok = SAME_ROLE.get(role, role) == (in_page_role or "")
        name_ok = chrome_name == in_page_name
        same_role += role_ok
        same_name += name_ok
        both += role_ok and name_ok
        if not role_ok:
            roles[f"{role} → {in_page_role or '(none)'}"] += 1
        if not name_ok:
            kind = name_kind(chrome_name, in_page_name)
            names[kind] += 1
            examples.setdefault(kind, f"{role}: {chrome_name[:40]!r} / {in_page_name[:40]!r}")
    return {"url": url, "elements": len(ids), "in_page_ms": round(got["ms"]),
            "compared": compared, "same_role": same_role, "same_name": same_name,
            "both": both, "roles": roles, "names": names, "examples": examples}


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "–"


def render(rows: list[dict[str, Any]], command: str) -> str:
    ok = [r for r in rows if "error" not in r]
    total = sum(r["compared"] for r in ok)
    lines = ["# In-page roles and names against Chromium's AX tree (bench/bench_ax_agreement.py)",
             "", f"    {command}", "",
             f"Run {time.strftime('%Y-%m-%d %H:%MZ', time.gmtime())}; dom-accessibility-api "
             "0.7.1 in the page against `Accessibility.getFullAXTree` of the same document. "
             "Compared: AX nodes not ignored, on an element, role other than generic/none.", "",
             "| page | elements | compared | same role | same name | both | in-page ms |",
             "|---|--:|--:|--:|--:|--:|--:|"]
    for r in rows:
        if "error" in r:
            lines.append(f"| {r['url'].rsplit('/', 2)[-2]} | error: {r['error']} | | | | | |")
            continue
        lines.append(f"| {r['url'].split('/', 3)[-1]} | {r['elements']:,} | {r['compared']:,} | "
                     f"{pct(r['same_role'], r['compared'])} | {pct(r['same_name'], r['compared'])} "
                     f"| {pct(r['both'], r['compared'])} | {r['in_page_ms']:,} |")
    lines.append(f"| **all** | {sum(r['elements'] for r in ok):,} | {total:,} | "
                 f"{pct(sum(r['same_role'] for r in ok), total)} | "
                 f"{pct(sum(r['same_name'] for r in ok), total)} | "
                 f"{pct(sum(r['both'] for r in ok), total)} | "
                 f"{sum(r['in_page_ms'] for r in ok):,} |")
    roles: Counter[str] = Counter()
    names: Counter[str] = Counter()
    examples: dict[str, str] = {}
    for r in ok:
        roles.update(r["roles"])
        names.update(r["names"])
        for kind, text in r["examples"].items():
            examples.setdefault(kind, text)
    lines += ["", "## Role differences (Chromium → in-page), every kind", "",
              "| kind | nodes |", "|---|--:|"]
    lines += [f"| {kind} | {n:,} |" for kind, n in roles.most_common()]
    lines += ["", "## Name differences, every kind", "", "| kind | nodes | example |",
              "|---|--:|---|"]
    lines += [f"| {kind} | {n:,} | `{examples.get(kind, '')}` |"
              for kind, n in names.most_common()]
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--docs", action="store_true", help="also the Node.js API pages")
    args = parser.parse_args()
    bundle = build_bundle()
    pages = sorted(p.parent.name for p in CORPUS.glob("*/index.html"))
    rows: list[dict[str, Any]] = []
    with serve_directory(BENCH) as base, plain_selenium() as driver:
        for name in pages:
            rows.append(compare_page(driver, bundle, f"{base}corpus/{name}/index.html"))
            print(name, {k: v for k, v in rows[-1].items() if not isinstance(v, Counter)},
                  file=sys.stderr, flush=True)
        if args.docs and NODE_DOCS.is_dir():
            with serve_directory(NODE_DOCS) as docs:
                for page in NODE_PAGES:
                    rows.append(compare_page(driver, bundle, docs + page))
    command = "nice .venv/bin/python bench/bench_ax_agreement.py " + " ".join(sys.argv[1:])
    text = render(rows, command.strip())
    print(text)
    (BENCH / "results" / "ax_agreement.md").write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
