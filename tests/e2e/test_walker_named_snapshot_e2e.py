"""Whole-page SnapshotV1 and outline named by the walker's own ids (``node_ids="walker"``,
design note 154).

No row's backendNodeId is taken, nor any record's but those that place a frame: every node of
an element or text the walker tracks is ``{frame}-axw{w}``. The tree is the backend-named
read's node for node (roles, names, values, states, boxes), secrets are masked the same, the
ids act (below the fold, in a frame) as after a walker-named DOM text read, and an id of an
element gone from the page answers ``stale_element``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from axsnap_host.client import Browser, OutlineResult
from axsnap_host.models.errors import AxsnapError
from axsnap_host.models.snapshot import node_records

WHOLE = {"format": "snapshot", "scope": "page", "exact": True, "stabilize": {"enabled": False}}
SECRETS = ("hunter2-secret", "482913")
WALK_ID = re.compile(r"^\d+-axw\d+$")
ROW_ID = re.compile(r"^\d+-ax\d+$")


@pytest.fixture
def page(browser: Browser, pages_url: str) -> Browser:
    browser.open(f"{pages_url}dom/walker_ids.html")
    return browser


def read(browser: Browser, **more: Any) -> dict[str, Any]:
    return browser.snapshot_raw(**{**WHOLE, **more})


def by_walker(browser: Browser, **more: Any) -> dict[str, Any]:
    return read(browser, node_ids="walker", **more)


def records(reply: dict[str, Any]) -> list[dict[str, Any]]:
    return node_records(reply["result"]["snapshot"])


def id_of(found: list[dict[str, Any]], role: str, name: str) -> str:
    return next(str(n["id"]) for n in found if n["role"] == role and n.get("name") == name)


def log_text(browser: Browser) -> str:
    return str(browser.run_in_target("return document.getElementById('log').textContent"))


def shape(found: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """Each node as the spec prints it, ids aside."""
    return [(r["depth"], r["role"], r["name"], r.get("value"), r["state"], r.get("bbox"),
             r.get("isVisible", True), r.get("isClickable", False), len(r["children"]))
            for r in found]


def test_the_same_tree_node_for_node_named_by_the_walk_without_the_take(page: Browser) -> None:
    default = read(page)
    walker = by_walker(page)
    snapshot = walker["result"]["snapshot"]
    assert snapshot["snapshot_version"] == 1 and snapshot["trace_id"]
    assert snapshot["ax_tree"]["root_id"] == snapshot["ax_tree"]["nodes"][0]["id"]
    ours, theirs = records(walker), records(default)
    assert shape(ours) == shape(theirs)
    # every node of an element or a text run is named by the walk; a backend-named read's
    # same nodes by Chromium's ids (the documents and the <iframe>'s element say domRef)
    named = [r for r in ours if WALK_ID.match(str(r["id"]))]
    assert len(named) >= len(ours) - 4, [r["id"] for r in ours if r not in named]
    assert all(WALK_ID.match(str(r["id"])) or ROW_ID.match(str(r["id"])) for r in ours)
    assert sum(1 for r in theirs if WALK_ID.match(str(r["id"]))) < len(named) / 4
    assert len({r["id"] for r in ours}) == len(ours)
    steps = walker["timings"]["capture_steps"]
    # the records that place a frame only, no row's node, none as the walk reported
    assert steps["walker_ids_resolved"] <= 6 < default["timings"]["capture_steps"][
        "walker_ids_resolved"]
    assert steps.get("walker_ids_rows", 0) == 0 < default["timings"]["capture_steps"][
        "walker_ids_rows"]
    assert "walker_ids_early_parts" not in steps


def test_secrets_are_masked_the_same(page: Browser) -> None:
    default = records(read(page))
    walker = records(by_walker(page))
    assert not any(secret in str(walker) for secret in SECRETS)
    for name in ("Password", "Code"):
        ours = next(r for r in walker if r["role"] == "textbox" and r["name"] == name)
        theirs = next(r for r in default if r["role"] == "textbox" and r["name"] == name)
        assert ours.get("value") == theirs.get("value")


def test_its_ids_act_below_the_fold_and_in_a_frame_and_stay(page: Browser) -> None:
    first = records(by_walker(page))
    far = id_of(first, "button", "Far button")
    assert WALK_ID.match(far)
    result = page.act(far, "click")
    assert result.ok, result.error
    assert log_text(page) == "far clicked"
    assert result.target is not None and result.target.id == far
    again = records(by_walker(page, exact=False))
    assert id_of(again, "button", "Far button") == far  # the same id while the node lives
    tile = id_of(again, "StaticText", "Listener tile")  # (a text run acts through its element)
    assert WALK_ID.match(tile) and page.act(tile, "click").ok
    assert log_text(page) == "tile clicked"
    inner = id_of(again, "button", "Frame button")
    assert inner.startswith("1-axw") and page.act(inner, "click").ok
    heading = id_of(again, "heading", "Named by the walker's ids")
    assert WALK_ID.match(heading) and page.act(heading, "scroll", "into_view").ok
    user = id_of(again, "textbox", "User")
    assert page.act(user, "fill", "grace").ok
    assert page.run_in_target("return document.getElementById('user').value") == "grace"


def test_an_element_gone_is_stale(page: Browser) -> None:
    goes = id_of(records(by_walker(page)), "button", "Goes away")
    page.run_in_target("document.getElementById('goes').remove(); return true")
    with pytest.raises(AxsnapError) as gone:
        page.act(goes, "click", raise_on_error=True)
    assert gone.value.code == "stale_element"
    assert log_text(page) == ""


def test_the_outline_named_by_the_walk_prints_the_same_lines(page: Browser) -> None:
    options = {"format": "outline", "scope": "page", "exact": True,
               "stabilize": {"enabled": False}}
    default = page.snapshot_raw(**options)["result"]
    walker = page.snapshot_raw(**options, node_ids="walker")["result"]
    plain = re.compile(r"\[\d+-(axw)?\d+\]")
    assert plain.sub("[id]", walker["combinedTree"]) == plain.sub("[id]", default["combinedTree"])
    printed = re.findall(r"\[(\d+-axw\d+)\]", walker["combinedTree"])
    assert len(printed) >= len(re.findall(r"\[\d+-\d+\]", default["combinedTree"])) - 4
    far = next(line for line in walker["combinedTree"].splitlines() if "Far button" in line)
    far_id = re.search(r"\[(\d+-axw\d+)\]", far)
    assert far_id is not None and page.act(far_id.group(1), "click").ok
    assert log_text(page) == "far clicked"
    assert not any(secret in str(walker) for secret in SECRETS)


def test_walker_ids_refused_where_the_tree_is_not_the_walk(page: Browser) -> None:
    for wrong in ({"ax_source": "chromium"}, {"scope": "viewport"},
                  {"viewport_only": False, "also_formats": ["domtext"]}):
        with pytest.raises(AxsnapError) as refused:
            by_walker(page, **wrong)
        assert refused.value.code == "invalid_message" and "node_ids" in str(refused.value)


@pytest.mark.parametrize("path", ["dom/walk_source.html", "dom/date_fields.html",
                                  "dom/walk_said_text.html", "stale/custom.html",
                                  "frames.html", "redaction/secrets.html"])
def test_the_same_tree_on_more_pages(browser: Browser, pages_url: str, path: str) -> None:
    # a <select>'s popup, a date field's parts, custom elements named by their internals
    # (each asked of Chromium's tree by its node's id, taken for the ask alone), frames
    browser.open(f"{pages_url}{path}")
    default, walker = records(read(browser)), records(by_walker(browser))
    assert shape(walker) == shape(default)
    assert all(WALK_ID.match(str(r["id"])) or ROW_ID.match(str(r["id"]))
               or str(r["id"]) in {str(d["id"]) for d in default} for r in walker)


def test_the_walker_named_outline_compact_and_by_delta(page: Browser) -> None:
    options = {"format": "outline", "scope": "page", "node_ids": "walker", "compact": True,
               "stabilize": {"enabled": False}}
    first = page.snapshot_raw(**options, compression="delta")["result"]
    assert first["delta"]["applied"] is False and "[0-axw" in first["combinedTree"]
    page.run_in_target("document.getElementById('go').click(); return true")
    second = page.snapshot_raw(**options, compression="delta")["result"]
    delta = second["delta"]
    assert delta["applied"] is True and delta["base_snapshot_id"] == first["snapshot_id"]
    assert any("sign in clicked" in change["line"] for change in delta["changes"]), delta
    full = page.snapshot_raw(**options)["result"]  # the ids stand: the delta is a few lines
    applied = OutlineResult.from_result(second, first)
    assert applied.combinedTree == full["combinedTree"] and applied.hash == full["hash"]
