"""One read for every format (issue 33): SnapshotV1, the outline and DOM text of the whole page
from one capture (``also_formats``), each the same as a read of that format alone.

The extension numbers its captures (``timings.capture_steps.capture_count``): the read of
three formats comes right after the read before it, so it took one capture, not three.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from axsnap_host.client import Browser
from axsnap_host.models.errors import AxsnapError

# exact: every read captures (no cached answer, no base); no stabilization wait
COLD = {"stabilize": {"enabled": False}, "exact": True}
WHOLE = {"scope": "page", "viewport_only": False}
SECRET = "Zq7-attr-S3CRET-pw-91x"  # login.html's password value


def _count(reply: dict[str, Any]) -> int:
    return int(reply["timings"]["capture_steps"]["capture_count"])


def _nodes(snapshot: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(n["id"], n["role"], n.get("name"), n.get("value"), json.dumps(n.get("state")))
            for n in snapshot["ax_tree"]["nodes"]]


def test_three_formats_of_the_whole_page_from_one_capture(browser: Browser,
                                                          pages_url: str) -> None:
    browser.open(pages_url + "login.html")
    alone = {
        "snapshot": browser.snapshot_raw(format="snapshot", scope="page", **COLD),
        "outline": browser.snapshot_raw(format="outline", scope="page", **COLD),
        "domtext": browser.snapshot_raw(format="domtext", viewport_only=False, **COLD),
    }
    counts = [_count(reply) for reply in alone.values()]
    assert counts == list(range(counts[0], counts[0] + 3)), counts  # one capture a read

    reply = browser.snapshot_raw(format="snapshot", also_formats=["outline", "domtext"],
                                 **WHOLE, **COLD)
    assert _count(reply) == counts[-1] + 1  # the three formats took one capture
    result = reply["result"]
    assert result["stats"]["formats_from_one_capture"] == 3
    also = result["also"]
    assert sorted(also) == ["domtext", "outline"]
    assert (also["outline"]["format"], also["domtext"]["format"]) == ("outline", "domtext")
    # each the same as the read of that format alone (the page did not change)
    assert _nodes(result["snapshot"]) == _nodes(alone["snapshot"]["result"]["snapshot"])
    assert also["outline"]["combinedTree"] == alone["outline"]["result"]["combinedTree"]
    assert also["domtext"]["domtext"] == alone["domtext"]["result"]["domtext"]
    assert "Sign in" in also["domtext"]["domtext"]
    assert SECRET not in json.dumps(reply)  # every format redacted


def test_the_outline_may_lead_with_its_own_options(browser: Browser, pages_url: str) -> None:
    browser.open(pages_url + "login.html")
    alone = browser.snapshot_raw(format="outline", scope="page", filter="interactive", **COLD)
    reply = browser.snapshot_raw(format="outline", filter="interactive",
                                 also_formats=["elements"], **WHOLE, **COLD)
    assert reply["result"]["combinedTree"] == alone["result"]["combinedTree"]
    elements = reply["result"]["also"]["elements"]["elements"]
    assert any(e.get("name") == "Sign in" for e in elements), elements


@pytest.mark.parametrize("options, message", [
    ({"format": "domtext", "viewport_only": False, "also_formats": ["snapshot"]},
     "needs format 'snapshot' or 'outline' with scope 'page'"),
    ({"format": "snapshot", "scope": "page", "also_formats": ["domtext"]},
     "need viewport_only false"),
    ({"format": "outline", "scope": "page", "also_formats": ["outline"]}, "each format once"),
])
def test_formats_that_cannot_share_a_capture_are_refused(browser: Browser, pages_url: str,
                                                         options: dict[str, Any],
                                                         message: str) -> None:
    """Sent as they are (the Python side checks first): the host refuses them, structured,
    and serves the next read."""
    browser.open(pages_url + "login.html")
    reply = browser.request({"type": "snapshot", "targetId": browser.target_handle,
                             "options": {**options, **COLD}})
    assert reply["ok"] is False
    assert reply["error"]["code"] == "invalid_message"
    assert message in reply["error"]["message"]
    with pytest.raises(AxsnapError, match=message):
        browser.snapshot_raw(**options, **COLD)
    assert browser.snapshot_raw(format="domtext", **COLD)["result"]["domtext"]
