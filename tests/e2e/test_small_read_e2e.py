"""The fixed costs of a small read, cut: each cut keeps the read's output.

- The AX window read of a small document: one getFullAXTree per frame, cut to the window.
  The cut must keep what the per-element read keeps: the same page, made bigger than the
  whole-read limit by hidden elements no read shows, gives the same SnapshotV1 nodes and the
  same outline through the per-element read.
- The debugger session kept between reads (lib/session/debugger.js).
- backendNodeIds kept per walker world (lib/reuse/walker_id_cache.js).
"""

from __future__ import annotations

import json
import re

import pytest
from page_waits import wait_for_the_preparation, wait_in_page

from axsnap_host.client import Browser
from axsnap_host.models.snapshot import node_records

# every read captures (reuse: False): these tests look at what a capture does, and a
# re-read of an unchanged page would otherwise be a cached answer (lib/reuse/answer_cache.js)
NO_WAIT = {"stabilize": {"enabled": False}, "reuse": False}
# a document's own first read is what these tests look at: no preparation races it (conftest)
pytestmark = pytest.mark.usefixtures("unprepared")
PAD = 600  # hidden elements: past the whole-read limit (ax_window_full.js)
_ID = re.compile(r"\b\d+-\d+\b")


def _read(browser: Browser, url: str, fmt: str) -> tuple[dict, dict]:
    browser.open(url)
    reply = browser.snapshot_raw(format=fmt, **NO_WAIT)
    return reply["result"], reply["timings"]["capture_steps"]


def _shape(snapshot: dict) -> list[tuple]:
    """Nodes without their backend ids (another document numbers its nodes anew)."""
    nodes = node_records(snapshot)
    order = {n["id"]: i for i, n in enumerate(nodes)}
    return [(n["role"], n["name"], n.get("bbox"), json.dumps(n["state"], sort_keys=True),
             [order.get(c) for c in n["children"]])
            for n in nodes]


def test_small_document_is_read_whole_and_cut_like_the_per_element_read(
        browser: Browser, pages_url: str) -> None:
    small, small_steps = _read(browser, pages_url + "padded.html", "snapshot")
    big, big_steps = _read(browser, pages_url + f"padded.html?pad={PAD}", "snapshot")
    assert small_steps["ax_whole_frames"] == 1 and small_steps["ax_requests"] == 1
    assert small_steps["ax_early_frames"] == 1  # asked as soon as the walk said "small"
    assert "ax_whole_frames" not in big_steps and big_steps["ax_requests"] > 10
    assert _shape(small["snapshot"]) == _shape(big["snapshot"])
    assert small["snapshot"]["quality"]["nodes_kept"] == big["snapshot"]["quality"]["nodes_kept"]
    assert "pad-S3CRET-91" not in json.dumps(small)
    names = {n["name"] for n in node_records(small["snapshot"])}
    assert {"Send", "read the terms", "Gift wrap"} <= names

    small_outline, _ = _read(browser, pages_url + "padded.html", "outline")
    big_outline, _ = _read(browser, pages_url + f"padded.html?pad={PAD}", "outline")
    assert _ID.sub("#", small_outline["combinedTree"]) == _ID.sub("#", big_outline["combinedTree"])
    assert "Express" in small_outline["combinedTree"]


def test_reads_reuse_the_kept_debugger_session_across_navigation(
        browser: Browser, pages_url: str) -> None:
    """The attachment outlives a read (released to an idle timer, lib/session/debugger.js): the next
    read joins it without attaching, the document it reads is the current one after a
    navigation, and stabilization still reports what it saw."""
    browser.open(pages_url + "padded.html")
    first = browser.snapshot_raw(**NO_WAIT)
    second = browser.snapshot_raw(**NO_WAIT)
    assert second["timings"]["session_uses"] == first["timings"]["session_uses"] + 1
    browser.open(pages_url + "login.html")  # the session survives the navigation
    third = browser.snapshot_raw(stabilize={"quiet_ms": 100, "max_wait_ms": 3000})
    assert third["timings"]["session_uses"] == second["timings"]["session_uses"] + 1
    snapshot = third["result"]["snapshot"]
    assert snapshot["title"] == "Sign in"
    assert "Send" not in {n["name"] for n in node_records(snapshot)}
    assert snapshot["stabilization"]["stabilized"] is True
    assert "Zq7-attr-S3CRET-pw-91x" not in json.dumps(third)


def test_a_reread_takes_only_elements_it_has_not_resolved(browser: Browser, pages_url: str) -> None:
    """backendNodeIds are kept per walker world (walker_id_cache.js): a second read of the
    same document deep-serializes nothing it resolved before and gives the same ids; a new
    document (a reload) is a new world and is resolved in full."""
    browser.open(pages_url + "padded.html")
    first = browser.snapshot_raw(format="elements", **NO_WAIT)
    second = browser.snapshot_raw(format="elements", **NO_WAIT)
    steps1, steps2 = (r["timings"]["capture_steps"] for r in (first, second))
    assert steps1["walker_ids_cached"] == 0 and steps1["walker_ids_resolved"] > 10
    resolved = steps1["walker_ids_resolved"]
    assert steps2["walker_ids_cached"] == steps2["walker_ids_resolved"] == resolved

    def ids(reply: dict) -> list[tuple]:
        return [(e["index"], e["backendNodeId"]) for e in reply["result"]["elements"]]

    assert ids(second) == ids(first)
    assert second["result"]["domtext"] == first["result"]["domtext"]
    browser.open(pages_url + "padded.html")  # a new document: nothing known
    third = browser.snapshot_raw(format="elements", **NO_WAIT)
    assert third["timings"]["capture_steps"]["walker_ids_cached"] == 0
    snap = browser.snapshot_raw(**NO_WAIT)  # the AX window read uses the same ids
    assert snap["timings"]["capture_steps"]["walker_ids_cached"] > 10
    element_ids = {f"0-{b}" for _, b in ids(third)}
    controls = [n["id"] for n in node_records(snap["result"]["snapshot"])
                if n["role"] in ("button", "textbox", "checkbox", "combobox", "link")]
    assert len(controls) >= 5 and set(controls) <= element_ids


def test_a_document_keeps_the_walker_between_reads(browser: Browser, pages_url: str,
                                                   cross_site_url: str) -> None:
    """The walker's source is injected once per document (its frames included) and kept in
    the extension's isolated world; later reads run the cached walker, a new document gets
    the source again, and the reads give the same output."""
    url = pages_url + f"frames.html?cross={cross_site_url}"
    browser.open(url)
    first = browser.snapshot_raw(format="domtext", **NO_WAIT)
    second = browser.snapshot_raw(format="domtext", **NO_WAIT)
    assert first["timings"]["capture_steps"]["walker_sources"] >= 2  # the page and its frames
    assert second["timings"]["capture_steps"]["walker_sources"] == 0
    assert second["result"]["domtext"] == first["result"]["domtext"]
    browser.open(url)
    third = browser.snapshot_raw(format="domtext", **NO_WAIT)
    assert third["timings"]["capture_steps"]["walker_sources"] >= 2
    assert third["result"]["domtext"] == first["result"]["domtext"]


def test_a_settled_reread_skips_the_binding_and_reads_as_a_fresh_document(
        browser: Browser, pages_url: str, cross_site_url: str) -> None:
    """A re-read of a document this worker walked finds its walker worlds by the contexts an
    earlier read learned (walker_id_cache.js): no Runtime binding is installed. Every small
    frame's whole AX tree is asked before the listener read (the main frame's as the walk
    returns, the others' as the ids name their frames). The re-read gives the first read's
    snapshot, and a fresh document of the same page the same nodes."""
    url = pages_url + f"frames.html?cross={cross_site_url}"
    browser.open(url)
    first = browser.snapshot_raw(**NO_WAIT)
    second = browser.snapshot_raw(**NO_WAIT)
    s1, s2 = (r["timings"]["capture_steps"] for r in (first, second))
    assert s1.get("walker_ids_contexts_kept", 0) == 0  # a new document: the binding found them
    assert s2["walker_ids_contexts_kept"] == 2  # the page's world and the cross-site frame's
    assert "walker_in_worlds" not in s1
    assert s2["walker_in_worlds"] == 2  # walked over CDP in those worlds (walker_worlds.js)
    assert s2["walker_ids_cached"] == s2["walker_ids_resolved"] > 5
    for steps in (s1, s2):
        assert steps["ax_whole_frames"] == 3 and steps["ax_early_frames"] == 3
    nodes = node_records(second["result"]["snapshot"])
    assert nodes == node_records(first["result"]["snapshot"])
    assert len({n["id"].split("-")[0] for n in nodes}) == 3  # the main frame and both iframes
    browser.open(url)  # a new document: read fresh
    third = browser.snapshot_raw(**NO_WAIT)
    assert third["timings"]["capture_steps"].get("walker_ids_contexts_kept", 0) == 0
    assert _shape(third["result"]["snapshot"]) == _shape(second["result"]["snapshot"])
    # a frame added since the last read: not the same worlds, walked through chrome.scripting
    browser.driver.execute_script(
        "const f = document.createElement('iframe'); f.title = 'Added frame';"
        "f.srcdoc = '<button>Added inside</button>'; document.body.prepend(f);")
    wait_in_page(browser, "document.querySelector('iframe[title=\"Added frame\"]')"
                          ".contentDocument?.querySelector('button') != null")
    added = browser.snapshot_raw(**NO_WAIT)
    steps = added["timings"]["capture_steps"]
    assert "walker_in_worlds" not in steps
    assert "Added inside" in {n["name"] for n in _nodes(added)}
    again = browser.snapshot_raw(**NO_WAIT)
    assert again["timings"]["capture_steps"]["walker_in_worlds"] == 2
    assert _nodes(again) == _nodes(added)


def _nodes(reply: dict) -> list[dict]:
    return node_records(reply["result"]["snapshot"])


def test_a_settled_reread_keeps_the_ax_tree_until_the_page_changes(
        browser: Browser, pages_url: str) -> None:
    """A small document's main-frame AX tree is kept between reads (ax_window_cache.js): a
    re-read of a page that did not change asks no getFullAXTree (the walk's journal says so)
    and gives the first read's snapshot; a DOM change, a focus change or a whole-page read in
    between read the tree again, and each such read is the page as it is now; a fresh
    document of the same page reads the same nodes."""
    driver = browser.driver
    browser.open(pages_url + "padded.html")
    first = browser.snapshot_raw(**NO_WAIT)
    second = browser.snapshot_raw(**NO_WAIT)
    assert "ax_kept_frames" not in first["timings"]["capture_steps"]
    assert second["timings"]["capture_steps"]["ax_kept_frames"] == 1
    assert _nodes(second) == _nodes(first)

    driver.execute_script("document.querySelector('button').textContent = 'Ship it'")
    changed = browser.snapshot_raw(**NO_WAIT)
    assert "ax_kept_frames" not in changed["timings"]["capture_steps"]
    names = {n["name"] for n in _nodes(changed)}
    assert "Ship it" in names and "Send" not in names
    again = browser.snapshot_raw(**NO_WAIT)
    # the read after the change read the tree again and kept it: it stands while the page
    # does not change (ax_window_cache.js; the patch of issue 26 is gone)
    assert again["timings"]["capture_steps"]["ax_kept_frames"] == 1
    assert _nodes(again) == _nodes(changed)

    driver.execute_script("document.getElementById('name').focus()")
    focused = browser.snapshot_raw(**NO_WAIT)
    assert "ax_kept_frames" not in focused["timings"]["capture_steps"]
    name_box = next(n for n in _nodes(focused) if n["role"] == "textbox" and n["name"] == "Name")
    assert name_box["state"].get("focused") is True
    kept_focus = browser.snapshot_raw(**NO_WAIT)
    assert kept_focus["timings"]["capture_steps"]["ax_kept_frames"] == 1
    assert _nodes(kept_focus) == _nodes(focused)

    # Chromium's whole tree takes the same journal in turn (the walk reads none)
    browser.snapshot_raw(scope="page", ax_source="chromium", **NO_WAIT)
    after_page = browser.snapshot_raw(**NO_WAIT)
    assert "ax_kept_frames" not in after_page["timings"]["capture_steps"]
    assert _nodes(after_page) == _nodes(focused)

    browser.open(pages_url + "padded.html")  # a new document: nothing kept
    fresh = browser.snapshot_raw(**NO_WAIT)
    assert "ax_kept_frames" not in fresh["timings"]["capture_steps"]
    driver.execute_script("document.querySelector('button').textContent = 'Ship it'")
    fresh_changed = browser.snapshot_raw(**NO_WAIT)
    assert _shape(fresh_changed["result"]["snapshot"]) == _shape(again["result"]["snapshot"])
    assert "pad-S3CRET-91" not in json.dumps(again)


def test_a_document_loaded_in_a_tab_being_read_is_prepared_while_it_settles(
        browser: Browser, pages_url: str) -> None:
    """A tab whose debugger session is kept (a read in the last 10 s) that loads a small
    document gets it prepared once it settles (lib/reuse/prepare.js): the first read then sends
    no walker source, installs no binding, takes no element and asks no main-frame AX tree,
    and reads what an unprepared first read of the same page reads. A page changed after
    its preparation is read as it is now; a big document is not prepared."""
    url = pages_url + "padded.html"
    browser.open(url)  # (preparation off: the module's fixture)
    unprepared = browser.snapshot_raw(**NO_WAIT)
    s0 = unprepared["timings"]["capture_steps"]
    assert unprepared["timings"].get("prepared") != "prepared", unprepared["timings"]
    assert s0["walker_sources"] >= 1 and s0["walker_ids_cached"] == 0

    assert browser.bridge_call("setPreparation", True)["prepareDocuments"] is True
    browser.open(url)  # a new document in a tab being read
    assert wait_for_the_preparation(browser) == "prepared"
    prepared = browser.snapshot_raw(**NO_WAIT)
    steps = prepared["timings"]["capture_steps"]
    assert prepared["timings"]["prepared"] == "prepared"
    assert steps["walker_sources"] == 0
    assert steps["walker_ids_contexts_kept"] == 1
    assert steps["walker_ids_cached"] == steps["walker_ids_resolved"] == s0["walker_ids_resolved"]
    assert steps["ax_kept_frames"] == 1
    assert _shape(prepared["result"]["snapshot"]) == _shape(unprepared["result"]["snapshot"])
    # its ids are this document's: a re-read gives them again
    assert _nodes(browser.snapshot_raw(**NO_WAIT)) == _nodes(prepared)
    assert "pad-S3CRET-91" not in json.dumps(prepared)

    browser.open(url)
    assert wait_for_the_preparation(browser) == "prepared"
    browser.driver.execute_script("document.querySelector('button').textContent = 'Ship it'")
    changed = browser.snapshot_raw(**NO_WAIT)
    assert changed["timings"]["capture_steps"]["walker_sources"] == 0  # prepared, then changed
    assert "ax_kept_frames" not in changed["timings"]["capture_steps"]
    names = {n["name"] for n in _nodes(changed)}
    assert "Ship it" in names and "Send" not in names

    browser.open(pages_url + f"padded.html?pad={PAD}")
    assert wait_for_the_preparation(browser) == "big"
    big = browser.snapshot_raw(**NO_WAIT)
    assert big["timings"]["capture_steps"]["walker_sources"] >= 1  # not prepared


def test_the_frame_tree_asked_beside_the_stabilization_is_taken_only_when_it_did_not_wait(
        browser: Browser, pages_url: str, cross_site_url: str) -> None:
    """The router asks the frame tree (and the out-of-process frames' auto-attach) while the
    stabilization asks the page's clock; the capture takes it only when the page was quiet
    at the first reading (lib/session/stabilize.js SETTLED_AT_ONCE), else it asks again after the
    wait, so what it reads is the settled page's."""
    browser.open(pages_url + f"frames.html?cross={cross_site_url}")
    # quiet for twice the window since the page and its frames loaded (the document's clock)
    wait_in_page(browser, "document.readyState === 'complete' && performance.now()"
                          " - performance.getEntriesByType('navigation')[0].loadEventEnd > 600")
    quiet = browser.snapshot_raw(stabilize={"quiet_ms": 300})
    assert quiet["timings"]["capture_steps"]["frames_ahead"] == 1
    nodes = _nodes(quiet)
    assert len({n["id"].split("-")[0] for n in nodes}) == 3  # the main frame and both iframes
    browser.driver.execute_script("document.querySelector('h1').textContent = 'Moved on'")
    waited = browser.snapshot_raw(stabilize={"quiet_ms": 300})
    assert waited["result"]["snapshot"]["stabilization"]["waited_ms"] >= 150
    assert "frames_ahead" not in waited["timings"]["capture_steps"]
    assert "Moved on" in {n["name"] for n in _nodes(waited)}
    assert len({n["id"].split("-")[0] for n in _nodes(waited)}) == 3
