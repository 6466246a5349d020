"""Act pace (issue 32): one act plus the read of what changed, on the same pages, in one run:
axsnap (Python ``Browser.act``, whose reply is the change report, and the same act followed by
an outline delta read of the window (Chromium's AX tree) or of the whole page (the walk's); and
axsnap MCP's ``act`` tool), Playwright (Python, over CDP on the same
Chromium: ``get_by_role().click()/.fill()`` then ``page.aria_snapshot()``), Playwright MCP
(``browser_click``/``browser_type`` by ref, ``--snapshot-mode none``, then ``browser_snapshot``)
and Chrome DevTools MCP (``click``/``fill`` by uid then ``take_snapshot``); each MCP peer on
its own headless /usr/bin/chromium.

Pages: an email-like inbox (bench/pages/act_pace/inbox.html: 40 rows that re-render on every
change; the act ticks a row's "Select" checkbox) and the realistic billing form
(bench/pages/realistic/dashboard.html: fill "Name on card", click "Save payment method").
Each tool runs the same steps; targets by role and name (axsnap: the same words; DevTools:
the uid its latest snapshot gives the name). Reported: median act, read and act+read latency,
acts per second over the whole loop (act + read), and axsnap's own timings of the act
(resolve, action, readiness and how it ended, the capture after), and its read's parts.

    (cd bench/mcp && npm install)        # Chrome DevTools MCP and Playwright MCP
    .venv/bin/python bench/bench_act_pace.py --acts 12
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import AsyncExitStack
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import anyio
from mcp import Client

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from bench_e2e import playwright_python  # noqa: E402
from bench_mcp import NPM_BIN, RESULTS, axsnap_peers, control_env, peers, text_of  # noqa: E402

from axsnap_host.client.file_server import serve_directory  # noqa: E402
from peers.cdp import http_base  # noqa: E402
from peers.launch import debugger_address  # noqa: E402

INBOX_SUBJECTS = ["Quarterly report #1", "Invoice 2291 #2", "Re: the parser bug #3",
                  "Password policy update #4", "Build is green again #5"]


def inbox_steps(n: int) -> list[dict[str, Any]]:
    return [{"kind": "click", "role": "checkbox", "name": f"Select {INBOX_SUBJECTS[i % 5]}"}
            for i in range(n)]


def billing_steps(n: int) -> list[dict[str, Any]]:
    return [{"kind": "fill", "role": "textbox", "name": "Name on card", "value": f"Ada {i}"}
            if i % 2 == 0 else {"kind": "click", "role": "button", "name": "Save payment method"}
            for i in range(n)]


PAGES = {"inbox": ("act_pace/inbox.html", inbox_steps),
         "billing form": ("realistic/dashboard.html", billing_steps)}


@dataclass
class Row:
    page: str
    tool: str
    act_ms: list[float] = field(default_factory=list)
    read_ms: list[float] = field(default_factory=list)
    timings: list[dict[str, Any]] = field(default_factory=list)
    ended_by: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)  # each timed act's kind (click, fill)
    read_parts: list[dict[str, float]] = field(default_factory=list)  # axsnap's read's timings
    note: str = ""

    def both(self) -> list[float]:
        return [a + r for a, r in zip(self.act_ms, self.read_ms, strict=False)] or self.act_ms


def med(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


# ----------------------------------------------------------------------------- axsnap


def record_reply_timings(browser: Any) -> dict[str, Any]:
    """Wrap ``browser.request`` so the returned dict always holds the timings of the last
    reply the extension sent around its result (its total, the host's round trips); the act
    benches read the extension's own steps from it. ``browser.request`` stays wrapped."""
    outer: dict[str, Any] = {}
    request = browser.request

    def recorded(message: dict[str, Any]) -> dict[str, Any]:
        reply = request(message)
        outer.clear()
        outer.update(reply.get("timings") or {})
        return reply

    browser.request = recorded
    return outer


# the read after an act: the window outline (Chromium's AX tree cut to the window, the default),
# the whole page's outline (computed in the page by the walk: scope "page"), and the window's
# DOM text (the window's walk alone, no AX tree: the floor under a window outline from the walk,
# which no option reads, note 119)
READS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("axsnap Browser.act + outline delta read", {}),
    ("axsnap Browser.act + whole-page outline delta read (walk)", {"scope": "page"}),
    ("axsnap Browser.act + window DOM text delta read (the walk alone)", {"format": "domtext"}))


def axsnap_python(browser: Any, url: str, steps: list[dict[str, Any]], warmup: int,
                  page: str) -> list[Row]:
    """The act alone (its reply says what changed), then the act + an outline delta read of
    the window, then of the whole page."""
    rows = [Row(page, "axsnap Browser.act (reply = change report)")]
    rows += [Row(page, tool) for tool, _ in READS]
    request = browser.request
    outer = record_reply_timings(browser)
    try:
        return _axsnap_rows(browser, url, steps, warmup, rows, outer)
    finally:
        browser.request = request


def read_parts(outer: dict[str, Any]) -> dict[str, float]:
    """Where a read's time went, from its reply's timings (ms)."""
    steps = outer.get("capture_steps") or {}
    return {"stabilize_ms": outer.get("stabilize_ms", 0), "capture_ms": outer.get("capture_ms", 0),
            "walk_ms": steps.get("walker_inject_ms", 0), "ids_ms": steps.get("walker_ids_ms", 0),
            "ax_ms": steps.get("ax_ms", 0), "ax_asked_ms": steps.get("ax_whole_asked_ms", 0),
            "host_ms": outer.get("host_ms", 0),
            "transfer_ms": outer.get("transfer_ms", 0), "total_ms": outer.get("total_ms", 0)}


def _axsnap_rows(browser: Any, url: str, steps: list[dict[str, Any]], warmup: int,
                 rows: list[Row], outer: dict[str, Any]) -> list[Row]:
    reads: list[dict[str, Any] | None] = [None, *(extra for _, extra in READS)]
    for row, extra in zip(rows, reads, strict=True):
        browser.open(url)
        browser.snapshot(**{"format": "outline", **(extra or {})})
        for i, step in enumerate(steps):
            started = time.perf_counter()
            result = browser.act(step["name"], step["kind"], step.get("value"))
            acted = time.perf_counter()
            timings = {**result.timings, "client_ms": (acted - started) * 1000,
                       "reply_total_ms": outer.get("total_ms", 0),
                       "report_ms": outer.get("report_ms", 0)}
            if not result.ok:
                row.note = f"{step['kind']} {step['name']!r}: {result.error}"[:200]
                break
            if extra is not None:
                browser.snapshot(**{"format": "outline", **extra}, compression="delta",
                                 stabilize={"settle": True})
            done = time.perf_counter()
            if i >= warmup:
                row.act_ms.append((acted - started) * 1000)
                if extra is not None:
                    row.read_ms.append((done - acted) * 1000)
                    row.read_parts.append(read_parts(outer))
                # client: the act as the caller waited for it; reply_total: the extension's
                # whole handling (its act, then the host's report); report: that round trip
                row.timings.append(timings)
                row.kinds.append(step["kind"])
                if result.readiness is not None:
                    by = result.readiness.settled_by
                    row.ended_by.append(str(result.readiness.ended_by) + (f" ({by})" if by else ""))
    return rows


# ------------------------------------------------------------------------- Playwright


def playwright_rows(python: Path | None, browser: Any, url: str, steps: list[dict[str, Any]],
                    warmup: int, page: str, scratch: Path) -> Row:
    row = Row(page, "Playwright (Python) click/fill + aria_snapshot")
    if python is None:
        row.note = "no bench/.venv-peers with playwright"
        return row
    browser.open(url)
    steps_file, out = scratch / "steps.json", scratch / "pw.json"
    steps_file.write_text(json.dumps(steps), encoding="utf-8")
    out.unlink(missing_ok=True)
    subprocess.run([str(python), str(BENCH / "peers" / "act_pace_worker.py"),
                    "--cdp", http_base(debugger_address(browser.driver)), "--url", url,
                    "--steps", str(steps_file), "--warmup", str(warmup), "--out", str(out)],
                   timeout=600, check=False)
    if not out.exists():
        row.note = "the worker wrote no result"
        return row
    got = json.loads(out.read_text(encoding="utf-8"))
    row.act_ms, row.read_ms, row.note = got["act_ms"], got["read_ms"], got.get("error") or ""
    return row


# ------------------------------------------------------------------------------- MCP


def devtools_call(step: dict[str, Any], snapshot: str) -> tuple[str, dict[str, Any]]:
    found = re.search(rf'uid=(\S+) {step["role"]} "{re.escape(step["name"])}"', snapshot)
    if not found:
        raise LookupError(f"no uid for {step['role']} {step['name']!r}")
    if step["kind"] == "fill":
        return "fill", {"uid": found.group(1), "value": step["value"]}
    return "click", {"uid": found.group(1)}


def playwright_mcp_call(step: dict[str, Any], snapshot: str) -> tuple[str, dict[str, Any]]:
    """The ref its latest browser_snapshot gives the role and name; a fill types the whole
    value at once (browser_type's default, as Playwright's fill)."""
    found = re.search(rf'{step["role"]} "{re.escape(step["name"])}"[^\n]*\[ref=(\w+)\]',
                      snapshot)
    if not found:
        raise LookupError(f"no ref for {step['role']} {step['name']!r}")
    if step["kind"] == "fill":
        return "browser_type", {"element": step["name"], "target": found.group(1),
                                "text": step["value"]}
    return "browser_click", {"element": step["name"], "target": found.group(1)}


def playwright_mcp(peer: Any, work: Path) -> Any:
    """Playwright MCP acting without its reply's snapshot (``--snapshot-mode none``), so each
    act is read once, by browser_snapshot, as every other peer here; files in ``work``."""
    args = [*peer.server.args, "--snapshot-mode", "none", "--output-dir", str(work)]
    return replace(peer, server=peer.server.model_copy(update={"args": args, "cwd": work}))


async def peer_row(client: Any, tool: str, page: str, url: str, steps: list[dict[str, Any]],
                   warmup: int, navigate: tuple[str, dict[str, Any]],
                   read: tuple[str, dict[str, Any]], call: Any) -> Row:
    """One MCP peer on one page: navigate, read, then each act by the ref its latest read
    gives the target, and the read of the page after it."""
    row = Row(page, tool)
    try:
        text_of(await client.call_tool(*navigate))
        snapshot = text_of(await client.call_tool(*read))
        for i, step in enumerate(steps):
            started = time.perf_counter()
            text_of(await client.call_tool(*call(step, snapshot)))
            acted = time.perf_counter()
            snapshot = text_of(await client.call_tool(*read))
            if i >= warmup:
                row.act_ms.append((acted - started) * 1000)
                row.read_ms.append((time.perf_counter() - acted) * 1000)
    except Exception as err:  # a failing tool: said in the table
        row.note = f"{type(err).__name__}: {err}"[:200]
    return row


async def mcp_rows(devtools: Any, playwright: Any, axsnap: Any, tab: int,
                   pages: list[tuple[str, str, Any]], warmup: int) -> list[Row]:
    rows = []
    async with AsyncExitStack() as stack:
        dt = await stack.enter_async_context(Client(devtools.server))
        pw = await stack.enter_async_context(Client(playwright.server))
        ax = await stack.enter_async_context(Client(axsnap.server))
        for page, url, steps in pages:
            rows.append(await peer_row(pw, "Playwright MCP click/type + browser_snapshot", page,
                                       url, steps, warmup, playwright.navigate(url),
                                       playwright.snapshot, playwright_mcp_call))
            rows.append(await peer_row(dt, "Chrome DevTools MCP click/fill + take_snapshot",
                                       page, url, steps, warmup, devtools.navigate(url),
                                       devtools.snapshot, devtools_call))
            row = Row(page, "axsnap MCP act (reply = change report)")
            try:
                text_of(await ax.call_tool(*axsnap.navigate(url)))
                text_of(await ax.call_tool(*axsnap.snapshot))
                for i, step in enumerate(steps):
                    args = {"action": step["kind"], "target": step["name"], "tab_id": tab,
                            **({"value": step["value"]} if "value" in step else {})}
                    started = time.perf_counter()
                    text_of(await ax.call_tool("act", args))
                    if i >= warmup:
                        row.act_ms.append((time.perf_counter() - started) * 1000)
            except Exception as err:
                row.note = f"{type(err).__name__}: {err}"[:200]
            rows.append(row)
    return rows


# ----------------------------------------------------------------------------- report


def fmt(x: float | None, spec: str = ".0f") -> str:
    return "–" if x is None else format(x, spec)


def report(rows: list[Row], command: str, acts: int, warmup: int, left_out: str = "") -> str:
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    lines = [f"Run {stamp} (load {load}, {os.cpu_count()} CPUs): `{command}`", "",
             f"{acts} acts per page and tool, the first {warmup} not counted; medians in ms. "
             "act+read: one act and the read of what changed (axsnap's act reply is its change "
             "report; the peers read the page after acting). acts/s: counted acts over the "
             "time of their acts and reads." + left_out, ""]
    for page in PAGES:
        pw = next((r for r in rows if r.page == page and r.tool.startswith("Playwright")), None)
        base = med(pw.both()) if pw else None
        lines += [f"### {page}", "",
                  "| tool | act | read | act+read | × Playwright | acts/s |",
                  "|---|--:|--:|--:|--:|--:|"]
        for r in (r for r in rows if r.page == page):
            both = med(r.both())
            rate = len(r.both()) / (sum(r.both()) / 1000) if r.both() else None
            ratio = both / base if both and base else None
            lines.append(f"| {r.tool} | {fmt(med(r.act_ms))} | {fmt(med(r.read_ms))} | "
                         f"{fmt(both)} | {fmt(ratio, '.2f')} | {fmt(rate, '.1f')} |"
                         + (f" {r.note}" if r.note else ""))
        lines.append("")
    lines += ["### Where axsnap's act time goes (its own timings, medians, ms)", "",
              "| page | capture before + resolve | action | readiness | capture after + report "
              "| total in the extension | readiness ended by | resolved on the kept baseline "
              "| capture after taken early and stood |", "|---|--:|--:|--:|--:|--:|---|--:|--:|"]
    for r in rows:
        if not r.timings or r.read_parts:
            continue
        t = {k: med([x.get(k, 0) for x in r.timings]) for k in
             ("resolve_ms", "action_ms", "ready_ms", "after_ms", "total_ms")}
        # each kind's action (the billing form alternates fill and click): its hit test and input
        def part(kind: str, key: str, r: Row = r) -> float | None:
            return med([x.get(key, 0) for x, k in zip(r.timings, r.kinds, strict=False)
                        if k == kind])

        kinds = {kind: f"{fmt(part(kind, 'action_ms'))} (hit {fmt(part(kind, 'hit_ms'))}, "
                 f"input {fmt(part(kind, 'input_ms'))})" for kind in sorted(set(r.kinds))}
        rest = (t["total_ms"] or 0) - sum(t[k] or 0
                                          for k in ("resolve_ms", "action_ms", "ready_ms"))
        ended = {e: r.ended_by.count(e) for e in sorted(set(r.ended_by))}
        kept = sum(1 for x in r.timings if x.get("baseline_kept") == 1)
        early = sum(1 for x in r.timings if x.get("early_capture") == 1)
        # of them, told by the page at the verdict that ended readiness (note 142)
        verdict = sum(1 for x in r.timings if x.get("early_capture") == 1
                      and x.get("early_checked_at_settle") == 1)
        action = " / ".join(f"{k} {v}" for k, v in kinds.items())
        lines.append(f"| {r.page} | {fmt(t['resolve_ms'])} | {action} | "
                     f"{fmt(t['ready_ms'])} | {fmt(rest)} | {fmt(t['total_ms'])} | {ended} | "
                     f"{kept}/{len(r.timings)} | {early}/{len(r.timings)} ({verdict} by the "
                     "verdict) |")
    lines += ["", *step_table(rows), "", *read_table(rows)]
    return "\n".join(lines) + "\n"


# each step of an act, in the order they run; medians over the counted acts (ms)
STEPS = (("resolve", "resolve_ms"), ("hit test", "hit_ms"), ("input", "input_ms"),
         ("readiness", "ready_ms"), ("capture after", "after_ms"),
         ("of it: capture", "after_capture_ms"), ("report (host)", "report_ms"),
         ("client round trip", "client_rt_ms"), ("act as the client saw it", "client_ms"))


def step_table(rows: list[Row]) -> list[str]:
    """axsnap's act step by step (its reply's timings) next to Playwright's act and read."""
    lines = ["### axsnap's act step by step (medians, ms; the same run)", "",
             "capture after: from readiness's end to the capture in hand (the watch's stop, the "
             "early capture's end and its check); of it, capture: the capture's own time, taken "
             "while readiness ran when it stood. client round trip: the act as the client "
             "waited for it, less the extension's whole handling of it.", "",
             "| page | act | " + " | ".join(name for name, _ in STEPS)
             + " | Playwright act + read |",
             "|---|---|" + "--:|" * (len(STEPS) + 1)]
    for r in rows:
        if not r.timings or r.read_parts:
            continue
        pw = next((x for x in rows if x.page == r.page and x.tool.startswith("Playwright")), None)
        for kind in sorted(set(r.kinds)):
            got = [{**x, "client_rt_ms": x.get("client_ms", 0) - x.get("reply_total_ms", 0)}
                   for x, k in zip(r.timings, r.kinds, strict=False) if k == kind]
            cells = [fmt(med([x.get(key, 0) for x in got])) for _, key in STEPS]
            lines.append(f"| {r.page} | {kind} ×{len(got)} | " + " | ".join(cells)
                         + f" | {fmt(med(pw.both()) if pw else None)} |")
    return lines


# where the read after an act goes (its reply's timings), in the order the read runs
READ_PARTS = (("stabilize", "stabilize_ms"), ("capture", "capture_ms"), ("of it: walk", "walk_ms"),
              ("ids take", "ids_ms"), ("AX tree", "ax_ms"),
              ("AX tree asked → answered", "ax_asked_ms"), ("host", "host_ms"),
              ("to the host and back", "transfer_ms"), ("total in the extension", "total_ms"))


def read_table(rows: list[Row]) -> list[str]:
    """axsnap's read right after an act, part by part, next to Playwright's read."""
    lines = ["### axsnap's read after the act, part by part (medians, ms; the same run)", "",
             "walk: the walk's evaluate round trip; ids take: the walked records' backendNodeIds "
             "(queued behind the AX tree's command when a window read asks it early); AX tree: "
             "from the walk's end to the window's AX nodes in hand; AX tree asked → answered: "
             "the whole trees asked as the walk returned, from their ask to their reply (the "
             "renderer's time for them, which the ids take waits behind; note 263).", "",
             "| page | read | " + " | ".join(name for name, _ in READ_PARTS)
             + " | read as the client saw it | Playwright read |",
             "|---|---|" + "--:|" * (len(READ_PARTS) + 2)]
    for r in rows:
        if not r.read_parts:
            continue
        pw = next((x for x in rows if x.page == r.page and x.tool.startswith("Playwright")), None)
        cells = [fmt(med([x.get(key, 0) for x in r.read_parts])) for _, key in READ_PARTS]
        lines.append(f"| {r.page} | {r.tool.split(' + ', 1)[-1]} | " + " | ".join(cells)
                     + f" | {fmt(med(r.read_ms))} | {fmt(med(pw.read_ms) if pw else None)} |")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--acts", type=int, default=12)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--no-mcp", action="store_true", help="leave out the MCP servers")
    parser.add_argument("--out", default="act_pace.md",
                        help="the file under bench/results the run's tables are written to")
    args = parser.parse_args(argv)
    left_out = ""
    python, _ = playwright_python()
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="axsnap-act-pace-") as tmp, \
            serve_directory(BENCH / "pages") as base, control_env(Path(tmp) / "control") as env:
        browser = env.browser
        env.wait_linked()
        env.set_access({"enabled": True, "scope": "chosen", "tabs": [browser.tab_id]})
        pages = [(page, base + path, make(args.acts)) for page, (path, make) in PAGES.items()]
        for page, url, steps in pages:
            rows.extend(axsnap_python(browser, url, steps, args.warmup, page))
            rows.append(playwright_rows(python, browser, url, steps, args.warmup, page, Path(tmp)))
            print(f"  {page}: done", file=sys.stderr, flush=True)
        if not args.no_mcp and not (NPM_BIN / "chrome-devtools-mcp").exists():
            # (a fresh checkout has no bench/mcp/node_modules: the run would lack the MCP rows)
            print("bench/mcp has no node_modules: the MCP peers are left out of this run; "
                  "run `(cd bench/mcp && npm ci)` first", file=sys.stderr, flush=True)
            left_out = " MCP peers left out: bench/mcp has no node_modules."
        if not args.no_mcp and (NPM_BIN / "chrome-devtools-mcp").exists():
            devtools, playwright = peers(Path(tmp))
            (Path(tmp) / "playwright-mcp").mkdir()
            rows.extend(anyio.run(mcp_rows, devtools,
                                  playwright_mcp(playwright, Path(tmp) / "playwright-mcp"),
                                  axsnap_peers(env)[0], browser.tab_id, pages, args.warmup))
        # written before the servers stop: a stop past its wait on a loaded machine (control_env
        # waits 10 s) lost a whole run's numbers
        command = "bench/bench_act_pace.py " + " ".join(argv if argv is not None else sys.argv[1:])
        text = report(rows, command.strip(), args.acts, args.warmup, left_out)
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / args.out).write_text(text, encoding="utf-8")
        print(text, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
