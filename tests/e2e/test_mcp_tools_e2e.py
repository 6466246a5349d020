"""Every MCP tool end to end: the MCP SDK's own client, `axsnap mcp --launch` (its own
headless Chromium with the extension; each tool an outside request the extension answers as
the outside role, control.js), pages on 127.0.0.1. History, tabs, waiting for text and
elements, dialogs, uploads from the folder the person chose, an element's screenshot, the
semantic view, a whole-page read, scroll_and_collect, and evaluate behind its opt-in."""

from __future__ import annotations

import base64
import io
import re
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters
from PIL import Image

pytestmark = pytest.mark.e2e

SECRET = "hunter2-Secret-99"


def text_of(result: Any) -> str:
    assert not result.is_error, result.content
    return "\n".join(part.text for part in result.content if part.type == "text")


def error_of(result: Any) -> str:
    assert result.is_error, result.content
    return str(result.content[0].text)


def test_every_tool_through_the_sdk_client(pages_url: str, tmp_path: Path) -> None:
    uploads = tmp_path / "uploads"
    uploads.mkdir()
    (uploads / "cv.txt").write_text("my cv\n")
    server = StdioServerParameters(
        command=sys.executable,
        args=["-m", "axsnap_host.cli.main", "mcp", "--launch", "--upload-dir", str(uploads),
              "--allow-evaluate"],
        env={"AXSNAP_RUNTIME_DIR": str(tmp_path / "run"),
             "AXSNAP_CONFIG_DIR": str(tmp_path / "config")})
    page, second = pages_url + "mcp/tools.html", pages_url + "mcp/second.html"
    out: dict[str, Any] = {}

    async def session() -> None:
        async with Client(server) as client:
            async def call(name: str, args: dict[str, Any]) -> Any:
                return await client.call_tool(name, args)

            out["tools"] = {t.name: t for t in (await client.list_tools()).tools}
            out["loaded"] = text_of(await call("navigate", {"url": page}))
            out["semantic"] = text_of(await call("snapshot", {"format": "semantic"}))
            out["log"] = text_of(await call("page_log", {}))
            out["whole"] = text_of(await call("snapshot", {"page": True, "max_tokens": 4000}))
            domtext = text_of(await call("snapshot", {"format": "domtext"}))
            ask = re.search(r"\[(\d+)\] <button>[^\n]*Ask me", domtext)
            assert ask, domtext
            shot = await call("screenshot", {})
            part = await call("screenshot", {"target": int(ask.group(1))})
            out["shot"] = next(p for p in shot.content if p.type == "image")
            out["part"] = next(p for p in part.content if p.type == "image")
            out["missing_box"] = error_of(await call("screenshot", {"target": 9999}))
            # waiting for text and for an element to go
            text_of(await call("act", {"action": "click", "target": "Show later"}))
            out["appeared"] = text_of(await call("wait_for", {"text": "Loaded later"}))
            out["never"] = text_of(await call("wait_for", {"text": "Never on this page",
                                                           "timeout_ms": 300}))
            text_of(await call("act", {"action": "click", "target": "Remove status"}))
            out["gone"] = text_of(await call("wait_for", {"selector": "#status", "gone": True}))
            out["bad_selector"] = error_of(await call("wait_for", {"selector": "##"}))
            # a dialog the action opens, accepted
            out["dialog"] = text_of(await call("act", {"action": "click", "target": "Ask me",
                                                       "dialog": "accept"}))
            # uploads: from the person's folder only
            out["upload"] = text_of(await call("act", {"action": "upload",
                                                       "target": "Your file",
                                                       "value": ["cv.txt"]}))
            out["chose"] = text_of(await call("wait_for", {"text": "Chose cv.txt (6 bytes)"}))
            out["passwd"] = error_of(await call("act", {"action": "upload",
                                                        "target": "Your file",
                                                        "value": "/etc/passwd"}))
            out["ghost"] = error_of(await call("act", {"action": "upload",
                                                       "target": "Your file",
                                                       "value": "nope.txt"}))
            out["collected"] = text_of(await call("scroll_and_collect", {
                "until": "The very last row", "max_scrolls": 20}))
            out["evaluated"] = text_of(await call("evaluate", {"expression": "document.title"}))
            # history
            text_of(await call("navigate", {"url": second}))
            out["back"] = text_of(await call("navigate", {"url": "back"}))
            out["forward"] = text_of(await call("navigate", {"url": "forward"}))
            out["reload"] = text_of(await call("navigate", {"url": "reload"}))
            # tabs: open one (it is the agent's), switch back, close it
            first = re.search(r"tab (\d+)", out["reload"])
            assert first
            out["opened"] = text_of(await call("tab", {"action": "open", "url": page}))
            new = re.search(r"opened tab (\d+)", out["opened"])
            assert new
            out["two"] = text_of(await call("tabs", {}))
            out["switched"] = text_of(await call("tab", {"action": "switch",
                                                         "tab_id": int(first.group(1))}))
            out["closed"] = text_of(await call("tab", {"action": "close",
                                                       "tab_id": int(new.group(1))}))
            out["one"] = text_of(await call("tabs", {}))
            out["ids"] = (int(first.group(1)), int(new.group(1)))
            out["file_tab"] = error_of(await call("tab", {"action": "open",
                                                          "url": "file:///etc/passwd"}))

    anyio.run(session)
    tools = out["tools"]
    assert set(tools) == {"tabs", "tab", "snapshot", "screenshot", "navigate", "act", "find",
                          "wait_ready", "wait_for", "scroll_and_collect", "page_log",
                          "evaluate"}
    for name, tool in tools.items():
        notes = tool.annotations
        assert tool.title and notes is not None and notes.read_only_hint is not None, name
    assert tools["snapshot"].annotations.read_only_hint is True
    assert tools["act"].annotations.destructive_hint is True
    assert out["loaded"].endswith("MCP tools page")
    assert "MCP tools page" in out["semantic"] and SECRET not in out["semantic"]
    log = out["log"]
    assert "[log] tools page ready" in log and "[error] something broke" in log, log
    assert "[warning] the key is [redacted:token]" in log and "sk_live" not in log, log
    assert "[failed] " in log and "missing-picture.png?session_token=[redacted]" in log, log
    assert "abc123def456" not in log
    assert "The very last row" in out["whole"] and SECRET not in out["whole"]
    full = Image.open(io.BytesIO(base64.b64decode(out["shot"].data)))
    part = Image.open(io.BytesIO(base64.b64decode(out["part"].data)))
    assert part.width < full.width / 2 and part.height < full.height / 2, (part.size, full.size)
    assert out["missing_box"].startswith("Error executing tool screenshot: not_found:") or \
        "not_found:" in out["missing_box"]
    assert "'Loaded later' there" in out["appeared"]
    assert "'Never on this page' not there" in out["never"]
    assert "'#status' gone" in out["gone"]
    assert "invalid_message" in out["bad_selector"]
    assert "· done" in out["dialog"] and "dialog confirm accept" in out["dialog"], out["dialog"]
    assert "· done" in out["upload"], out["upload"]
    assert "there" in out["chose"]
    assert "not_allowed:" in out["passwd"] and "root:" not in out["passwd"]
    assert "invalid_message:" in out["ghost"]
    assert "The very last row" in out["collected"] and "until_matched" in out["collected"]
    assert out["evaluated"] == '"MCP tools page"'
    assert out["back"].endswith("MCP tools page") and "tools.html" in out["back"]
    assert out["forward"].endswith("Second page")
    assert out["reload"].endswith("Second page")
    first, new = out["ids"]
    assert f"tab {first}" in out["two"] and f"tab {new}" in out["two"]
    assert out["switched"].startswith(f"switched to tab {first}")
    assert out["closed"].startswith(f"closed tab {new}")
    assert f"tab {new}" not in out["one"] and f"tab {first}" in out["one"]
    assert "restricted_page:" in out["file_tab"]
