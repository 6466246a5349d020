"""Ids of the nodes of a whole-page read from the walk that are no listable control (issue 33):
a heading, a paragraph, a text run, a document has Chromium's ``{frame}-{backendNodeId}``, the
id Chromium's tree and a window read give it (design note 68; before it, the walk's own
``{frame}-axw{w}``, design note 64, which stays the id of a node whose take failed), and an
action or a lookup naming it finds that very node (scroll to it, focus it, click it, resolve
its locators), in a frame too; a node gone from the page is ``stale_element``, never another
node, and so is a node of the page the tab left.
"""

from __future__ import annotations

from typing import Any

import pytest

from axsnap_host.client import Browser
from axsnap_host.models.errors import AxsnapError

WHOLE = {"format": "snapshot", "scope": "page", "ax_source": "walk", "exact": True,
         "stabilize": {"enabled": False}}


@pytest.fixture
def page(browser: Browser, pages_url: str) -> Browser:
    browser.open(f"{pages_url}dom/walk_node_ids.html")
    return browser


def nodes(browser: Browser) -> list[dict[str, Any]]:
    return list(browser.snapshot_raw(**WHOLE)["result"]["snapshot"]["ax_tree"]["nodes"])


def chromium_ids(browser: Browser) -> set[str]:
    reply = browser.snapshot_raw(**{**WHOLE, "ax_source": "chromium"})
    return {str(n["id"]) for n in reply["result"]["snapshot"]["ax_tree"]["nodes"]}


def id_of(found: list[dict[str, Any]], role: str, name: str) -> str:
    return next(str(n["id"]) for n in found if n["role"] == role and n.get("name") == name)


def in_target(browser: Browser, script: str) -> Any:
    return browser.run_in_target(script)


def test_a_heading_from_the_walk_scrolls_focuses_and_resolves(page: Browser) -> None:
    found = nodes(page)
    far = id_of(found, "heading", "Section far below")
    assert "-ax" not in far and far in chromium_ids(page)  # Chromium's id (design note 68)
    assert in_target(page, "return document.getElementById('far')"
                           ".getBoundingClientRect().top") > in_target(page, "return innerHeight")
    assert page.act(far, "scroll", "into_view").ok
    top = in_target(page, "return document.getElementById('far').getBoundingClientRect().top")
    assert 0 <= top < in_target(page, "return innerHeight")
    assert page.act(far, "focus").ok
    assert in_target(page, "return document.activeElement.id") == "far"
    located = page.resolve(far)
    assert located["tag"] == "h2" and located["consistent"] is True
    assert located["css"] == "#far"
    assert id_of(nodes(page), "heading", "Section far below") == far  # the same id again


def test_a_text_run_from_the_walk_takes_a_click(page: Browser) -> None:
    found = nodes(page)
    words = id_of(found, "StaticText", "Click this sentence to say where the click landed.")
    assert "-ax" not in words and words in chromium_ids(page)
    result = page.act(words, "click")
    assert result.ok, result.error
    assert in_target(page, "return document.getElementById('log').textContent") == "words"


def test_a_text_run_from_the_walk_resolves_to_its_locators(page: Browser) -> None:
    # its XPath ends in its own text() step; CSS, which names elements only, names its <p>
    words = id_of(nodes(page), "StaticText", "Click this sentence to say where the click landed.")
    located = page.resolve(words)
    assert located["tag"] == "#text" and located["xpath"].endswith("/p[2]/text()"), located
    assert located["xpathMatches"] is True and located["consistent"] is True, located
    assert located["css"] == "#words" and located["cssMatches"] is True


def test_a_heading_in_a_frame_acts_in_its_frame(page: Browser) -> None:
    inner = id_of(nodes(page), "heading", "Heading in the frame")
    assert inner.startswith("1-") and "-ax" not in inner and inner in chromium_ids(page)
    assert page.act(inner, "focus").ok
    assert in_target(page, "return document.querySelector('iframe').contentDocument"
                           ".activeElement.id") == "inner"


def test_a_node_gone_is_stale_and_a_document_is_no_target(page: Browser) -> None:
    found = nodes(page)
    gone = id_of(found, "heading", "A heading that goes")
    in_target(page, "document.getElementById('gone').remove()")
    result = page.act(gone, "click")
    assert not result.ok and result.error is not None
    assert result.error.code == "stale_element"
    with pytest.raises(AxsnapError) as err:
        page.resolve(gone)
    assert err.value.code == "stale_element"
    found = nodes(page)  # read again: the walk no longer names it either
    assert all(n["id"] != gone for n in found)
    assert not page.act(gone, "click").ok
    document = found[0]
    assert document["role"] == "RootWebArea" and "-ax" not in document["id"]  # its own id
    refused = page.act(document["id"], "click")
    assert refused.error is not None and refused.error.code == "not_actionable"
    assert page.act(id_of(found, "heading", "Walk node ids"), "click").ok  # and acts on
    assert in_target(page, "return document.getElementById('log').textContent") == "h1"


def test_an_id_of_the_page_the_tab_left_is_stale_on_the_next(page: Browser, pages_url: str) -> None:
    """The same page loaded again (the walk names the same nodes in the same order) gives its
    headings other ids (backendNodeIds are never given twice in a renderer; a walk id's world
    counts on above every id read before, design note 65), and the left page's ids are stale
    there, nothing clicked or focused."""
    found = nodes(page)
    heading, inner = id_of(found, "heading", "Walk node ids"), id_of(found, "heading",
                                                                    "Heading in the frame")
    page.open(f"{pages_url}dom/walk_node_ids.html?again")
    found = nodes(page)  # the new document walked: its worlds are the tab's last rows walk
    for left in (heading, inner):
        result = page.act(left, "click" if left == heading else "focus")
        assert not result.ok and result.error is not None, f"{left} acted on the new page"
        assert result.error.code == "stale_element", result.error
        with pytest.raises(AxsnapError) as err:
            page.resolve(left)
        assert err.value.code == "stale_element"
    assert in_target(page, "return document.getElementById('log').textContent") == "none"
    assert in_target(page, "return document.querySelector('iframe').contentDocument"
                           ".activeElement.localName") == "body"
    now = id_of(found, "heading", "Walk node ids")
    assert now != heading and "-ax" not in now
    assert id_of(found, "heading", "Heading in the frame") not in (inner, now)
    assert page.act(now, "click").ok  # the new page's own id acts
    assert in_target(page, "return document.getElementById('log').textContent") == "h1"


@pytest.mark.parametrize("page_name", ["frames.html", "elements/repeated_controls.html"])
def test_a_node_has_one_id_whatever_the_reads_scope_or_source(
        browser: Browser, pages_url: str, page_name: str) -> None:
    """One id a node a document (design note 68): a window read's ids are a subset of the
    whole page's read from the walk (frames' text and headings too), and the whole page
    from the walk names its nodes as from Chromium's tree."""
    browser.open(pages_url + page_name)
    fast = {"stabilize": {"quiet_ms": 100, "max_wait_ms": 3000}}

    def ids(**options: Any) -> list[str]:
        reply = browser.snapshot_raw(format="snapshot", **options, **fast)
        return [str(n["id"]) for n in reply["result"]["snapshot"]["ax_tree"]["nodes"]]

    window = ids()
    walk, chromium = ids(scope="page", ax_source="walk"), ids(scope="page", ax_source="chromium")
    assert set(window[1:]) <= set(walk), sorted(set(window[1:]) - set(walk))  # root row first
    assert not [i for i in walk if "-ax" in i], walk
    assert set(walk) == set(chromium), (sorted(set(walk) - set(chromium)),
                                        sorted(set(chromium) - set(walk)))
    if page_name == "frames.html":
        assert any(i.startswith("1-") for i in window)  # the frame's nodes


def test_the_rows_ids_are_taken_as_the_walk_reports(page: Browser) -> None:
    """The take of the rows' nodes' ids begins as the walk reports, beside the records' take
    (design note 74): a part of the records' and a part of the rows' are claimed, no part
    asked again, and the ids are Chromium's. A DOM text read takes no rows."""
    reply = page.snapshot_raw(**WHOLE)
    steps = reply["timings"]["capture_steps"]
    assert steps["walker_ids_early_parts"] == 2, steps  # the records' part, the rows' part
    assert steps["walker_ids_rows"] > 0, steps
    walked = {str(n["id"]) for n in reply["result"]["snapshot"]["ax_tree"]["nodes"]}
    assert not [i for i in walked if "-ax" in i], walked
    assert walked == chromium_ids(page)
    text = page.snapshot_raw(format="domtext", viewport_only=False, exact=True,
                             stabilize={"enabled": False})
    assert text["timings"]["capture_steps"]["walker_ids_early_parts"] == 1
