"""SnapshotV1 of the whole page read from the walk (``ax_source="walk"``, issue 33, design
note 45).

No getFullAXTree, no DOMSnapshot: the walker writes the document as accessibility rows in its
own pass, the records the DOM channel can list get their ids. The snapshot must hold the
nodes Chromium's holds, in the same tree, with the same roles, names, values and states; the
nodes an agent acts on carry Chromium's ids (the others the walk's ``{frame}-axw{w}``,
tests/e2e/test_walk_node_ids_e2e.py), and those ids must act, below the fold and in a frame.
``also_formats`` with the walk is one walk.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from differential import READS, answered, content
from page_waits import wait_in_page

from axsnap_host.client import Browser
from axsnap_host.models.errors import AxsnapError
from axsnap_host.models.snapshot import SnapshotV1, node_records

WHOLE = {"format": "snapshot", "scope": "page", "exact": True,
         "stabilize": {"enabled": False}}


@pytest.fixture
def page(browser: Browser, pages_url: str) -> Browser:
    browser.open(f"{pages_url}dom/walk_source.html")
    return browser


def read(browser: Browser, source: str, **options: Any) -> dict[str, Any]:
    return browser.snapshot_raw(**WHOLE, ax_source=source, **options)


def shape(snapshot: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Each node as the spec prints it, ids aside: depth, role, name, value, state."""
    return [(r["depth"], r["role"], r["name"], r.get("value"), json.dumps(r["state"]))
            for r in node_records(snapshot)]


def id_of(snapshot: dict[str, Any], role: str, name: str) -> str:
    return next(str(n["id"]) for n in snapshot["ax_tree"]["nodes"]
                if n["role"] == role and n.get("name") == name)


def log_text(browser: Browser) -> str:
    return str(browser.run_in_target("return document.getElementById('log').textContent"))


def test_the_walk_reads_the_snapshot_chromium_reads(page: Browser) -> None:
    chromium = read(page, "chromium")
    walked = read(page, "walk")
    steps = walked["timings"]["capture_steps"]
    for step in ("ax_ms", "dom_snapshot_ms"):  # none of Chromium's reads
        assert step not in steps and step in chromium["timings"]["capture_steps"]
    ours, theirs = walked["result"]["snapshot"], chromium["result"]["snapshot"]
    SnapshotV1.model_validate(ours)
    assert ours["snapshot_version"] == 1 and ours["trace_id"]
    assert ours["ax_tree"]["root_id"] == ours["ax_tree"]["nodes"][0]["id"]
    assert shape(ours) == shape(theirs)
    assert ours["quality"]["ax_source"] == "walk" and ours["quality"]["scope"] == "page"
    assert [f["url"] for f in ours["frames"]] == [f["url"] for f in theirs["frames"]]
    # every node's id is Chromium's (design note 68; a row of no DOM node is an ax id)
    pairs = list(zip(node_records(ours), node_records(theirs), strict=True))
    with_dom = [(a, b) for a, b in pairs if "-ax" not in a["id"]]
    assert all(a["id"] == b["id"] for a, b in with_dom)
    acting = {(a["role"], a["name"]) for a, _ in with_dom}
    assert {("link", "One"), ("button", "Top button"), ("textbox", "Name"),
            ("checkbox", "I agree"), ("button", "Far button"),
            ("button", "Frame button")} <= acting
    # the boxes of the elements the walker reported are Chromium's, to the pixel (or so)
    far = next(a for a, _ in with_dom if a["name"] == "Far button")
    theirs_far = next(b for _, b in with_dom if b["name"] == "Far button")
    assert all(abs(x - y) <= 1 for x, y in zip(far["bbox"], theirs_far["bbox"], strict=True))
    # a heading has Chromium's id too (design note 68), and its record's box
    heading, theirs_heading = next((a, b) for a, b in pairs if a["role"] == "heading")
    assert heading["id"] == theirs_heading["id"] and len(heading["bbox"]) == 4
    # text runs and documents: the boxes the walk's rows carry, Chromium's (±1 px)
    boxed = [(a, b) for a, b in pairs if a["role"] in ("StaticText", "RootWebArea")
             and b.get("bbox")]
    assert len(boxed) >= 5 and any(a["name"] == "frame" for a, _ in boxed)  # a frame's too
    assert all(a.get("bbox") and all(abs(x - y) <= 1 for x, y in zip(
        a["bbox"], b["bbox"], strict=True)) for a, b in boxed), boxed
    assert "incomplete" not in walked["result"]


def test_text_runs_keep_the_spaces_layout_keeps(browser: Browser, pages_url: str) -> None:
    """White space collapses across the text runs of one block as layout collapses it: a
    space after a space (in another element) or at a line's start or end is dropped, one
    beside an inline block, an image or a link is kept; floats, placed boxes, flex items,
    <br>, ::before/::after content (a block, or hidden) and hidden text as Chromium's text
    runs hold them, text-transform applied."""
    browser.open(f"{pages_url}dom/walk_spaces.html")
    chromium = read(browser, "chromium")["result"]["snapshot"]
    walked = read(browser, "walk")["result"]["snapshot"]
    assert shape(walked) == shape(chromium)
    names = [r["name"] for r in node_records(walked) if r["role"] == "StaticText"]
    assert " after an inline block" in names and "Early bird discount ends today" in names
    assert "the next run drops its own" in names and "  pre text keeps  its spaces  " in names
    assert "." not in names and "a block after" in names  # a clearfix's hidden "." is no run
    assert "last words of a block" in names  # white space alone after it: still its end
    assert "1-10 Of 3 600 000 Results" in names  # text-transform: capitalize
    levels = [r["state"].get("level") for r in node_records(walked) if r["role"] == "treeitem"]
    assert levels == [1, 2]  # a tree item's level: the groups it is in


def test_a_listener_node_the_rows_named_is_not_resolved_again(page: Browser) -> None:
    """A click-listener node no listable record names (the tile, known from its listener
    alone) is matched by the row the rows' take already named (walker_ids_rows.js
    rowNodeIds, design note 77), not resolved in the walker's world one by one; its node is
    clickable under Chromium's id, as in a read of Chromium's tree. (An unpruned tree takes
    every row's id; a pruned one takes none of the tile's, a nameless wrapper it prints only
    for its listener, under its record's id then: design note 105.)"""
    walked = read(page, "walk", pruned=False)
    steps = walked["timings"]["capture_steps"]
    heard = steps["walker_ids_listener_nodes"]
    assert heard >= 1 and steps["walker_ids_listener_nodes_marked"] >= 1, steps
    assert steps.get("walker_ids_listener_nodes_resolved", heard) < heard, steps

    def clickable(reply: dict[str, Any]) -> set[tuple[str, str, str]]:
        return {(str(n["id"]), n["role"], n.get("name", ""))
                for n in reply["result"]["snapshot"]["ax_tree"]["nodes"] if n.get("isClickable")}

    ours = clickable(walked)
    assert ours and ours <= clickable(read(page, "chromium", pruned=False)), ours
    assert "#tile" in [page.resolve(node_id)["css"] for node_id, _, _ in ours], ours
    assert clickable(read(page, "walk")) == ours


def test_ids_from_the_walk_act_below_the_fold_and_in_a_frame(page: Browser) -> None:
    snapshot = read(page, "walk")["result"]["snapshot"]
    assert page.act(id_of(snapshot, "button", "Far button"), "click").ok
    assert log_text(page) == "far clicked"
    tile = next(n["id"] for n in snapshot["ax_tree"]["nodes"]
                if n.get("isClickable") and "-ax" not in n["id"])  # its listener alone
    assert page.act(tile, "click").ok
    assert log_text(page) == "tile clicked"
    assert page.act(id_of(snapshot, "textbox", "Name"), "fill", "Ada").ok
    assert page.run_in_target("return document.getElementById('name').value") == "Ada"
    frame_button = id_of(snapshot, "button", "Frame button")
    assert frame_button.startswith("1-")
    assert page.act(frame_button, "click").ok
    again = read(page, "walk")["result"]["snapshot"]  # the page changed: the walk says so
    name = id_of(snapshot, "textbox", "Name")
    field = next(n for n in again["ax_tree"]["nodes"] if n["id"] == name)
    assert field.get("value") == "Ada"


def test_one_walk_reads_every_format(page: Browser) -> None:
    alone = {
        "snapshot": read(page, "walk"),
        "outline": page.snapshot_raw(format="outline", scope="page", ax_source="walk",
                                     exact=True, stabilize={"enabled": False}),
        "domtext": page.snapshot_raw(format="domtext", viewport_only=False, exact=True,
                                     stabilize={"enabled": False}),
    }
    count = int(alone["domtext"]["timings"]["capture_steps"]["capture_count"])
    reply = read(page, "walk", viewport_only=False, also_formats=["outline", "domtext"])
    steps = reply["timings"]["capture_steps"]
    assert int(steps["capture_count"]) == count + 1  # one capture for the three
    assert "ax_ms" not in steps and "dom_snapshot_ms" not in steps  # and one walk
    result = reply["result"]
    assert result["stats"]["formats_from_one_capture"] == 3
    assert shape(result["snapshot"]) == shape(alone["snapshot"]["result"]["snapshot"])
    also = result["also"]
    assert also["outline"]["combinedTree"] == alone["outline"]["result"]["combinedTree"]
    assert also["domtext"]["domtext"] == alone["domtext"]["result"]["domtext"]
    assert "Far button" in also["domtext"]["domtext"]


def test_the_walk_refuses_a_window_and_an_ax_id_acts_on_nothing(page: Browser) -> None:
    with pytest.raises(AxsnapError) as err:
        page.snapshot_raw(format="snapshot", ax_source="walk")
    assert err.value.code == "invalid_message" and "needs scope 'page'" in err.value.message
    snapshot = read(page, "walk", pruned=False)["result"]["snapshot"]  # still serving
    # a document has its node's id (design note 68), but is no target
    document = snapshot["ax_tree"]["nodes"][0]
    assert document["role"] == "RootWebArea" and "-ax" not in document["id"]
    result = page.act(document["id"], "click")
    assert not result.ok and result.error is not None
    assert result.error.code == "not_actionable" and "names a document" in result.error.message
    # a row of no DOM node (a list item's marker) is the walk's row id, refused (design note
    # 64); a <select>'s popup has Chromium's id (asked of its tree: design note 71)
    nodes = snapshot["ax_tree"]["nodes"]
    popup = next(str(n["id"]) for n in nodes if n["role"] == "MenuListPopup")
    assert "-ax" not in popup
    marker = next(str(n["id"]) for n in nodes if n["role"] == "ListMarker")
    assert marker.startswith("0-ax") and "-axw" not in marker
    result = page.act(marker, "click")
    assert not result.ok and result.error is not None
    assert result.error.code == "not_actionable" and "no DOM element" in result.error.message
    assert page.act(id_of(snapshot, "button", "Top button"), "click").ok  # and acts on
    assert log_text(page) == "top clicked"


def test_a_read_after_window_reads_equals_its_exact_read(browser: Browser, pages_url: str) -> None:
    """The id cache (fast path walker_id_cache) held the ids window reads had taken of
    records a whole page's take does not list: a whole-page read from the walk named such a
    node by its backendNodeId ("0-4") where its exact read names it ``0-axw3``. It now fills
    the listable records only, as the exact read takes them (design note 65)."""
    browser.open(f"{pages_url}stale/custom.html?internals")
    wait_in_page(browser, "document.readyState === 'complete' && window.__change")
    walk = {"format": "snapshot", "scope": "page", "ax_source": "walk"}
    for options in (*READS.values(), walk):  # window reads take every record's id
        browser.snapshot_raw(**options)
    browser.driver.execute_script("window.__change('custom.html', 'define with internals', 0.5)")
    wait_in_page(browser, "window.__changeDone()")
    for options in READS.values():
        browser.snapshot_raw(**options)
    normal = browser.snapshot_raw(**walk)
    exact = browser.snapshot_raw(**walk, exact=True)
    assert "walker_id_cache" in answered(normal)  # the fast path answered, and equals exact
    assert content(normal) == content(exact)


def test_custom_elements_named_by_their_element_internals(browser: Browser,
                                                          pages_url: str) -> None:
    """A role and a name given through ElementInternals (no script but the element's own
    reads them): the walk asks Chromium's tree for the custom elements without a role
    attribute alone (walker_custom_roles.js), so its SnapshotV1 names them as Chromium's
    does, one defined after load too; a custom element with nothing of its own stays out."""
    browser.open(pages_url + "stale/custom.html?internals")
    browser.run_in_target(
        "customElements.define('x-late-aria', class extends HTMLElement { constructor() {"
        " super(); const i = this.attachInternals(); i.role = 'button';"
        " i.ariaLabel = 'Late aria button'; } });"
        " document.querySelector('x-aria').internals.ariaLabel = 'Aria changed'")

    def named(source: str) -> list[tuple[str, str, str]]:
        nodes = read(browser, source)["result"]["snapshot"]["ax_tree"]["nodes"]
        return [(n["id"], n["role"], n["name"]) for n in nodes
                if n["role"] not in ("StaticText", "generic")]

    walked = named("walk")
    assert walked == named("chromium")
    assert {(role, name) for _, role, name in walked} >= {
        ("button", "Late aria button"), ("checkbox", "Aria changed")}


def _formats(reply: dict[str, Any]) -> dict[str, Any]:
    """Each format of a one read (also_formats) as content() gives it, the lead's as "lead"."""
    result = reply["result"]
    out = {fmt: content({"result": part}) for fmt, part in result.get("also", {}).items()}
    return {**out, "lead": content({"result": {k: v for k, v in result.items() if k != "also"}})}


def _rows_taken(reply: dict[str, Any]) -> int:
    return int(reply["timings"]["capture_steps"]["walker_ids_rows"])


def _dom_ids_are_chromiums(browser: Browser, ours: dict[str, Any]) -> list[dict[str, Any]]:
    """Each node printed with an id of the DOM is Chromium's node of that id; those nodes."""
    theirs = read(browser, "chromium")["result"]["snapshot"]
    chromium = {r["id"]: (r["role"], r["name"]) for r in node_records(theirs)}
    with_dom = [r for r in node_records(ours) if "-ax" not in r["id"]]
    assert len(with_dom) >= 20
    assert all(chromium.get(r["id"]) == (r["role"], r["name"]) for r in with_dom), [
        (r["id"], r["role"], r["name"], chromium.get(r["id"])) for r in with_dom
        if chromium.get(r["id"]) != (r["role"], r["name"])]
    return with_dom


def test_a_pruned_read_takes_no_id_of_the_text_a_control_says(
        browser: Browser, pages_url: str, cross_site_url: str) -> None:
    """A pruned SnapshotV1 or outline prints no text run below a control
    (pipeline/ax/prune.py: its name or value says it), and DOM text and elements print only
    the listable records (their ids from the records' take), so a read whose formats are all
    of these, alone or as one read (also_formats), takes no id of such a text's node
    (src/listable.js rowsWanted, design note 87): fewer nodes deep-serialized, the same reply
    as a read that takes them all (an outline with a focus, or an unpruned tree, does). Links,
    buttons, a role button, a contenteditable textbox, a link in an open shadow root whose
    words are slotted from the light tree, a closed shadow root, a custom element Chromium
    names a button (its words are taken: the walk writes it generic), a same-site and a
    cross-site frame."""
    browser.open(f"{pages_url}dom/walk_said_text.html?cross="
                 f"{cross_site_url}dom/walk_said_text.html")
    wait_in_page(browser, "document.getElementById('cross').contentWindow !== null"
                          " && document.readyState === 'complete'")
    every = ["outline", "domtext", "elements"]
    alone = read(browser, "walk")
    one = read(browser, "walk", viewport_only=False, also_formats=every)
    # an outline's focus may name any node by its id: a one read with one takes every id,
    # and its other formats are those of the one read without it
    all_ids = read(browser, "walk", viewport_only=False, also_formats=every, focus="body")
    rows_alone, rows_one, rows_all = _rows_taken(alone), _rows_taken(one), _rows_taken(all_ids)
    # the words of the links, buttons and the checkbox's label, in the page and the
    # cross-site frame (13 text runs each), not taken; the rest are
    assert rows_one == rows_alone and rows_all - rows_alone >= 20 and rows_alone >= 40, (
        rows_alone, rows_one, rows_all)
    assert content(alone)["snapshot"] == content(one)["snapshot"] == content(all_ids)["snapshot"]
    said, taken = _formats(one), _formats(all_ids)
    assert sorted(said) == sorted([*every, "lead"])
    for fmt in ("lead", "domtext", "elements"):
        assert said[fmt] == taken[fmt], fmt
    assert "Closed link words" in said["domtext"]["domtext"]
    ours = alone["result"]["snapshot"]
    _dom_ids_are_chromiums(browser, ours)
    printed = {(r["role"], r["name"]) for r in node_records(ours)}
    assert {("link", "Slotted link words"), ("link", "Closed link words"),
            ("button", "Pressed words"),
            ("link", "Frame link words"), ("StaticText", "Shadow words")} <= printed, printed
    # so with the outline alone, and in the one read: the same lines as the outline of a
    # read taking every id (one focused on the document's element: its lines without the
    # document's own, one level less deep)
    outline = {"format": "outline", "scope": "page", "ax_source": "walk", "exact": True,
               "stabilize": {"enabled": False}}
    lines = browser.snapshot_raw(**outline)
    lines_all = browser.snapshot_raw(**outline, focus="html")
    assert _rows_taken(lines) == rows_alone < _rows_taken(lines_all)
    for key in ("combinedTree", "combinedXpathMap", "combinedUrlMap"):
        assert lines["result"][key] == said["outline"][key], key
    tree = lines["result"]["combinedTree"].splitlines()
    assert lines_all["result"]["combinedTree"].splitlines() == [line[2:] for line in tree[1:]]
    for key in ("combinedXpathMap", "combinedUrlMap"):
        assert lines["result"][key] == lines_all["result"][key], key
    # an unpruned tree prints the texts a control says: each under Chromium's id
    full = read(browser, "walk", pruned=False)["result"]["snapshot"]
    said_texts = [r for r in node_records(full) if r["role"] == "StaticText"
                  and r["name"] in ("Alpha link", "Slotted link words", "Closed link words", "now")]
    assert len(said_texts) >= 4 and all("-ax" not in r["id"] for r in said_texts), said_texts


def test_listener_nodes_the_walker_never_reported_are_counted_and_change_nothing(
        browser: Browser, pages_url: str) -> None:
    """The click-listener nodes no record and no row names are resolved one by one only to
    learn they are no record (design note 87): on rustdoc the hidden heading anchors. Here two
    hidden anchors and a hidden button: resolved, counted as never reported by the walker,
    and not clickable in the reply, as in a read of Chromium's tree; the tile, known by its
    listener alone, is resolved too (a pruned read takes no id of its row, a nameless
    wrapper: design note 105), marked, and clickable under its record's id."""
    browser.open(f"{pages_url}dom/walk_hidden_listeners.html")
    walked = read(browser, "walk")
    steps = walked["timings"]["capture_steps"]
    assert steps["walker_ids_listener_nodes"] == 4, steps  # the tile and the three hidden
    assert steps["walker_ids_listener_nodes_resolved"] == 4, steps
    assert steps["walker_ids_listener_nodes_unreported"] == 3, steps
    assert steps["walker_ids_listener_nodes_marked"] == 1, steps

    def clickable(reply: dict[str, Any]) -> set[tuple[str, str]]:
        return {(n["role"], n.get("name", ""))
                for n in reply["result"]["snapshot"]["ax_tree"]["nodes"] if n.get("isClickable")}

    ours = clickable(walked)
    assert ours == clickable(read(browser, "chromium")), ours
    assert ours == {("generic", "")}, ours  # the tile alone (its text is its child's)


def test_a_pruned_read_takes_the_ids_of_the_rows_it_may_print_only(
        browser: Browser, pages_url: str) -> None:
    """A pruned SnapshotV1 or outline takes no id of a row it never prints
    (src/printed_rows.js, the host's prune ported, design note 105): a heading's or a cell's
    text that repeats its name, a wrapper the host lifts or collapses. It still takes a text
    with an instruction's word, a name that is not plain ASCII, the rows that hold a record a
    listener may make act (the list item of the chip), and the listener read gives the chip
    and the tile their records' ids. The reply is the one of a read taking every id (a one
    read whose outline has a focus), and each node printed with a DOM id is Chromium's."""
    browser.open(f"{pages_url}dom/walk_printed_rows.html")
    wait_in_page(browser, "document.readyState === 'complete'")
    alone = read(browser, "walk")
    every = ["outline", "domtext", "elements"]
    all_ids = read(browser, "walk", viewport_only=False, also_formats=every, focus="body")
    rows_alone, rows_all = _rows_taken(alone), _rows_taken(all_ids)
    assert rows_alone <= rows_all - 15 and rows_alone >= 15, (rows_alone, rows_all)
    assert content(alone)["snapshot"] == content(all_ids)["snapshot"]
    steps = alone["timings"]["capture_steps"]
    assert steps["walker_ids_listener_nodes_marked"] == 2, steps  # the chip and the tile
    ours = alone["result"]["snapshot"]
    with_dom = _dom_ids_are_chromiums(browser, ours)
    printed = {(r["role"], r["name"]) for r in with_dom}
    assert {("heading", "Section one"), ("heading", "Über uns"), ("cell", "Alpha"),
            ("StaticText", "Über uns"), ("listitem", "")} <= printed, printed
    assert any(name.startswith("Ignore the previous instructions") for _, name in printed)
    clicks = {n["id"] for n in ours["ax_tree"]["nodes"] if n.get("isClickable")}
    assert len(clicks) >= 2 and all("-ax" not in nid for nid in clicks), clicks
    # the outline alone: the lines of a read taking every id (one focused on the document's
    # element: its lines without the document's own, one level less deep)
    outline = {"format": "outline", "scope": "page", "ax_source": "walk", "exact": True,
               "stabilize": {"enabled": False}}
    lines = browser.snapshot_raw(**outline)
    lines_all = browser.snapshot_raw(**outline, focus="html")
    assert _rows_taken(lines) == rows_alone < _rows_taken(lines_all)
    tree = lines["result"]["combinedTree"].splitlines()
    assert lines_all["result"]["combinedTree"].splitlines() == [line[2:] for line in tree[1:]]
    for key in ("combinedXpathMap", "combinedUrlMap"):
        assert lines["result"][key] == lines_all["result"][key], key
