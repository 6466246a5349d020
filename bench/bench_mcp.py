"""MCP round trip: axsnap's ``snapshot`` tool against Chrome DevTools MCP's ``take_snapshot``
and Playwright MCP's ``browser_snapshot``, on the same pages, through the MCP SDK's own
client (stdio), each server with its own headless Debian Chromium and the same offline
flags. Reported per page: the median round trip of the tool call (client → server → browser
→ client) after a warm-up read, and the context it returns (cl100k tokens of its text).

axsnap runs as a person would use it: ``axsnap serve``, Chromium with the extension, the
native host linked to serve, the tab shared in the consent, and ``axsnap mcp`` (attached
mode) talking to serve. The peers come from npm (bench/mcp/package.json, ``npm install`` in
bench/mcp; no browser download) and are pointed at /usr/bin/chromium.

    (cd bench/mcp && npm install)
    .venv/bin/python bench/bench_mcp.py                 # realistic pages + generated 1k, 5k
    .venv/bin/python bench/bench_mcp.py --sizes 1000 5000 20000 --runs 5
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import AsyncExitStack
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import anyio
from mcp import Client, StdioServerParameters

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from compare import build_pages  # noqa: E402
from control_env import control_env  # noqa: E402

from axsnap_host.client.chromium import CHROMIUM_FLAGS  # noqa: E402
from axsnap_host.client.file_server import serve_directory  # noqa: E402
from axsnap_host.client.paths import CHROMIUM  # noqa: E402
from axsnap_host.pipeline.tokens import count_tokens  # noqa: E402

NPM_BIN = BENCH / "mcp" / "node_modules" / ".bin"
RESULTS = BENCH / "results"


@dataclass
class Row:
    page: str
    tool: str
    median_ms: float | None = None
    runs_ms: list[float] | None = None
    tokens: int | None = None
    chars: int | None = None
    secret_leaked: bool | None = None
    note: str = ""


@dataclass
class Peer:
    """One MCP server and how to ask it for a page and a snapshot."""

    name: str
    server: StdioServerParameters
    navigate: Callable[[str], tuple[str, dict[str, Any]]]
    snapshot: tuple[str, dict[str, Any]]


def text_of(result: Any) -> str:
    if result.is_error:
        raise RuntimeError(" ".join(getattr(p, "text", "") for p in result.content)[:300])
    return "\n".join(part.text for part in result.content if part.type == "text")


async def measure_page(client: Client, peer: Peer, page: str, url: str,
                       secrets: list[str], runs: int) -> Row:
    row = Row(page, peer.name)
    try:
        name, args = peer.navigate(url)
        text_of(await client.call_tool(name, args))
        text_of(await client.call_tool(*peer.snapshot))  # warm-up read
        times, text = [], ""
        for _ in range(runs):
            started = time.perf_counter()
            text = text_of(await client.call_tool(*peer.snapshot))
            times.append((time.perf_counter() - started) * 1000)
        row.runs_ms = [round(t, 1) for t in times]
        row.median_ms = round(statistics.median(times), 1)
        row.tokens, row.chars = count_tokens(text), len(text)
        row.secret_leaked = any(secret in text for secret in secrets)
    except Exception as err:  # a peer that fails on a page: say so, go on
        row.note = f"{type(err).__name__}: {err}"[:200]
    print(f"  {peer.name:40} {page:22} {row.median_ms} ms · {row.tokens} tok {row.note}",
          file=sys.stderr, flush=True)
    return row


async def measure(all_peers: list[Peer], pages: list[tuple[str, str, list[str]]],
                  runs: int) -> list[Row]:
    """Every server stays up for the whole run; each page is measured on every tool in turn,
    so a change in the machine's load falls on all of them alike."""
    rows = []
    async with AsyncExitStack() as stack:
        clients = {}
        for peer in all_peers:
            key = id(peer.server)
            if key not in clients:
                clients[key] = await stack.enter_async_context(Client(peer.server))
        for page, url, secrets in pages:
            for peer in all_peers:
                rows.append(await measure_page(clients[id(peer.server)], peer, page, url,
                                               secrets, runs))
    return rows


def peers(work: Path) -> list[Peer]:
    config = work / "playwright-mcp.json"
    config.write_text(json.dumps({"browser": {"browserName": "chromium", "isolated": True,
                                              "launchOptions": {"headless": True,
                                                                "executablePath": CHROMIUM,
                                                                "args": list(CHROMIUM_FLAGS)}}}))
    devtools_args = ["--headless", "--isolated", "--executablePath", CHROMIUM,
                     "--usageStatistics=false", "--performanceCrux=false",
                     "--pageIdRouting=false", "--viewport", "1280x757",
                     *[f"--chromeArg={flag}" for flag in CHROMIUM_FLAGS]]
    return [
        Peer("Chrome DevTools MCP take_snapshot",
             StdioServerParameters(command=str(NPM_BIN / "chrome-devtools-mcp"),
                                   args=devtools_args, env={"CI": "1"}),
             lambda url: ("navigate_page", {"type": "url", "url": url}),
             ("take_snapshot", {})),
        Peer("Playwright MCP browser_snapshot",
             StdioServerParameters(command=str(NPM_BIN / "playwright-mcp"),
                                   args=["--config", str(config)]),
             lambda url: ("browser_navigate", {"url": url}),
             ("browser_snapshot", {})),
    ]


def axsnap_peers(env: Any) -> list[Peer]:
    server = StdioServerParameters(
        command=sys.executable, args=["-m", "axsnap_host.cli.main", "mcp"],
        env={k: env.env[k] for k in ("AXSNAP_RUNTIME_DIR", "AXSNAP_CONFIG_DIR")})
    tab = env.browser.tab_id

    def navigate(url: str) -> tuple[str, dict[str, Any]]:
        return "navigate", {"url": url, "tab_id": tab}

    return [
        Peer("axsnap mcp snapshot (compact)", server, navigate,
             ("snapshot", {"tab_id": tab})),
        Peer("axsnap mcp snapshot (full outline)", server, navigate,
             ("snapshot", {"tab_id": tab, "compact": False})),
        Peer("axsnap mcp snapshot delta (unchanged)", server, navigate,
             ("snapshot", {"tab_id": tab, "delta": True})),
    ]


def table(rows: list[Row], pages: list[str], tools: list[str]) -> str:
    lines = ["| page | " + " | ".join(tools) + " |",
             "|---|" + "--:|" * len(tools)]
    for page in pages:
        cells = []
        for tool in tools:
            row = next((r for r in rows if r.page == page and r.tool == tool), None)
            if row is None or row.median_ms is None:
                cells.append(f"failed: {row.note[:60]}" if row else "—")
                continue
            cell = f"{row.median_ms:.0f} ms · {row.tokens / 1000:.1f}k tok" if row.tokens >= 1000 \
                else f"{row.median_ms:.0f} ms · {row.tokens} tok"
            cells.append(cell + (" · **secret**" if row.secret_leaked else ""))
        lines.append(f"| {page} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="*", default=[1000, 5000])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    missing = [n for n in ("chrome-devtools-mcp", "playwright-mcp") if not (NPM_BIN / n).exists()]
    if missing:
        print(f"bench_mcp: run `npm install` in {BENCH / 'mcp'} first ({', '.join(missing)} "
              "missing)", file=sys.stderr)
        return 2
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="axsnap-bench-mcp-") as tmp:
        work = Path(tmp)
        specs = build_pages(work / "pages", args.sizes, True)
        with serve_directory(work / "pages") as base:
            pages = [(spec.name, base + spec.file, list(spec.secrets)) for spec in specs]
            with control_env(work / "control") as env:
                env.browser.open(base + specs[0].file)
                env.wait_linked()
                env.set_access({"enabled": True, "scope": "chosen",
                                "tabs": [env.browser.tab_id]})
                rows = anyio.run(measure, axsnap_peers(env) + peers(work), pages, args.runs)
    tools = list(dict.fromkeys(r.tool for r in rows))
    names = [spec.name for spec in specs]
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "mcp.json").write_text(json.dumps({"run": stamp, "runs": args.runs,
                                                  "rows": [asdict(r) for r in rows]}, indent=1))
    text = (f"Run {stamp}: median of {args.runs} tool calls after a warm-up read, MCP SDK "
            f"client over stdio, one headless Chromium per server, all up at once and each page "
            f"measured on every tool in turn.\n\n"
            + table(rows, names, tools) + "\n")
    (RESULTS / "mcp.md").write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
