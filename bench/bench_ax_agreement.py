"""Roles and names computed in the page against Chromium's AX tree, on real pages (issue 33).

For each page: every element of the document (light tree, document order) gets a role and
an accessible name from the walker's own modules (``extension/lib/walker/src/ax_role.js``,
``ax_name.js``: HTML-AAM as Chromium maps it, accname 1.2 through dom-accessibility-api,
bundled for the page with the repository's esbuild from ``bench/agreement/entry.js``) and,
joined by its backendNodeId (``DOM.getDocument`` in the same order), Chromium's
``Accessibility.getFullAXTree`` node. Compared: every element that either side keeps for
what it is (not ignored or hidden, a role other than generic/none/text); roles compare as
Chromium spells them, names when both sides keep the node. Reported: the share with the
same role, the same name, both; every difference by kind (Chromium role → in-page role,
with an example element; name kinds); the in-page pass's own time per page.

Held out: a third of the pages (every third corpus page in name order when there were 80,
and two of the five Node.js pages) was set aside before any tuning; the role and name rules
were tuned on the pages of ``TUNED`` only. Every other page (those, and pages added to the
corpus later) is held out and reported on its own.

    bash scripts/bootstrap.sh   # npm ci: esbuild and dom-accessibility-api
    nice .venv/bin/python bench/bench_ax_agreement.py            # the corpus pages
    nice .venv/bin/python bench/bench_ax_agreement.py --docs     # + the Node.js API pages

Writes bench/results/ax_agreement.md (``--dump F``: every difference as JSON lines in F).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

from axsnap_host.client.file_server import serve_directory  # noqa: E402
from peers.launch import plain_selenium  # noqa: E402

ENTRY = BENCH / "agreement" / "entry.js"
CORPUS = BENCH / "corpus"
NODE_DOCS = Path("/usr/share/doc/nodejs/api")
NODE_PAGES = ["zlib.html", "events.html", "http.html", "crypto.html", "fs.html"]
# the pages the role and name rules were tuned on (fixed before tuning; all others held out)
TUNED = {
    "aclu", "adminkit-01", "adminkit-03", "adminkit-04", "adminlte-02", "adminlte-03",
    "adminlte-05", "adminlte-06", "adminlte-08", "adminlte-09", "adminlte-11", "adminlte-12",
    "bbc", "bestbuy-1", "bing-1", "bing-2", "bing-4", "buzzfeed", "cnn", "daringfireball",
    "duckduckgo-1", "duckduckgo-2", "duckduckgo-4", "gitlab", "google-2", "google-3", "guardian",
    "heraldsun", "lemonde", "lwn", "material-02", "material-03", "medium", "medium-2",
    "mozilla-nightly", "newegg", "nytimes-2", "nytimes-3", "salon", "sbadmin-01", "sbadmin-03",
    "sbadmin-04", "sbadmin1-01", "sbadmin1-02", "sbadmin1-04", "sbadmin1-05", "sre-google",
    "telegraph", "v8", "walmart", "washingtonpost-2", "wikipedia", "wikipedia-3", "yandex",
    "zlib.html", "events.html", "fs.html"
}
# not kept for what they are: containers without a role of their own, text and the document
NOT_KEPT = {"", "generic", "none", "presentation", "StaticText", "InlineTextBox", "LineBreak",
            "RootWebArea", "Ignored"}


def build_bundle() -> str:
    esbuild = ROOT / "node_modules" / ".bin" / "esbuild"
    if not esbuild.exists():
        raise SystemExit("run `bash scripts/bootstrap.sh` (npm ci) first")
    with tempfile.TemporaryDirectory(prefix="axsnap-agreement-") as tmp:
        out = Path(tmp) / "bundle.js"
        subprocess.run([str(esbuild), str(ENTRY), "--bundle", "--format=iife",
                        f"--outfile={out}", "--log-level=warning"], cwd=ROOT, check=True)
        return out.read_text(encoding="utf-8")


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


def chrome_roles(ax: list[dict[str, Any]]) -> dict[int, tuple[str, str]]:
    """backendNodeId → (role, name) of Chromium's tree; role "(ignored)" for ignored nodes."""
    out: dict[int, tuple[str, str]] = {}
    for node in ax:
        backend = node.get("backendDOMNodeId")
        if backend is None:
            continue
        role = "(ignored)" if node.get("ignored") else _value(node.get("role"))
        out[backend] = (role, _value(node.get("name")))
    return out


def compare_page(driver: Any, bundle: str, url: str, dump: Any) -> dict[str, Any]:
    driver.get(url)
    got = driver.execute_script(bundle + "; return globalThis.__axsnapInPageRolesNames();")
    doc = driver.execute_cdp_cmd("DOM.getDocument", {"depth": -1})["root"]
    ids = element_backend_ids(doc, [])
    rows = got["rows"]
    if len(ids) != len(rows):
        return {"url": url, "error": f"{len(ids)} DOM elements, {len(rows)} in-page rows"}
    chrome = chrome_roles(driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"])
    compared = same_role = same_name = both = 0
    roles: Counter[str] = Counter()
    names: Counter[str] = Counter()
    examples: dict[str, str] = {}
    for backend, (in_page_role, in_page_name, what) in zip(ids, rows, strict=True):
        role, chrome_name = chrome.get(backend, ("(absent)", ""))
        chrome_kept = role not in NOT_KEPT and not role.startswith("(")
        ours_kept = in_page_role not in NOT_KEPT
        if not chrome_kept and not ours_kept:
            continue
        compared += 1
        role_ok = role == in_page_role
        name_ok = chrome_name == in_page_name
        same_role += role_ok
        same_name += name_ok
        both += role_ok and name_ok
        if not role_ok:
            kind = f"{role} → {in_page_role or '(hidden)'}"
            roles[kind] += 1
            examples.setdefault(kind, what)
        if not name_ok:
            kind = name_kind(chrome_name, in_page_name)
            names[kind] += 1
            examples.setdefault(kind, f"{role}: {chrome_name[:40]!r} / {in_page_name[:40]!r}")
        if dump and not (role_ok and name_ok):
            dump.write(json.dumps({"url": url, "what": what, "role": role, "ours": in_page_role,
                                   "name": chrome_name[:200], "our_name": in_page_name[:200]})
                       + "\n")
    return {"url": url, "elements": len(ids), "in_page_ms": round(got["ms"]),
            "compared": compared, "same_role": same_role, "same_name": same_name,
            "both": both, "roles": roles, "names": names, "examples": examples}


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "–"


def _total_row(label: str, rows: list[dict[str, Any]]) -> str:
    total = sum(r["compared"] for r in rows)
    return (f"| **{label}** | {sum(r['elements'] for r in rows):,} | {total:,} | "
            f"{pct(sum(r['same_role'] for r in rows), total)} | "
            f"{pct(sum(r['same_name'] for r in rows), total)} | "
            f"{pct(sum(r['both'] for r in rows), total)} | "
            f"{sum(r['in_page_ms'] for r in rows):,} |")


def _differences(title: str, rows: list[dict[str, Any]]) -> list[str]:
    roles: Counter[str] = Counter()
    names: Counter[str] = Counter()
    examples: dict[str, str] = {}
    for r in rows:
        roles.update(r["roles"])
        names.update(r["names"])
        for kind, text in r["examples"].items():
            examples.setdefault(kind, text)
    lines = ["", f"## Role differences on the {title} (Chromium → in-page), every kind", "",
             "| kind | nodes | example element |", "|---|--:|---|"]
    lines += [f"| {kind} | {n:,} | `{examples.get(kind, '')}` |"
              for kind, n in roles.most_common()]
    lines += ["", f"## Name differences on the {title}, every kind", "",
              "| kind | nodes | example (role: Chromium / in-page) |", "|---|--:|---|"]
    lines += [f"| {kind} | {n:,} | `{examples.get(kind, '').replace('|', '/')}` |"
              for kind, n in names.most_common()]
    return lines


def render(rows: list[dict[str, Any]], held_out: set[str], command: str) -> str:
    lines = ["# In-page roles and names against Chromium's AX tree (bench/bench_ax_agreement.py)",
             "", f"    {command}", "",
             f"Run {time.strftime('%Y-%m-%d %H:%MZ', time.gmtime())}; the walker's "
             "`ax_role.js` / `ax_name.js` in the page against `Accessibility.getFullAXTree` of "
             "the same document. Compared: every element either side keeps for what it is "
             "(not ignored or hidden, role other than generic/none/text). Held-out pages "
             "(never looked at while tuning) are reported apart.", "",
             "| page | elements | compared | same role | same name | both | in-page ms |",
             "|---|--:|--:|--:|--:|--:|--:|"]
    groups: dict[str, list[dict[str, Any]]] = {"tuning pages": [], "held-out pages": []}
    for r in rows:
        page = r["url"].split("/", 3)[-1]
        mark = " (held out)" if r["page"] in held_out else ""
        if "error" in r:
            lines.append(f"| {page}{mark} | error: {r['error']} | | | | | |")
            continue
        groups["held-out pages" if mark else "tuning pages"].append(r)
        lines.append(f"| {page}{mark} | {r['elements']:,} | {r['compared']:,} | "
                     f"{pct(r['same_role'], r['compared'])} | {pct(r['same_name'], r['compared'])} "
                     f"| {pct(r['both'], r['compared'])} | {r['in_page_ms']:,} |")
    for label, group in groups.items():
        lines.append(_total_row(label, group))
    lines.append(_total_row("all", groups["tuning pages"] + groups["held-out pages"]))
    for label, group in groups.items():
        lines += _differences(label, group)
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--docs", action="store_true", help="also the Node.js API pages")
    parser.add_argument("--dump", type=Path, help="write every difference as JSON lines here")
    parser.add_argument("--only", help="only pages whose name contains this")
    args = parser.parse_args()
    bundle = build_bundle()
    pages = sorted(p.parent.name for p in CORPUS.glob("*/index.html"))
    held_out = ({*pages, *NODE_PAGES}) - TUNED
    rows: list[dict[str, Any]] = []
    dump = args.dump.open("w", encoding="utf-8") if args.dump else None
    with serve_directory(BENCH) as base, plain_selenium() as driver:
        for name in pages:
            if args.only and args.only not in name:
                continue
            rows.append(compare_page(driver, bundle, f"{base}corpus/{name}/index.html", dump)
                        | {"page": name})
            print(name, {k: v for k, v in rows[-1].items() if not isinstance(v, dict)},
                  file=sys.stderr, flush=True)
        if args.docs and NODE_DOCS.is_dir():
            with serve_directory(NODE_DOCS) as docs:
                for page in NODE_PAGES:
                    if args.only and args.only not in page:
                        continue
                    rows.append(compare_page(driver, bundle, docs + page, dump) | {"page": page})
    if dump:
        dump.close()
    command = "nice .venv/bin/python bench/bench_ax_agreement.py " + " ".join(sys.argv[1:])
    text = render(rows, held_out, command.strip())
    print(text)
    if not args.only:
        (BENCH / "results" / "ax_agreement.md").write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
