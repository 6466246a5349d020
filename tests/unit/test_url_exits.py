"""Every exit a URL leaves axsnap by goes through the one URL scrubber (pipeline/url_scrub.py).

One test per exit, each fed the same secret-bearing URL; the list below is the inventory
(docs/SECURITY.md points here). The capture's own outputs (SnapshotV1, DOM text, elements,
outline URL maps, semantic view) are tests/unit/test_url_scrub.py's and
test_secret_decisions.py's; the ActionResult is test_act_report_url below.
"""

from __future__ import annotations

import io
import json
import logging
from pathlib import Path
from typing import Any

import anyio
import pytest

SECRET = "hunter2-typed"
URL = f"https://shop.test/login?user=ann&pw={SECRET}&senha={SECRET}#totp={SECRET}"

EXITS = [
    "control API replies (/control/tabs, /control/navigate, act, find, wait_ready)",
    "MCP tools tabs, navigate, act, find, wait_ready and their error texts",
    "the host's scrub_urls message (resolve's frameUrl, with the tab's secret field names)",
    "batch results.jsonl, per-page folder names, refused lines",
    "CLI progress and error lines",
    "host log lines",
    "Browser.open errors",
    "the ActionResult's url",
]


def test_the_inventory_has_a_test_for_each_exit() -> None:
    tests = [name for name in globals() if name.startswith("test_exit_")]
    assert len(tests) == len(EXITS), (tests, EXITS)


def _no_secret(text: str) -> None:
    assert SECRET not in text
    assert "user=ann" in text, "the rest of the URL stays usable"


class FakeHub:
    """The control API's link to the browser, answering like the extension does."""

    current = None

    async def request(self, op: str, params: dict[str, Any], client: Any,
                      timeout_s: float) -> dict[str, Any]:
        if op == "tabs":
            return {"ok": True, "scope": "chosen", "tabs": [
                {"id": 7, "windowId": 1, "active": True, "title": "Shop", "url": URL}]}
        if op == "navigate":
            return {"ok": True, "tabId": 7, "url": URL, "title": "Shop"}
        return {"ok": True, "tabId": 7, "result": {"ok": True, "url": URL, "message": URL}}


def test_exit_control_api_replies() -> None:
    from starlette.testclient import TestClient

    from axsnap_host.control.app import create_app

    port, token = 48123, "t" * 43
    client = TestClient(create_app(FakeHub(), token, port),  # type: ignore[arg-type]
                        base_url=f"http://127.0.0.1:{port}")
    auth = {"Authorization": f"Bearer {token}"}
    tabs = client.get("/control/tabs", headers=auth)
    assert tabs.status_code == 200, tabs.text
    _no_secret(tabs.text)
    navigated = client.post("/control/navigate", headers=auth,
                            json={"tabId": 7, "url": "https://shop.test/"})
    assert navigated.status_code == 200, navigated.text
    _no_secret(navigated.text)


class SecretBackend:
    def tabs(self, client: str) -> dict[str, Any]:
        return {"ok": True, "scope": "chosen", "tabs": [
            {"id": 7, "windowId": 1, "active": True, "title": "Shop", "url": URL}]}

    def navigate(self, tab_id: int | None, url: str, client: str) -> dict[str, Any]:
        return {"ok": True, "tabId": 7, "url": URL, "title": "Shop"}

    def wait_ready(self, tab_id: int | None, params: dict[str, Any],
                   client: str) -> dict[str, Any]:
        from axsnap_host.models.errors import AxsnapError

        raise AxsnapError("timeout", f"{URL} did not settle", "retry")

    def request(self, op: str, body: dict[str, Any], client: str) -> dict[str, Any]:
        """The backends' one entry (mcp_server/backends.py)."""
        if op == "tabs":
            return self.tabs(client)
        if op == "navigate":
            return self.navigate(body.get("tabId"), body["url"], client)
        return self.wait_ready(body.get("tabId"), body, client)

    def close(self) -> None:
        pass


def test_exit_mcp_tools() -> None:
    from mcp import Client

    from axsnap_host.mcp_server.server import build_server

    async def session() -> list[Any]:
        async with Client(build_server(SecretBackend())) as client:  # type: ignore[arg-type]
            return [await client.call_tool("tabs", {}),
                    await client.call_tool("navigate", {"url": "https://shop.test/"}),
                    await client.call_tool("wait_ready", {})]

    for result in anyio.run(session):
        text = "\n".join(part.text for part in result.content if part.type == "text")
        _no_secret(text)


def test_exit_host_scrub_urls_message_uses_the_tab_s_secret_names() -> None:
    from axsnap_host.native.host import Host

    host = Host()
    host.tabs.get(3).remember_secret_names(frozenset({"f3"}))
    url = f"https://shop.test/frame?user=ann&f3={SECRET}&pw={SECRET}"
    (reply,) = host.handle_text(json.dumps(
        {"v": 1, "id": "a", "type": "scrub_urls", "tabId": 3, "urls": [url]}))
    assert reply["ok"], reply
    _no_secret(json.dumps(reply))
    (refused,) = host.handle_text(json.dumps(
        {"v": 1, "id": "b", "type": "scrub_urls", "urls": [["not", "a", "string"]]}))
    assert refused["error"]["code"] == "invalid_message"


def test_exit_batch_results_and_folders(tmp_path: Path) -> None:
    from axsnap_host.batch import Batch, BatchSettings, PageResult

    urls = tmp_path / "urls.txt"
    urls.write_text(f"{URL}\nftp://files.test/?pw={SECRET}&user=ann\n")
    batch = Batch(urls, tmp_path / "out", BatchSettings(),
                  factory=lambda _i: None)  # type: ignore[arg-type, return-value]
    (job,) = batch.jobs
    assert SECRET not in job.slug
    _no_secret(job.shown_url)
    _no_secret(str(batch.refused[0]))
    page = PageResult(job.shown_url, job.slug, error_message=f"{URL}: net::ERR_FAILED").finish()
    batch.store.commit(job, page, None)
    _no_secret((tmp_path / "out" / "results.jsonl").read_text())


def test_exit_cli_lines(capsys: pytest.CaptureFixture[str],
                       monkeypatch: pytest.MonkeyPatch) -> None:
    from axsnap_host.cli import act as act_cli
    from axsnap_host.cli import main as cli
    from axsnap_host.models.errors import AxsnapError

    cli._progress(f"loading {URL}")
    act_cli._progress(f"loading {URL}")

    def failing(_args: Any) -> int:
        raise AxsnapError("navigation_failed", f"{URL} did not load", "check it")

    monkeypatch.setattr(cli, "cmd_snapshot", failing)
    assert cli.main(["snapshot", "https://shop.test/"]) != 0
    err = capsys.readouterr().err
    assert err.count("axsnap: loading") == 2 and "error [navigation_failed]" in err
    _no_secret(err)


def test_exit_host_log_lines() -> None:
    from axsnap_host.native.log import setup_logging

    logger = setup_logging("INFO")
    stream = io.StringIO()
    logger.handlers[0].setStream(stream)  # type: ignore[attr-defined]
    try:
        logging.getLogger("axsnap_host.test").info("failed on %s", URL)
    finally:
        setup_logging("WARNING")
    _no_secret(stream.getvalue())


def test_exit_browser_open_errors() -> None:
    from axsnap_host.client.urls import load_url
    from axsnap_host.models.errors import AxsnapError

    class Driver:  # a driver that never loads: chromedriver's timeout
        def get(self, url: str) -> None:
            from selenium.common.exceptions import TimeoutException

            raise TimeoutException("timeout")

    with pytest.raises(AxsnapError) as info:
        load_url(Driver(), URL, 5)
    _no_secret(info.value.message)
    with pytest.raises(AxsnapError) as bad:
        load_url(Driver(), f"https://shop.test:99999/?user=ann&pw={SECRET}", 5)
    _no_secret(bad.value.message)


def test_exit_act_report_url() -> None:
    from axsnap_host.act.report import act_report
    from axsnap_host.models.wire import ActReportRequest
    from axsnap_host.pipeline.state import TabState

    capture = {
        "tab": {"id": 1, "url": URL, "title": "Shop"},
        "frames": [{"frameId": "F0", "url": URL, "captured": True}],
        "walker": {"v": 1, "url": URL, "title": "Shop", "viewport": {"w": 800, "h": 600},
                   "scroll": {"x": 0, "y": 0, "w": 800, "h": 600},
                   "frames": [{"url": URL, "parent": -1, "owner": -1, "ox": 0, "oy": 0,
                               "frameId": "F0"}],
                   "elements": [{"p": -1, "f": 0, "s": "html", "r": [0, 0, 800, 600],
                                 "vis": 1, "win": 1, "inv": 1}]},
    }
    request = ActReportRequest.model_validate(
        {"v": 1, "id": "r", "type": "act_report", "tabId": 1, "action": "click",
         "capture": capture, "before": {"url": URL}})
    _no_secret(json.dumps(act_report(request, TabState(1))))
