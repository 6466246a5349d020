"""Whole-page DOM text named by the walker's own ids (``node_ids="walker"``, design note 144).

No record's backendNodeId is taken but those that place a frame: each element says ``walkId``,
its id is ``{frame}-axw{walkId}``, and an action by that id or by the element's index finds
the element again through the walker's world. The DOM text is the default read's, the
elements the same but for their ids; secrets are masked the same; the ids stay across reads
of one document, and an element gone from the page answers ``stale_element``.
"""

from __future__ import annotations

from typing import Any

import pytest
from act_results import comparable

from axsnap_host.client import Browser
from axsnap_host.models.errors import AxsnapError

WHOLE = {"format": "domtext", "viewport_only": False, "exact": True}
SECRETS = ("hunter2-secret", "482913")


@pytest.fixture
def page(browser: Browser, pages_url: str) -> Browser:
    browser.open(f"{pages_url}dom/walker_ids.html")
    return browser


def read(browser: Browser, **more: Any) -> dict[str, Any]:
    return browser.snapshot_raw(**{**WHOLE, **more})


def by_walker(browser: Browser, **more: Any) -> dict[str, Any]:
    return read(browser, node_ids="walker", **more)


def log_text(browser: Browser) -> str:
    return str(browser.run_in_target("return document.getElementById('log').textContent"))


def named(result: dict[str, Any], name: str) -> dict[str, Any]:
    return next(e for e in result["elements"] if e["name"] == name)


def element_id(element: dict[str, Any]) -> str:
    return f"{element['frame']}-axw{element['walkId']}"


def test_the_same_dom_text_but_for_the_ids_and_no_take(page: Browser) -> None:
    default = read(page)
    walker = by_walker(page)
    assert walker["result"]["domtext"] == default["result"]["domtext"]
    plain = [{k: v for k, v in e.items() if k != "backendNodeId"}
             for e in default["result"]["elements"]]
    assert [{k: v for k, v in e.items() if k not in ("backendNodeId", "walkId")}
            for e in walker["result"]["elements"]] == plain
    for e in walker["result"]["elements"]:
        assert e["backendNodeId"] is None and isinstance(e["walkId"], int) and e["walkId"] > 0
    assert len({(e["frame"], e["walkId"]) for e in walker["result"]["elements"]}) == len(plain)
    steps = walker["timings"]["capture_steps"]
    # only the records that place a frame were taken (the two documents' roots, the iframe),
    # none as the walk reported; the default took every listed one
    assert steps["walker_ids_resolved"] <= 6 < default["timings"]["capture_steps"][
        "walker_ids_resolved"]
    assert "walker_ids_early_parts" not in steps
    assert steps["walker_ids_named_by_walker"] == 1 and "walker_ids_listed_taken" not in steps
    inner = named(walker["result"], "Frame button")
    assert inner["frame"] == 1  # the frame placed as in the default read


def test_secrets_are_masked_the_same(page: Browser) -> None:
    default = read(page)["result"]
    walker = by_walker(page)["result"]
    text = str(walker)
    assert not any(secret in text for secret in SECRETS)
    for name in ("Password", "Code"):
        assert named(walker, name).get("value") == named(default, name).get("value")
        assert named(walker, name).get("secret") == named(default, name).get("secret")


def test_ids_are_stable_across_reads_and_act(page: Browser) -> None:
    first = by_walker(page)["result"]
    second = by_walker(page, exact=False)["result"]
    assert [(e["index"], e["walkId"]) for e in first["elements"]] == [
        (e["index"], e["walkId"]) for e in second["elements"]]
    far = named(first, "Far button")
    assert far["rect"]["y"] > page.run_in_target("return window.innerHeight")
    result = page.act(element_id(far), "click")
    assert result.ok, result.error
    assert log_text(page) == "far clicked"
    assert result.target is not None and result.target.id == element_id(far)
    # by index: the tile, known to act by its click listener alone
    tile = named(by_walker(page)["result"], "Listener tile")
    assert tile["reasons"] == ["clickable"]
    assert page.act(tile["index"], "click").ok
    assert log_text(page) == "tile clicked"
    # in the frame
    inner = named(by_walker(page)["result"], "Frame button")
    assert page.act(element_id(inner), "click").ok


def test_an_element_gone_is_stale(page: Browser) -> None:
    goes = named(by_walker(page)["result"], "Goes away")
    page.run_in_target("document.getElementById('goes').remove(); return true")
    with pytest.raises(AxsnapError) as gone:
        page.act(element_id(goes), "click", raise_on_error=True)
    assert gone.value.code == "stale_element"
    assert log_text(page) == ""


def test_walker_ids_only_for_a_whole_page_dom_read(page: Browser) -> None:
    for wrong in ({"viewport_only": True}, {"dom_source": "snapshot"}):
        with pytest.raises(AxsnapError) as refused:
            by_walker(page, **wrong)
        assert refused.value.code == "invalid_message" and "node_ids" in str(refused.value)
    with pytest.raises(AxsnapError) as refused:
        page.snapshot_raw(format="snapshot", scope="page", ax_source="chromium",
                          node_ids="walker")  # (from the walk it is named so: note 154)
    assert refused.value.code == "invalid_message"


def test_many_click_listeners_take_the_listable_ids_for_the_listener_step(
        browser: Browser, pages_url: str) -> None:
    """Few listable records against their click listener nodes: resolving each node alone
    would cost more than the take, so the listable records' ids are taken after all (for the
    listener step only): the elements still say the walker's ids, and act by them. (One
    resolve weighs one record taken, note 225: the page's own three listener nodes are joined
    by 60 buttons in a hidden box, no record and nothing listed, that outnumber its records.)"""
    browser.open(f"{pages_url}dom/walk_source.html")
    browser.run_in_target(
        "const box = document.createElement('div'); box.hidden = true;"
        " for (let i = 0; i < 60; i++) { const b = document.createElement('button');"
        " b.addEventListener('click', () => {}); box.append(b); }"
        " document.body.append(box); return true")
    default = read(browser)["result"]
    reply = by_walker(browser)
    walker = reply["result"]
    assert reply["timings"]["capture_steps"]["walker_ids_listed_taken"] == 1
    assert walker["domtext"] == default["domtext"]
    assert all(e["backendNodeId"] is None and e["walkId"] > 0 for e in walker["elements"])
    tile = named(walker, "Listener tile")
    assert tile["reasons"] == ["clickable"]
    assert browser.act(element_id(tile), "click").ok
    assert log_text(browser) == "tile clicked"


def test_an_act_after_a_walker_named_read_reports_and_reuses_as_after_a_default_read(
        browser: Browser, pages_url: str) -> None:
    """The act's capture names its records by backendNodeId; the walker's id of its target is
    found there through the capture's walker ids (note 148): the report re-finds the target
    (its index, its value), names it and the focus by the walker's id, and a kept act baseline
    stands across a walker-named read as across a default one."""
    got: dict[str, list[Any]] = {}
    for ids in ("backend", "walker"):
        browser.open(f"{pages_url}dom/walker_ids.html")
        user = named(read(browser, node_ids=ids)["result"], "User")
        filled = browser.act(user["index"], "fill", "grace")
        assert filled.ok, filled.error
        go = named(read(browser, node_ids=ids, exact=False)["result"], "Sign in")
        name = element_id(go) if ids == "walker" else f"{go['frame']}-{go['backendNodeId']}"
        clicked = browser.act(name, "click")
        assert clicked.ok, clicked.error
        assert clicked.timings.get("baseline_kept") == 1, (ids, clicked.timings)
        assert log_text(browser) == "sign in clicked"
        for result, element in ((filled, user), (clicked, go)):
            assert result.target is not None and result.changes is not None
            assert result.changes.focus is not None
            if ids == "walker":
                assert result.target.id == result.changes.focus.id == element_id(element)
        got[ids] = [comparable(filled), comparable(clicked)]
    assert got["walker"][0]["changes"]["value"] == "grace"
    assert got["walker"][0]["target"]["index"] == user["index"]
    assert got["walker"] == got["backend"]
