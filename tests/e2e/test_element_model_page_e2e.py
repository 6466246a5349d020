"""One element model on whole-page reads (issue 30): a ``scope="page"`` SnapshotV1 and
outline describe each control as the window read does (its name from a label or its row,
its state, its context), so an agent that asks for the whole page learns no less of a
control than one that asks for the window (tests/pages/elements/)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from axsnap_host.client import Browser, OutlineResult
from axsnap_host.models.snapshot import node_records

pytestmark = pytest.mark.e2e

FAST = {"stabilize": {"quiet_ms": 200, "max_wait_ms": 4000}}
# what a node says of an element: the element model's facts (covered is the capture's)
STATES = ("checked", "selected", "pressed", "expanded", "current", "context", "disabled")
_LINE = re.compile(r"^\s*\[(\d+-\d+)\] (.*)$")
_COVERED = re.compile(r"(, )?covered=[^,\]]*")


def described(node: dict[str, Any]) -> tuple[Any, ...]:
    state = node.get("state") or {}
    return (node["role"], node["name"], node.get("value"),
            tuple((key, state[key]) for key in STATES if key in state))


def snapshot_nodes(browser: Browser, **scope: Any) -> dict[str, dict[str, Any]]:
    snap = browser.snapshot(None, format="snapshot", **scope, **FAST).model_dump(mode="json")
    return {n["id"]: n for n in node_records(snap)}


def outline_lines(browser: Browser, **scope: Any) -> dict[str, str]:
    outline = browser.snapshot(None, format="outline", compact=True, **scope, **FAST)
    assert isinstance(outline, OutlineResult)
    return {m[1]: m[2] for line in outline.combinedTree.splitlines() if (m := _LINE.match(line))}


@pytest.mark.parametrize("page", ["switches.html", "repeated_controls.html", "names.html",
                                  "labels.html", "delegation.html"])
def test_a_whole_page_read_describes_controls_as_the_window_read_does(
        browser: Browser, pages_url: str, page: str) -> None:
    """Whole-page SnapshotV1 and outline had no walker facts: a checkbox named by its row
    ("Ada Lovelace") was a bare ``checkbox``, a class-drawn switch a ``generic``, the
    "Edit" buttons had no row."""
    browser.open(pages_url + "elements/" + page)
    window = snapshot_nodes(browser)
    whole = snapshot_nodes(browser, scope="page")
    controls = [n for n in window.values()
                if n.get("domRef") and n["role"] not in ("StaticText", "RootWebArea", "generic")
                and n["name"]]
    assert len(controls) >= 3, window
    for node in controls:
        assert node["id"] in whole, (page, node)
        assert described(whole[node["id"]]) == described(node), (page, whole[node["id"]], node)
    window_lines = outline_lines(browser)
    whole_lines = outline_lines(browser, scope="page")
    compared = 0
    for nid, line in window_lines.items():
        if nid in window and window[nid]["role"] not in ("StaticText", "RootWebArea"):
            # covered is the capture's hit test (walker) or paint order (page), not the model's
            shown = _COVERED.sub("", line)
            assert _COVERED.sub("", whole_lines.get(nid, "")) == shown, (
                page, nid, line, whole_lines.get(nid))
            compared += 1
    assert compared >= 3, window_lines


@pytest.mark.parametrize("scope", ["viewport", "page"])
def test_the_rows_of_a_list_with_one_listener_are_controls_in_the_outline(
        browser: Browser, pages_url: str, scope: str) -> None:
    """A sidebar whose one click listener serves its items (delegation.html): DOM text lists
    each item as a control; the outline had only their words, or nothing (window read)."""
    browser.open(pages_url + "elements/delegation.html")
    dom = browser.snapshot(None, format="domtext", **FAST).domtext
    for outline_kind in ({"compact": True}, {}):
        tree = browser.snapshot(None, format="outline", scope=scope, **outline_kind,
                                **FAST).combinedTree
        for item in ("Inbox", "Sent", "Drafts", "Trash"):
            assert f'<div> "{item}"' in dom, dom
            assert re.search(rf"^\s*\[\d+-\d+\] clickable, div: {item}$", tree, re.M), (
                scope, outline_kind, tree)


MAIL_ROWS = ("Ada Lovelace Meeting notes for Monday", "Alan Turing Re: the machine",
             "Grace Hopper Compiler ready", "Edsger Dijkstra Goto considered harmful",
             "Barbara Liskov Substitution")


@pytest.mark.parametrize("scope", ["viewport", "page"])
def test_rows_the_ax_tree_drops_are_listed_by_every_output(browser: Browser, pages_url: str,
                                                          scope: str) -> None:
    """A mail list with one click listener for its rows: each row (a <div> of a checkbox and
    two <span>s) is a control in DOM text and ``elements``, but Chromium's AX tree ignores
    it, so the outline and SnapshotV1 had only its checkbox and words. Every output lists
    the row, with the name DOM text gives it, and its checkbox inside it, with its state."""
    browser.open(pages_url + "elements/delegation.html")
    elements = browser.snapshot(None, format="elements", viewport_only=scope == "viewport",
                                **FAST).elements
    rows = {e["name"]: e for e in elements if e["name"] in MAIL_ROWS}
    assert set(rows) == set(MAIL_ROWS), elements
    dom = browser.snapshot(None, format="domtext", **FAST).domtext
    nodes = snapshot_nodes(browser, scope=scope)
    for outline_kind in ({"compact": True}, {}):
        tree = browser.snapshot(None, format="outline", scope=scope, **outline_kind,
                                **FAST).combinedTree
        for name, row in rows.items():
            assert f'<div> "{name}"' in dom, dom
            nid = f"{row['frame']}-{row['backendNodeId']}"
            line = line_of_id(tree, nid)
            assert line.strip() == f"[{nid}] clickable, div: {name}", (scope, outline_kind, tree)
            who = name.split(" ")[0]
            box = line_of_id(tree, nid, below=True)
            assert re.match(rf"^\s*\[\d+-\d+\] checkbox: {who} \w+", box), (scope, tree)
            assert box.index("[") > line.index("["), (scope, tree)  # inside the row
            node = nodes[nid]
            assert (node["role"], node["name"]) == ("generic", name), (scope, node)
            checkbox = nodes[node["children"][0]]
            assert (checkbox["role"], checkbox["state"].get("checked")) == (
                "checkbox", False), (scope, checkbox)


def line_of_id(tree: str, nid: str, below: bool = False) -> str:
    """The outline line of node ``nid`` (or, ``below``, the line after it)."""
    lines = tree.splitlines()
    at = [i for i, line in enumerate(lines) if line.strip().startswith(f"[{nid}] ")]
    assert at, (nid, tree)
    return lines[at[0] + 1] if below else lines[at[0]]


def test_repeated_links_carry_the_part_of_the_page_they_sit_in(browser: Browser,
                                                               pages_url: str) -> None:
    """Repeated controls without a row of their own (the bench's misses on real pages): the
    header's and the footer's "Log in" told by the boxes' ids, the share bars at the top and
    the bottom by their classes, a result card's link by the card's title link (out of the
    tab order), a "¶" permalink by its title and its heading; a select named by the words
    beside it has that name in SnapshotV1 too (it was empty there)."""
    browser.open(pages_url + "elements/regions.html")
    elements = browser.snapshot(None, format="elements", viewport_only=False, **FAST).elements

    def contexts(name: str) -> list[str]:
        return [e.get("context", "") for e in elements if e["name"] == name]

    assert contexts("Log in") == ["header", "footer"], elements
    assert contexts("Share on Facebook") == ["top", "bottom"], elements
    assert contexts("vimeo.com") == ["Cloud Service Management: Maximizing uptime",
                                     "Cloud Service Networks Audio Production"], elements
    assert contexts("Permalink to this headline") == [
        "Example 1: Amend a shared changeset", "Example 2: Amend again, locally"], elements
    month = next(e for e in elements if e["attributes"].get("id") == "month")
    assert month["name"] == "Expiration date*", month
    for scope in ("viewport", "page"):
        nodes = snapshot_nodes(browser, scope=scope)
        node = next(n for n in nodes.values() if n["role"] == "combobox")
        assert node["name"] == "Expiration date*", (scope, node)


def test_a_name_with_an_invisible_character_is_one_name(browser: Browser,
                                                        pages_url: str) -> None:
    """A link whose text holds a C1 control character (a search result on a real page):
    the outline dropped it, the ``elements`` records and SnapshotV1 kept it."""
    browser.open(pages_url + "elements/regions.html")
    elements = browser.snapshot(None, format="elements", **FAST).elements
    names = {e["name"] for e in elements if e["name"].startswith("Keyword Tool")}
    assert names == {"Keyword Tool (FREE) #1 Planner"}, names
    nodes = snapshot_nodes(browser)
    assert {n["name"] for n in nodes.values() if n["name"].startswith("Keyword")} == names
    shown = [line for line in outline_lines(browser).values() if "Keyword" in line]
    assert shown and all("link: Keyword Tool (FREE) #1 Planner" in line for line in shown), shown


def test_forms_told_apart_by_camel_case_ids_give_their_fields_context(
        browser: Browser, pages_url: str) -> None:
    """Two "Password" (and "Email Address") fields, one in ``form#loginForm``, one in
    ``form#registerForm``, no heading: the region word of an id was only found between
    separators ("login-form"), so the fields had no context and were the same to a model."""
    browser.open(pages_url + "elements/two_forms.html")
    elements = browser.snapshot(None, format="elements", **FAST).elements
    for name in ("Password", "Email Address"):
        contexts = [e.get("context") for e in elements if e["name"] == name]
        assert contexts == ["login", "register"], (name, elements)
    nodes = snapshot_nodes(browser)
    said = sorted(n["state"].get("context", "") for n in nodes.values()
                  if n["name"] == "Password")
    assert said == ["login", "register"], said
