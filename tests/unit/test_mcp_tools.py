"""The MCP tools over a scripted backend, through the SDK's own in-process client: what a
model is told (tool names, what ids are), what it reads back (header + text, delta text,
image content), and how a refusal reaches it (an error result with code and hint)."""

from __future__ import annotations

import base64
import io
from typing import Any

import anyio
from mcp import Client
from PIL import Image

from axsnap_host.mcp_server.server import build_server
from axsnap_host.models.errors import AxsnapError

OUTLINE = "RootWebArea: Demo\n  [0-11] button: Sign in"


def png() -> str:
    out = io.BytesIO()
    Image.new("RGB", (4, 4), "white").save(out, "PNG")
    return base64.b64encode(out.getvalue()).decode()


class ScriptedBackend:
    """Replies in the control API's shapes; records what the tools asked for."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, Any]] = []

    def tabs(self, client: str) -> dict[str, Any]:
        self.asked.append(("tabs", client))
        return {"ok": True, "scope": "chosen", "tabs": [
            {"id": 7, "windowId": 1, "active": True, "title": "Demo", "url": "http://x/"}]}

    def snapshot(self, tab_id: int | None, options: dict[str, Any], client: str) -> dict[str, Any]:
        self.asked.append(("snapshot", options))
        if tab_id == 99:
            raise AxsnapError("tab_not_granted", "Tab 99 is not shared with outside agents.",
                              "Ask the person to share it.")
        if options.get("format") == "som":
            return {"ok": True, "tabId": 7, "result": {
                "format": "som", "domtext": "[1] <button> \"Sign in\"", "size": {"tokens": 6},
                "vision": {"ok": True, "format": "png", "image": png(), "legend": []}}}
        if options.get("compression") == "delta":
            return {"ok": True, "tabId": 7, "result": {
                "format": "outline", "snapshot_id": "ax-2-bbb",
                "delta": {"applied": True, "base_snapshot_id": "ax-1-aaa",
                          "counts": {"added": 1, "removed": 0, "changed": 0},
                          "text": "+ [0-12] button: Help", "size": {"tokens": 9},
                          "full_size": {"tokens": 40}}}}
        return {"ok": True, "tabId": 7, "result": {
            "format": "outline", "snapshot_id": "ax-1-aaa", "combinedTree": OUTLINE,
            "size": {"tokens": 14}}}

    def navigate(self, tab_id: int | None, url: str, client: str) -> dict[str, Any]:
        return {"ok": True, "tabId": 7, "url": url, "title": "Next"}

    def act(self, tab_id: int | None, params: dict[str, Any], client: str) -> dict[str, Any]:
        self.asked.append(("act", params))
        return {"ok": True, "tabId": 7, "result": {
            "ok": False, "action": params["action"], "target": None,
            "error": {"code": "ambiguous_target", "message": "2 elements match", "hint": "",
                      "candidates": [{"id": "0-11", "role": "button", "label": "Save",
                                      "score": 0.5},
                                     {"id": "0-12", "role": "button", "label": "Save",
                                      "score": 0.5}]}}}

    def find(self, tab_id: int | None, params: dict[str, Any], client: str) -> dict[str, Any]:
        return {"ok": True, "tabId": 7, "result": {"query": params["query"],
                                                   "decision": "not_found", "matches": []}}

    def wait_ready(self, tab_id: int | None, params: dict[str, Any],
                   client: str) -> dict[str, Any]:
        return {"ok": True, "tabId": 7, "result": {"ready": True, "waited_ms": 512.0,
                                                   "reasons": [], "load": "complete"}}

    def request(self, op: str, body: dict[str, Any], client: str) -> dict[str, Any]:
        """The control API's request, as the backends take it (control/ops.py bodies)."""
        tab_id = body.get("tabId")
        rest = {k: v for k, v in body.items() if k != "tabId"}
        if op == "tabs":
            return self.tabs(client)
        if op == "snapshot":
            return self.snapshot(tab_id, body["options"], client)
        if op == "navigate":
            return self.navigate(tab_id, body["url"], client)
        handler = getattr(self, op, None)
        if handler is None:
            self.asked.append((op, rest))
            return {"ok": True, "tabId": 7, "url": "http://x/", "title": "X",
                    "result": {"matched": True, "waited_ms": 30.0, "polls": 1}}
        return handler(tab_id, rest, client)  # type: ignore[no-any-return]

    def close(self) -> None:
        pass


def run(backend: ScriptedBackend, calls: list[tuple[str, dict[str, Any]]]) -> Any:
    async def session() -> Any:
        async with Client(build_server(backend)) as client:
            tools = (await client.list_tools()).tools
            return tools, [await client.call_tool(name, args) for name, args in calls]

    return anyio.run(session)


def text(result: Any) -> str:
    return "\n".join(part.text for part in result.content if part.type == "text")


def test_tools_and_what_they_tell_a_model_about_ids() -> None:
    tools, _ = run(ScriptedBackend(), [])
    names = {tool.name for tool in tools}
    assert names == {"tabs", "tab", "snapshot", "screenshot", "navigate", "act", "find",
                     "wait_ready", "wait_for", "scroll_and_collect", "page_log"}, \
        "evaluate: only opted in"
    described = {tool.name: tool.description or "" for tool in tools}
    assert "not a DOM id" in described["snapshot"]
    assert "objects {id, role, name, value?, state?, children? (ids)" in described["snapshot"]
    target = next(t for t in tools if t.name == "act").input_schema["properties"]["target"]
    assert "not a DOM id or selector" in target["description"]


def test_tool_definitions_are_lean_and_annotated() -> None:
    """What every agent pays on every turn (bench/results/mcp_tool_tokens.md: Playwright
    MCP's 25 tools 172 cl100k tokens each): axsnap's well under that a tool, every tool
    titled and hinted, no generated titles or null branches in the schemas."""
    import json

    from axsnap_host.pipeline.tokens import count_tokens

    tools, _ = run(ScriptedBackend(), [])
    sizes = {t.name: count_tokens(json.dumps(t.model_dump(mode="json", by_alias=True,
                                                          exclude_none=True),
                                             separators=(",", ":"))) for t in tools}
    assert sum(sizes.values()) / len(sizes) <= 150, sizes
    assert sum(sizes.values()) <= 1700, "no more than the seven tools of before cost"
    for tool in tools:
        assert tool.title and tool.annotations is not None, tool.name
        assert tool.annotations.read_only_hint is not None, tool.name
        if not tool.annotations.read_only_hint:
            assert tool.annotations.destructive_hint is not None, tool.name
        text = json.dumps(tool.input_schema)
        assert '"title"' not in text and '"null"' not in text, (tool.name, text)


def test_snapshot_reads_compact_outline_then_only_the_delta() -> None:
    backend = ScriptedBackend()
    _, (full, delta) = run(backend, [("snapshot", {}), ("snapshot", {"delta": True,
                                                                     "max_tokens": 500})])
    assert text(full) == "tab 7 · outline · ax-1-aaa · 14 tokens\n" + OUTLINE
    assert text(delta).splitlines() == [
        "tab 7 · outline · ax-2-bbb · delta against ax-1-aaa: +1 -0 ~0 (the full output "
        "would be 40 tokens) · 9 tokens", "+ [0-12] button: Help"]
    assert backend.asked[0] == ("snapshot", {"format": "outline", "compact": True})
    assert backend.asked[1] == ("snapshot", {"format": "outline", "compact": True,
                                             "max_tokens": 500, "compression": "delta"})
    assert not full.structured_content, "text only: no second copy in the context"


def test_screenshot_is_image_content_with_its_dom_text() -> None:
    _, (shot,) = run(ScriptedBackend(), [("screenshot", {})])
    image = [part for part in shot.content if part.type == "image"]
    assert image[0].mime_type == "image/png"
    assert Image.open(io.BytesIO(base64.b64decode(image[0].data))).size == (4, 4)
    assert '[1] <button> "Sign in"' in text(shot)


def test_a_refusal_is_an_error_result_with_code_and_hint() -> None:
    _, (refused,) = run(ScriptedBackend(), [("snapshot", {"tab_id": 99})])
    assert refused.is_error
    assert text(refused).endswith("tab_not_granted: Tab 99 is not shared with outside "
                                  "agents. (Ask the person to share it.)")


def test_act_reports_a_refusal_with_candidates_by_id() -> None:
    backend = ScriptedBackend()
    _, (acted, found, ready) = run(backend, [
        ("act", {"action": "click", "target": "Save"}), ("find", {"query": "Nope"}),
        ("wait_ready", {})])
    assert not acted.is_error, "a refused action is a served result"
    assert text(acted).splitlines() == [
        "tab 7 · click (no target) · refused: ambiguous_target: 2 elements match",
        "candidates:", '  [0-11] button "Save" (score 0.50)',
        '  [0-12] button "Save" (score 0.50)']
    assert backend.asked[-1] == ("act", {"action": "click", "target": "Save"})
    assert text(found) == "tab 7 · not_found: nothing matches 'Nope'"
    assert text(ready).startswith("tab 7 · ready after 512 ms")


class DoneBackend(ScriptedBackend):
    """An action that happened: scrolled into view, a modal and a toast appeared."""

    def act(self, tab_id: int | None, params: dict[str, Any], client: str) -> dict[str, Any]:
        self.asked.append(("act", params))
        return {"ok": True, "tabId": 7, "result": {
            "ok": True, "action": "click", "offscreen": True, "through": "label",
            "target": {"id": "0-40", "role": "checkbox", "label": "PayPal"},
            "readiness": {"ready": True, "waited_ms": 120.0},
            "changes": {"navigated": False, "url": "http://x/", "title": "X",
                        "dom": {"added": [], "removed": [], "changed": [3], "moved": [4, 5]},
                        "modals_opened": ["Confirm payment"], "modals_closed": ["Cart"],
                        "messages": [{"kind": "status", "text": "Saved"}]}}}


def test_act_passes_force_and_its_deadline_and_says_what_a_person_saw() -> None:
    backend = DoneBackend()
    _, (acted, plain) = run(backend, [
        ("act", {"action": "click", "target": "PayPal", "force": True, "timeout_ms": 5000}),
        ("act", {"action": "click", "target": "PayPal"})])
    assert backend.asked[0] == ("act", {"action": "click", "target": "PayPal",
                                        "options": {"force": True, "timeout_ms": 5000}})
    assert backend.asked[1] == ("act", {"action": "click", "target": "PayPal"})
    lines = text(acted).splitlines()
    assert "the target was out of view: scrolled into view first" in lines
    assert "clicked through its label (the control itself is hidden or covered)" in lines
    assert "DOM text: +0 -0 ~1 moved 2" in lines
    assert {"dialog opened: Confirm payment", "dialog closed: Cart", "status: Saved"} <= set(lines)
    assert text(plain) == text(acted)


def test_act_passes_the_readiness_options_and_refuses_bad_ones() -> None:
    backend = DoneBackend()
    _, (acted, bad) = run(backend, [
        ("act", {"action": "click", "target": "PayPal",
                 "ready": {"quiet_ms": 200, "max_wait_ms": 3000, "settle": False}}),
        ("act", {"action": "click", "target": "PayPal", "ready": {"quiet_ms": -1}})])
    assert backend.asked[0] == ("act", {"action": "click", "target": "PayPal", "options": {
        "ready": {"quiet_ms": 200, "max_wait_ms": 3000, "settle": False}}})
    assert not acted.is_error
    assert bad.is_error and "invalid_message: ready" in text(bad)
    assert len(backend.asked) == 1, "a bad option never reaches the browser"


def test_act_names_the_tabs_it_opened() -> None:
    class OpenedBackend(DoneBackend):
        def act(self, tab_id: int | None, params: dict[str, Any], client: str) -> dict[str, Any]:
            reply = super().act(tab_id, params, client)
            reply["result"]["opened_tabs"] = [{"tabId": 12, "url": "http://x/report",
                                               "targetId": "T12"}]
            return reply

    _, (acted,) = run(OpenedBackend(), [("act", {"action": "click", "target": "Report"})])
    assert ("opened tab 12 · http://x/report (act or read there with tab_id=12, or tab switch)"
            in text(acted).splitlines())


def test_act_and_wait_ready_say_which_rule_ended_the_wait() -> None:
    """Issue 32: "say in the reply which rule ended the wait". The JSON had ended_by; the text
    a model reads said only "ready after N ms", so a wait cut at the deadline on a page
    still busy read as a settled one."""
    class Ended(DoneBackend):
        def __init__(self) -> None:
            super().__init__()
            self.ends: list[dict[str, Any]] = [
                {"ready": True, "waited_ms": 41.0, "ended_by": "settled",
                 "settled_by": "nothing_scheduled", "settled_frames": 1},
                {"ready": False, "waited_ms": 10_000.0, "ended_by": "deadline",
                 "reasons": ["dom_mutations", "max_wait"]}]

        def act(self, tab_id: int | None, params: dict[str, Any], client: str) -> dict[str, Any]:
            reply = super().act(tab_id, params, client)
            reply["result"]["readiness"] = self.ends.pop(0)
            return reply

        def wait_ready(self, tab_id: int | None, params: dict[str, Any],
                       client: str) -> dict[str, Any]:
            return {"ok": True, "tabId": 7, "result": {
                "ready": True, "waited_ms": 90.0, "reasons": [], "load": "complete",
                "ended_by": "quiet_window"}}

    backend = Ended()
    _, (settled, busy, ready) = run(backend, [
        ("act", {"action": "click", "target": "PayPal"}),
        ("act", {"action": "click", "target": "PayPal"}),
        ("wait_ready", {"quiet_ms": 200})])
    assert text(settled).splitlines()[0].endswith(
        "· done (ready after 41 ms (ended by: the page was settled; nothing scheduled; 1 frame))")
    assert text(busy).splitlines()[0].endswith(
        "· done (not ready after 10000 ms (ended by: the deadline: the page was still busy; "
        "dom_mutations, max_wait))")
    assert "ended by: quiet for the whole window" in text(ready)


def test_find_that_matches_nothing_says_the_nearest() -> None:
    class Near(ScriptedBackend):
        def find(self, tab_id: int | None, params: dict[str, Any],
                 client: str) -> dict[str, Any]:
            return {"ok": True, "tabId": 7, "result": {
                "query": params["query"], "decision": "not_found", "matches": [],
                "nearest": [{"id": "0-11", "role": "button", "label": "Sign in",
                             "score": 0.2}]}}

    _, (found,) = run(Near(), [("find", {"query": "Sign inn"})])
    assert text(found).splitlines() == [
        "tab 7 · not_found: nothing matches 'Sign inn'; the nearest:",
        '  [0-11] button "Sign in" (score 0.20)']
