"""scope="page": the AX nodes reach the host in parts while the capture goes on.

A page big enough for several parts is read whole; the reply says how many parts the
stream had, the snapshot request itself is small, and nothing is lost on the way (the
first and last rows, the iframe's nodes). A navigation during a streamed capture ends in
one page's snapshot or a structured error, and the next read is served.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from typing import Any

from axsnap_host.client import Browser
from axsnap_host.client.progress import request_with_progress
from axsnap_host.models.api import ProgressEvent
from axsnap_host.models.snapshot import SnapshotV1, node_records

# every read captures (reuse: False): these tests look at what a capture does, and a
# re-read of an unchanged page would otherwise be a cached answer (lib/reuse/answer_cache.js)
# The stream is Chromium's tree's (ax_source "chromium"; the walk, the default, sends its rows
# with the walker's output: design note 65).
NO_WAIT = {"stabilize": {"enabled": False}, "reuse": False, "ax_source": "chromium"}
# (reuse: False, as NO_WAIT: these tests look at how a capture is streamed)
FAST = {"stabilize": {"quiet_ms": 100, "max_wait_ms": 3000}, "reuse": False,
        "ax_source": "chromium"}
ROWS = 1500


def test_whole_page_read_reaches_the_host_in_parts(browser: Browser, pages_url: str) -> None:
    browser.open(pages_url + f"big.html?n={ROWS}")
    reply = browser.snapshot_raw(scope="page", **FAST)
    result = reply["result"]
    snapshot = SnapshotV1.model_validate(result["snapshot"])
    stream = result["stats"]["ax_stream"]
    assert stream["parts"] >= 3, stream  # 4,000 nodes a part
    assert stream["nodes"] >= snapshot.quality.nodes_total
    # (that the request after the parts carries no AX node is capture.test.mjs's: its size
    # here is the DOMSnapshot's and the walker's, about the stream's own on this page)
    names = {node.name for node in snapshot.ax_tree.nodes}
    assert {"Action 0", f"Action {ROWS // 2}", f"Action {ROWS - 1}"} <= names
    assert result["stats"]["host_peak_rss_kb"] > 0


def test_progress_events_tell_the_parts_as_they_go(browser: Browser, pages_url: str) -> None:
    """Over the panel's port (the bridge's start/poll): the stages, and the AX parts sent."""
    browser.open(pages_url + f"big.html?n={ROWS}")
    events: list[dict[str, Any]] = []
    reply = browser.snapshot_raw(scope="page", on_progress=events.append, **FAST)
    for event in events:
        ProgressEvent.model_validate(event)
    sent = [e for e in events if e["state"] == "progress"]
    stream = reply["result"]["stats"]["ax_stream"]
    assert [e["parts"] for e in sent] == list(range(1, stream["parts"] + 1))
    assert sent[-1]["nodes"] == stream["nodes"]
    assert all(a["nodes"] < b["nodes"] for a, b in pairwise(sent))
    kinds = [(e["stage"], e["state"]) for e in events]
    began, ended = kinds.index(("capture", "start")), kinds.index(("capture", "end"))
    assert all(began < events.index(e) < ended for e in sent)  # during the capture
    stages = [k for k in kinds if k[1] != "progress"]
    assert stages[-2:] == [("process", "start"), ("process", "end")]


def test_streamed_frames_keep_their_ids_and_redaction(browser: Browser, pages_url: str) -> None:
    browser.open(pages_url + "frames.html")
    reply = browser.snapshot_raw(scope="page", **FAST)
    snapshot = SnapshotV1.model_validate(reply["result"]["snapshot"])
    assert reply["result"]["stats"]["ax_stream"]["parts"] >= 2  # one per frame at least
    assert any(node.id.startswith("1-") for node in snapshot.ax_tree.nodes)
    assert all(frame.captured for frame in snapshot.frames)
    browser.open(pages_url + "login.html")
    text = json.dumps(browser.snapshot_raw(scope="page", **FAST))
    assert "hunter2" not in text.lower()


def _navigate_at(browser: Browser, url: str, stage: str, state: str
                 ) -> tuple[list[dict[str, Any]], Callable[[dict[str, Any]], None]]:
    """A progress listener that loads ``url`` in the tab at the read's first (stage, state)
    event, and the list that holds that event once it came. The load waits as long as a read
    may: the tab's renderer is busy with a whole-page capture by design (on a loaded machine
    the first response of the new page came after the usual 30 s)."""
    moved: list[dict[str, Any]] = []

    def navigate_once(event: dict[str, Any]) -> None:
        if moved or (event.get("stage"), event.get("state")) != (stage, state):
            return
        moved.append(event)
        browser.driver.switch_to.window(browser.target_handle)
        browser.driver.set_page_load_timeout(browser.timeout_s)
        try:
            browser.driver.get(url)
        finally:
            browser.driver.set_page_load_timeout(browser.page_load_timeout_s)

    return moved, navigate_once


def _one_page_or_an_error(answer: dict[str, Any]) -> None:
    if answer["ok"]:  # the capture restarted on the new page, or finished the old one
        names = {n["name"] for n in node_records(answer["result"]["snapshot"])}
        rows = {n for n in names if isinstance(n, str) and n.startswith("Action ")}
        # one page, never a mix (the new one maybe read before its script built its rows)
        assert len(rows) in (0, 20, 4000), len(rows)
    else:
        assert answer["error"]["code"] in ("page_navigated", "capture_failed", "bad_chunk")
        assert answer["error"]["message"]


def test_navigation_during_a_streamed_read_is_one_page_or_an_error(
    browser: Browser, pages_url: str
) -> None:
    """The tab navigates while the capture runs: once as the capture starts, once after its
    first AX part reached the host (the read's own progress events say when, not a clock).
    A read that ends before its stage came (an error before any part) is held to the same
    rule, and the tab is read again, up to three times, until one navigates mid-read."""
    for stage, state in (("capture", "start"), ("capture", "progress")):
        answers: list[dict[str, Any]] = []
        for _attempt in range(3):
            browser.open(pages_url + "big.html?n=4000")
            moved, navigate_once = _navigate_at(browser, pages_url + "big.html?n=20", stage,
                                                state)
            answer = request_with_progress(
                browser, {"type": "snapshot", "targetId": browser.target_handle,
                          "options": {"format": "snapshot", "scope": "page", **NO_WAIT}},
                navigate_once)
            _one_page_or_an_error(answer)
            answers.append(answer if not answer["ok"] else {"ok": True})
            if moved:
                break
        assert moved, f"the read never reached {stage} {state}: {answers}"
    # the host serves the next whole-page read, streamed as usual
    browser.driver.switch_to.window(browser.target_handle)
    reply = browser.snapshot_raw(scope="page", **FAST)
    names = {n["name"] for n in node_records(reply["result"]["snapshot"])}
    assert "Action 19" in names and reply["result"]["stats"]["ax_stream"]["parts"] >= 1


def test_cli_shows_the_progress_of_a_whole_page_read(tmp_path: Path, pages_url: str) -> None:
    """`axsnap snapshot --whole-page --ax-source chromium --progress`: the stage and the AX
    nodes sent so far (Chromium's tree is streamed in parts)."""
    script = Path(sys.executable).with_name("axsnap")
    command = str(script) if script.exists() else shutil.which("axsnap") or "axsnap"
    done = subprocess.run(
        [command, "snapshot", pages_url + f"big.html?n={ROWS}", "--whole-page", "--ax-source",
         "chromium", "--progress", "--no-stabilize", "--out", str(tmp_path / "out")],
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "part(s) sent to the host" in done.stderr, done.stderr[-2000:]
    assert "snapshot: processing" in done.stderr and "capturing" in done.stderr
    snapshot = json.loads((tmp_path / "out" / "snapshot.json").read_text())
    assert snapshot["quality"]["scope"] == "page"


def test_progress_jobs_a_client_left_behind_are_dropped(browser: Browser) -> None:
    """bridge.html keeps at most 16 started requests: an abandoned one does not stay forever,
    and polling a token it no longer holds is a structured error, not a hang."""
    driver = browser.driver
    driver.switch_to.window(browser.bridge_handle)
    try:
        tokens = [json.loads(driver.execute_script(
            "return axsnapBridge.start(arguments[0])", {"type": "ping_host"}))["token"]
            for _ in range(17)]
        first = json.loads(driver.execute_script("return axsnapBridge.poll(arguments[0])",
                                                 tokens[0]))
        assert first["ok"] is False and first["error"]["code"] == "invalid_message", first
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            last = json.loads(driver.execute_script("return axsnapBridge.poll(arguments[0])",
                                                    tokens[-1]))
            assert last["ok"] is True, last
            if last["done"]:
                break
            time.sleep(0.1)
        assert last["done"] and "reply" in last, last
    finally:
        driver.switch_to.window(browser.target_handle)
