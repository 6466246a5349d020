"""A lean walk (design note 168): a whole-page SnapshotV1 or outline read alone from the walk
gets records without the fields neither format reads (models/walker_wire.py LEAN, the walker's
src/lean.js). Its reply is the reply the whole records give: the same format read with DOM text
beside it in one read (also_formats: the records whole, the same walk), field for field but the
read's own stamps; an act on an id of either read does the same.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from axsnap_host.client import Browser

COLD = {"exact": True, "stabilize": {"enabled": False}, "scope": "page"}
# a read's own stamps, and what a one read adds (its other formats, its count)
VOLATILE = {"timings", "snapshot_id", "ts", "trace_id", "size", "request_bytes",
            "host_peak_rss_kb", "records_lean", "formats_from_one_capture", "also",
            "steps_cpu_ms", "waited_ms"}


def _same(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _same(v) for k, v in value.items() if k not in VOLATILE}
    if isinstance(value, list):
        return [_same(v) for v in value]
    return value


def _reads(browser: Browser, fmt: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The lean read of ``fmt`` and the one read of it with DOM text (whole records)."""
    lean = browser.snapshot_raw(format=fmt, **COLD)
    whole = browser.snapshot_raw(format=fmt, viewport_only=False, also_formats=["domtext"],
                                 **COLD)
    assert lean["result"]["stats"].get("records_lean") == 1  # the walker left the fields out
    assert "records_lean" not in whole["result"]["stats"]
    assert lean["result"]["stats"]["request_bytes"] > 0
    return lean["result"], whole["result"]


@pytest.mark.parametrize("path", ["dom/walk_source.html", "login.html"])
@pytest.mark.parametrize("fmt", ["snapshot", "outline"])
def test_a_lean_read_answers_as_the_whole_records(browser: Browser, pages_url: str, path: str,
                                                  fmt: str) -> None:
    browser.open(pages_url + path)
    lean, whole = _reads(browser, fmt)
    assert json.dumps(_same(lean), sort_keys=True) == json.dumps(_same(whole), sort_keys=True)
    window = browser.snapshot_raw(format=fmt, exact=True, stabilize={"enabled": False})
    assert "records_lean" not in window["result"]["stats"]  # a window read: records whole
    if path == "login.html":  # the secrets' decisions are the same: redacted in both
        assert "Zq7-attr-S3CRET-pw-91x" not in json.dumps(lean)


# a page opened again numbers its nodes anew: an act's report is compared with its ids aside
_IDS = re.compile(r'"\d+-(?:axw?)?-?\d+"|("backendNodeId": )\d+')


def _report(result: Any) -> str:
    text = json.dumps(_same(result.model_dump(exclude_none=True)), sort_keys=True)
    return _IDS.sub(lambda m: (m.group(1) or "") + '"id"', text)


def _id_of(snapshot: dict[str, Any], role: str, name: str) -> str:
    return next(str(n["id"]) for n in snapshot["ax_tree"]["nodes"]
                if n["role"] == role and n.get("name") == name)


def test_an_act_after_a_lean_read_is_the_act_after_the_whole_one(browser: Browser,
                                                                 pages_url: str) -> None:
    done = []
    for lean_read in (True, False):
        browser.open(pages_url + "dom/walk_source.html")
        lean, whole = _reads(browser, "snapshot")
        snapshot = (lean if lean_read else whole)["snapshot"]
        fill = browser.act(_id_of(snapshot, "textbox", "Name"), "fill", "Ada")
        click = browser.act(_id_of(snapshot, "button", "Far button"), "click")
        log = browser.run_in_target("return document.getElementById('log').textContent")
        value = browser.run_in_target("return document.getElementById('name').value")
        done.append([_report(fill), _report(click), log, value])
    assert done[0] == done[1]
    assert done[0][2:] == ["far clicked", "Ada"]
