"""bench/peers/report.py: the Markdown tables and the SVG plot of compare results."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from peers.report import (
    render_markdown,
    render_ratios,
    render_readme_table,
    render_svg,
    render_table,
    render_targets,
)


def row(page: str, elements: int, tool: str, mode: str, ms: float | None, tokens: int | None,
        status: str = "ok", **extra: Any) -> dict[str, Any]:
    base = {"page": page, "elements": elements, "tool": tool, "mode": mode, "status": status,
            "reason": "", "median_ms": ms, "chars": None if tokens is None else tokens * 3,
            "tokens": tokens, "recall": 0.995, "recall_window": 1.0, "window": "page",
            "precision": 0.9, "secret_leaked": False}
    base.update(extra)
    return base


ROWS = [
    row("generated 1k", 979, "axsnap", "DOM text", 50.0, 1000, window="viewport"),
    row("generated 1k", 979, "axsnap", "SnapshotV1 (thin)", 100.0, 4000),
    row("generated 1k", 979, "axsnap", "hybrid outline", None, None, status="not built yet",
        reason="host has no format 'outline' yet"),
    row("generated 1k", 979, "Playwright", "aria snapshot", 200.0, 8000, secret_leaked=True),
    row("generated 1k", 979, "browser-use", "DOM state (llm_representation)", 1500.0, 1000,
        window="viewport+1000px"),
    row("generated 20k", 19800, "axsnap", "DOM text", 80.0, 1100),
    row("generated 20k", 19800, "Playwright", "aria snapshot", 1200.0, 97000),
    row("realistic docs", 89, "Playwright", "aria snapshot", 9.0, 700),
]


def test_table_cells() -> None:
    lines = render_table(ROWS).splitlines()
    assert lines[0].startswith("| page | elements | tool | mode | median latency |")
    dom = lines[2]
    assert "| 50 ms | 3,000 | 1,000 | 99.5% | 100.0% (viewport) | 90.0% | no |" in dom
    assert "*not built yet*: host has no format 'outline' yet" in lines[4]
    assert "**LEAKED**" in lines[5]
    assert "| 1.50 s |" in lines[6]
    assert dom.endswith("| no | – |")  # lines changed: compact rows only
    compact = row("generated 1k", 979, "axsnap", "compact outline", 90.0, 900, text_changed=0)
    assert render_table([compact]).splitlines()[2].endswith("| no | 0 |")
    assert all(line.count("|") == lines[0].count("|") for line in lines)


def test_ratios_are_peer_over_axsnap() -> None:
    table = render_ratios(ROWS)
    dom_1k = next(line for line in table.splitlines()
                  if line.startswith("| generated 1k | DOM text |"))
    # Playwright 200 ms / 50 ms, 8000 / 1000 tokens; browser-use 1500 / 50, 1000 / 1000
    assert "4.0×, 8.0×" in dom_1k and "30.0×, 1.0×" in dom_1k
    dom_20k = next(line for line in table.splitlines()
                   if line.startswith("| generated 20k | DOM text |"))
    assert "15.0×, 88.2×" in dom_20k and "| – |" in dom_20k


def test_ratios_without_axsnap_say_so() -> None:
    assert render_ratios([r for r in ROWS if r["tool"] != "axsnap"]).startswith("_No ratios")


def test_markdown_marks_partial_runs() -> None:
    text = render_markdown(ROWS, {"generated_at": "T", "runs": 3, "warmup": 1,
                                  "complete": False})
    assert "median of 3 runs after 1 warm-up" in text and "Partial" in text


def test_svg_is_xml_with_one_line_per_series_and_panel() -> None:
    svg = render_svg(ROWS)
    root = ET.fromstring(svg)
    polylines = root.findall("{http://www.w3.org/2000/svg}polyline")
    # generated pages only: axsnap DOM text, SnapshotV1, Playwright, browser-use, twice
    assert len(polylines) == 8
    assert "realistic" not in svg
    assert "no data yet" in render_svg([])


def test_targets_pass_and_fail_per_page() -> None:
    rows = [
        row("generated 5k", 4949, "axsnap", "DOM text", 100.0, 900, recall_window=0.995),
        row("generated 5k", 4949, "axsnap", "SnapshotV1 (thin)", 350.0, 9000,
            secret_leaked=True),
        row("generated 5k", 4949, "Playwright", "aria snapshot", 400.0, 40000),
        row("generated 5k", 4949, "browser-use", "DOM state (llm_representation)", 3000.0, 1000),
        row("generated 1k", 979, "axsnap", "DOM text", 50.0, 1000),  # below 2k: no targets
    ]
    lines = render_targets(rows).splitlines()
    assert len(lines) == 4
    dom = next(line for line in lines if "| DOM text |" in line)
    assert dom.count("pass (") == 4 and dom.endswith("| pass |")
    snap = next(line for line in lines if "SnapshotV1" in line)
    # 350 ms > 400/2 and > 3000/10; no token or recall target for SnapshotV1; secret leaked
    assert snap.count("**FAIL**") == 3 and "| – | – |" in snap


def test_readme_table_is_a_page_by_tool_grid() -> None:
    lines = render_readme_table(ROWS).splitlines()
    assert lines[0] == ("| page (elements) | axsnap DOM text | axsnap SnapshotV1 (thin) "
                        "| Playwright aria | browser-use DOM state |")
    assert lines[2] == ("| generated 1k (979) | 50 ms · 1.0k tok · 100.0% "
                        "| 100 ms · 4.0k tok · 100.0% | 200 ms · 8.0k tok · 100.0% · **secret** "
                        "| 1.50 s · 1.0k tok · 100.0% |")
    assert lines[4].startswith("| realistic docs (89) | – | – | 9 ms · 700 tok")
