"""One element model (issue 30): every output of a read describes a control as a person sees
it, and the same way: its name (labels without ``for``, a sibling label, the text before a
field, an ARIA item's own text, icon-font words as a hint), its context where its name
repeats, its state (class-drawn switches, tabs, a custom dropdown's value, a radio hidden
behind its label) and what the page's status region says (tests/pages/elements/)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from miniwob_tasks import start_task
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from axsnap_host.client import Browser, DomResult, OutlineResult
from axsnap_host.models.snapshot import node_records

pytestmark = pytest.mark.e2e

FAST = {"stabilize": {"quiet_ms": 200, "max_wait_ms": 4000}}


def read_all(browser: Browser, url: str | None) -> dict[str, Any]:
    """DOM text + elements, the compact and full outline and SnapshotV1 of one page."""
    dom = browser.snapshot(url, format="elements", **FAST)
    assert isinstance(dom, DomResult)
    text = browser.snapshot(None, format="domtext", **FAST)
    compact = browser.snapshot(None, format="outline", compact=True, **FAST)
    full = browser.snapshot(None, format="outline", **FAST)
    assert isinstance(compact, OutlineResult) and isinstance(full, OutlineResult)
    snap = browser.snapshot(None, format="snapshot", **FAST).model_dump(mode="json")
    return {"elements": dom.elements, "domtext": text.domtext, "compact": compact.combinedTree,
            "outline": full.combinedTree, "nodes": node_records(snap)}


def line_of(text: str, needle: str) -> str:
    found = [line for line in text.splitlines() if needle in line]
    assert found, f"{needle!r} not in:\n{text}"
    return found[0]


@pytest.fixture(scope="module")
def names(browser: Browser, pages_url: str) -> dict[str, Any]:
    return read_all(browser, pages_url + "elements/names.html")


def test_labels_without_for_name_their_fields_in_every_output(names) -> None:
    dom, outline = names["domtext"], names["compact"]
    assert 'label="Password"' in line_of(dom, 'id="p1"')
    assert 'label="Verify password"' in line_of(dom, 'id="p2"')
    assert 'label="to"' in line_of(dom, 'id="to"')  # the text before it in its paragraph
    for name in ("Password", "Verify password", "to"):
        assert re.search(rf"\] textbox: {re.escape(name)}\b", outline), outline
        assert any(n["role"] == "textbox" and n["name"] == name for n in names["nodes"])
    # a placeholder is the fallback name, never preferred over a label
    assert any(e["name"] == "Search mail" and e["nameSource"] == "placeholder"
               for e in names["elements"])


def test_a_tree_item_is_its_own_text_and_icon_words_are_a_hint(names) -> None:
    items = {e["name"]: e for e in names["elements"] if e["role"] == "treeitem"}
    assert {"report-2", "report-2A.docx", "report-2B.docx"} <= set(items), items
    assert "treeitem: report-2\n" in names["compact"] + "\n" or re.search(
        r"treeitem: report-2 \[", names["compact"]), names["compact"]
    more = next(e for e in names["elements"] if e["attributes"].get("id") == "more")
    assert more["name"] == "More" and more["description"] == "expand_more"
    assert "button: More" in names["compact"] and "expand_more More" not in names["compact"]


def test_repeated_controls_carry_their_row_in_every_output(browser: Browser,
                                                           pages_url: str) -> None:
    read = read_all(browser, pages_url + "elements/repeated_controls.html")
    assert 'in="Milestone" "Edit"' in line_of(read["domtext"], 'id="ms"')
    assert 'in="Assignee" "Edit"' in read["domtext"]
    assert re.search(r"button: Edit \[context=Milestone\]", read["compact"]), read["compact"]
    edits = {n["state"].get("context") for n in read["nodes"] if n["name"] == "Edit"}
    assert edits == {"Assignee", "Labels", "Milestone", "Due date"}
    assert {e.get("context") for e in read["elements"] if e["name"] == "Edit"} == edits


def test_switches_tabs_and_a_custom_dropdown_say_their_state(browser: Browser,
                                                            pages_url: str) -> None:
    read = read_all(browser, pages_url + "elements/switches.html")
    dom = read["domtext"]
    assert 'role="switch" label="Shipping Update" unchecked' in dom
    assert 'role="switch" label="Newsletter" checked' in dom
    assert re.search(r'<button> selected "Important 12"', dom), dom
    assert 'role="combobox" label="Undo Send" value="5 seconds"' in dom
    outline = read["compact"]
    assert re.search(r"switch: Shipping Update \[unchecked\]", outline), outline
    assert re.search(r"switch: Newsletter \[checked\]", outline), outline
    assert re.search(r'combobox: Undo Send = "5 seconds"', outline), outline
    assert re.search(r"button: Important 12 \[selected\]", outline), outline
    nodes = {n["name"]: n for n in read["nodes"]}
    assert nodes["Newsletter"]["role"] == "switch" and nodes["Newsletter"]["state"]["checked"]
    assert nodes["Shipping Update"]["state"]["checked"] is False
    assert nodes["Important 12"]["state"]["selected"] is True


def test_a_radio_hidden_behind_its_label_is_listed_as_the_radio(browser: Browser,
                                                                pages_url: str) -> None:
    read = read_all(browser, pages_url + "elements/switches.html")
    radios = {e["name"]: e for e in read["elements"] if e["role"] == "radio"}
    assert radios["Credit card"]["states"]["checked"] is True
    assert radios["PayPal"]["states"]["checked"] is False
    assert '<label> role="radio" unchecked "PayPal"' in read["domtext"]


def test_a_toast_is_in_dom_text(browser: Browser, pages_url: str) -> None:
    browser.open(pages_url + "elements/toast.html")
    browser.driver.find_element(By.ID, "save").click()
    WebDriverWait(browser.driver, 10, poll_frequency=0.05).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, ".toast"))
    dom = browser.snapshot(None, format="domtext", stabilize={"enabled": False})
    assert '[Status: "Settings saved' in dom.domtext, dom.domtext


def test_one_read_describes_each_control_once(browser: Browser, pages_url: str) -> None:
    """The same element never has two names or two states across DOM text's records, the
    outline, SnapshotV1 of the window and of the whole page, and the semantic view (which
    called the "Undo Send" dropdown "5 seconds ▾" and said no switch or tab state)."""
    for page in ("names.html", "switches.html", "labels.html", "repeated_controls.html",
                 "covered_by_label.html", "icon_toggle.html", "brand.html"):
        read = read_all(browser, pages_url + "elements/" + page)
        whole = browser.snapshot(None, format="snapshot", scope="page", **FAST)
        semantic = browser.snapshot(None, format="semantic", **FAST).raw["semantic"]
        by_dom = {(e["handle"]["frame"], e["handle"]["backendNodeId"]): e
                  for e in semantic["elements"] if e.get("handle")}
        for nodes_of_read in (read["nodes"], node_records(whole.model_dump(mode="json"))):
            nodes = {(n["domRef"]["frame"], n["domRef"]["backendNodeId"]): n
                     for n in nodes_of_read if n.get("domRef")}
            compared = 0
            for element in read["elements"]:
                node = nodes.get((element["frame"], element["backendNodeId"]))
                if node is None or element["tagName"] == "label":
                    continue
                compared += 1
                assert node["name"] == element["name"], (page, node, element)
                for key, value in (element.get("states") or {}).items():
                    if key in ("checked", "selected", "expanded", "pressed"):
                        assert node["state"].get(key, False) == value, (page, node, element)
            assert compared >= 2, page
        compared = 0
        for element in read["elements"]:
            one = by_dom.get((element["frame"], element["backendNodeId"]))
            if one is None or element["tagName"] == "label":
                continue
            compared += 1
            assert one["label"] == element["name"], (page, one, element)
            for key in ("checked", "selected", "expanded"):
                said = (element.get("states") or {}).get(key)
                if isinstance(said, bool) or key in one["state"]:
                    assert one["state"].get(key, False) == bool(said), (page, key, one, element)
        assert compared >= 2, page


@pytest.mark.parametrize("scope", ["viewport", "page"])
def test_a_control_drawn_by_css_alone_gets_no_made_up_name(browser: Browser, pages_url: str,
                                                           scope: str) -> None:
    """SB Admin's sidebar toggle is an empty <button> whose arrow is an icon-font glyph from
    ``::after``; a toast's close button a CSS "×". ``elements`` said no name and the context
    ("Addons"), SnapshotV1 and the outline called it "Addons" (the symbol rule took the AX
    name's glyph for a name). Every output: no name, its context as context."""
    browser.open(pages_url + "elements/icon_toggle.html")
    elements = browser.snapshot(None, format="elements", viewport_only=scope == "viewport",
                                **FAST).elements
    by_id = {e["attributes"].get("id"): e for e in elements}
    nodes = {(n["domRef"]["frame"], n["domRef"]["backendNodeId"]): n for n in node_records(
        browser.snapshot(None, format="snapshot", scope=scope, **FAST).model_dump(mode="json"))
        if n.get("domRef")}
    outline = browser.snapshot(None, format="outline", compact=True, scope=scope,
                               **FAST).combinedTree
    semantic = {(e["handle"]["frame"], e["handle"]["backendNodeId"]): e for e in browser.snapshot(
        None, format="semantic", **FAST).raw["semantic"]["elements"] if e.get("handle")}
    for ident, context in (("sidebarToggle", "Addons"), ("dismiss", "Profile saved")):
        element = by_id[ident]
        key = (element["frame"], element["backendNodeId"])
        assert (element["name"], element["context"]) == ("", context), element
        node = nodes[key]
        assert (node["role"], node["name"], node["state"].get("context")) == (
            "button", "", context), (scope, node)
        line = line_of(outline, f"[{key[0]}-{key[1]}] ")
        assert line.strip().endswith(f"button [context={context}]"), (scope, outline)
        if scope == "viewport":
            assert semantic[key]["label"] == "", semantic[key]


def test_names_of_real_template_shapes_are_one_name(browser: Browser, pages_url: str) -> None:
    """Shapes from the bench's real pages where outputs disagreed: a logo link whose inline
    SVG is indented over many lines before its words (the walker's text bound was spent on
    the blanks: '' in ``elements``, "sneat" in SnapshotV1), a link of a no-break space ('' /
    '\xa0'), a multiple select under its card's title ("Selects" / '')."""
    read = read_all(browser, pages_url + "elements/brand.html")
    by_id = {e["attributes"].get("id"): e for e in read["elements"]}
    nodes = {(n["domRef"]["frame"], n["domRef"]["backendNodeId"]): n for n in read["nodes"]
             if n.get("domRef")}
    for ident, name in (("brand", "Sneat"), ("blank", ""), ("many", "Selects")):
        element = by_id[ident]
        assert element["name"] == name, element
        assert nodes[(element["frame"], element["backendNodeId"])]["name"] == name, ident
    assert re.search(r"\] link: Sneat$", read["compact"], re.M), read["compact"]
    assert re.search(r"\] select: Selects$", read["compact"], re.M), read["compact"]


def test_the_semantic_view_lists_the_controls_dom_text_lists(browser: Browser,
                                                            pages_url: str) -> None:
    """The semantic view chose its own controls: a mail app's sidebar and message list,
    each with one click listener, were two nameless buttons (``btn_in_navigation``) and no
    row had an id; a radio hidden behind its label was missing. Now it lists what DOM text
    lists, named and in the state the element model gives."""
    for page in ("delegation.html", "switches.html"):
        dom = browser.snapshot(pages_url + "elements/" + page, format="elements", **FAST)
        semantic = browser.snapshot(None, format="semantic", **FAST).raw["semantic"]["elements"]
        by_dom = {(e["handle"]["frame"], e["handle"]["backendNodeId"]): e for e in semantic}
        for element in dom.elements:
            one = by_dom.get((element["frame"], element["backendNodeId"]))
            assert one is not None, (page, element, semantic)
            assert one["label"] == element["name"], (page, one, element)
            said = (element.get("states") or {}).get("checked")
            if isinstance(said, bool):
                assert one["state"].get("checked") is said, (page, one, element)
        assert all(e["label"] for e in semantic), (page, semantic)
        if page == "switches.html":
            kinds = {e["label"]: e["type"] for e in semantic}
            assert (kinds["PayPal"], kinds["Credit card"], kinds["Newsletter"]) == (
                "radio", "radio", "checkbox"), kinds


def test_the_window_outline_names_miniwob_links_by_their_text(browser: Browser,
                                                              miniwob_url: str) -> None:
    """MiniWoB click-link: the default (window) outline listed the links as
    ``[0-6] clickable, span`` without their words; the element model names them."""
    start_task(browser, miniwob_url, "click-link")
    word = browser.run_in_target(
        "return document.getElementById('query').textContent.match(/\"(.*)\"/)[1]")
    tree = browser.snapshot(None, format="outline", **FAST).combinedTree
    links = re.findall(r"\] clickable, span(?:: (.*))?$", tree, flags=re.M)
    assert links and all(links), tree
    assert any(name.rstrip(".,") == word.rstrip(".,") for name in links), (word, tree)


def test_dialogs_come_first_and_the_page_behind_is_marked_inert(browser: Browser,
                                                                pages_url: str) -> None:
    """A modal <dialog> (the top layer) and a class-only overlay modal: their controls come
    first in DOM text, under the dialog's name; what lies behind is said to be inert."""
    browser.open(pages_url + "elements/dialog.html")
    browser.driver.find_element(By.ID, "new").click()
    WebDriverWait(browser.driver, 10, poll_frequency=0.05).until(
        lambda d: d.find_element(By.ID, "d").get_attribute("open") is not None)
    dom = browser.snapshot(None, format="domtext", **FAST).domtext
    lines = dom.splitlines()
    head = lines.index('Dialog "Create project":')
    section = "\n".join(lines[head + 1:head + 5])
    assert 'id="pn" label="Project name"' in section and '"Create"' in section, dom
    assert "Behind the dialog (inert):" not in dom or lines.index(
        "Behind the dialog (inert):") > head
    elements = browser.snapshot(None, format="elements", **FAST).elements
    assert {e["name"] for e in elements if e.get("dialog") == "Create project"} >= {
        "Project name", "Create", "Cancel"}

    browser.open(pages_url + "elements/repeated_controls.html")
    browser.driver.find_element(By.XPATH, "//button[text()='Edit']").click()
    WebDriverWait(browser.driver, 10, poll_frequency=0.05).until(
        lambda d: d.find_element(By.ID, "save").is_displayed())
    dom = browser.snapshot(None, format="domtext", **FAST).domtext
    lines = dom.splitlines()
    head = lines.index('Dialog "Labels":')
    section = "\n".join(lines[head + 1:head + 4])
    assert re.search(r"checked.*workflow::in-progress|workflow::in-progress.* checked",
                     section), dom


def test_a_window_read_says_how_much_lies_below(browser: Browser, pages_url: str) -> None:
    """A long list: DOM text of the window says how many rows lie below it (the boxes the
    walk cut there), so an agent knows to scroll or read the whole page."""
    browser.open(pages_url + "elements/offscreen.html")
    below = browser.run_in_target(
        "return [...document.querySelectorAll('li')]"
        ".filter(li => li.getBoundingClientRect().top >= innerHeight).length")
    dom = browser.snapshot(None, format="domtext", **FAST).domtext
    assert below > 50 and f"[… {below} more boxes below the window" in dom, (below, dom)
    for compact in (True, False):  # the window outline says it too (it said nothing)
        tree = browser.snapshot(None, format="outline", compact=compact, **FAST).combinedTree
        assert tree.rstrip().endswith(f"… {below} more boxes below the window "
                                      '(scroll, or read with scope="page")'), tree[-400:]
        whole_tree = browser.snapshot(None, format="outline", compact=compact, scope="page",
                                      **FAST).combinedTree
        assert "more boxes below" not in whole_tree and "Item 120" in whole_tree
    whole = browser.snapshot(None, format="domtext", viewport_only=False, **FAST).domtext
    assert "more boxes below the window" not in whole
    assert 'in="Item 120" "Archive"' in whole


def test_the_som_legend_names_each_mark_as_dom_text_does(browser: Browser,
                                                         pages_url: str) -> None:
    som = browser.snapshot(pages_url + "elements/switches.html", format="som", **FAST)
    assert isinstance(som, DomResult) and som.vision and som.vision["ok"], som.vision
    marks = {m["index"]: m for m in som.vision["legend"]["marks"]}
    by_name = {e["name"]: e for e in som.elements}
    newsletter = marks[by_name["Newsletter"]["index"]]
    assert (newsletter["role"], newsletter["name"], newsletter["states"]) == (
        "switch", "Newsletter", {"checked": True})
    assert marks[by_name["PayPal"]["index"]]["role"] == "radio"


def test_acting_on_a_hidden_radios_label_words_checks_it(browser: Browser,
                                                          pages_url: str) -> None:
    """act "PayPal" check was not_found: the radio is hidden behind its label. The label is
    listed as the radio, acting on its words checks it, and the ActionResult says so."""
    browser.open(pages_url + "elements/switches.html")
    browser.snapshot(None, format="domtext", **FAST)
    result = browser.act("PayPal", "check")
    assert result.ok and result.target.role == "radio", result
    assert browser.run_in_target("return document.getElementById('paypal').checked") is True
    assert any('checked "PayPal"' in line for line in result.changes.dom.lines), result


def test_a_control_under_its_own_label_is_not_covered(browser: Browser, pages_url: str) -> None:
    """A styled checkbox whose label's box lies over it, a radio hidden behind its label: a
    click there reaches the control, so no output calls it covered (the walker's hit test
    and the whole page's paint order said ``covered=span.box`` / ``covered=label``), and DOM
    text lists each control once. A box that is no label of it still covers."""
    browser.open(pages_url + "elements/covered_by_label.html")
    dom = browser.snapshot(None, format="domtext", **FAST).domtext
    assert 'id="terms" type="checkbox" label="Accept the terms" unchecked' in dom, dom
    assert 'id="news" type="checkbox" label="Send me news" checked' in dom, dom
    assert dom.count('"Credit card"') == 1 and dom.count('"PayPal"') == 1, dom
    for scope in ("viewport", "page"):
        outline = browser.snapshot(None, format="outline", compact=True, scope=scope,
                                   **FAST).combinedTree
        for name in ("Accept the terms", "Send me news", "Credit card", "PayPal"):
            line = line_of(outline, f": {name} [")
            assert "covered" not in line, (scope, outline)
        assert "covered=div#cover" in line_of(outline, "Under a cover"), (scope, outline)
        nodes = node_records(browser.snapshot(None, format="snapshot", scope=scope, **FAST)
                             .model_dump(mode="json"))
        terms = next(n for n in nodes if n["name"] == "Accept the terms"
                     and n["role"] == "checkbox")
        assert "covered" not in terms["state"], (scope, terms)


@pytest.mark.parametrize("page", ["visually_hidden_toggles.html",
                                  "visually_hidden_toggles_in_a_scroll_box.html",
                                  "visually_hidden_toggles_in_a_scroll_box.html?focusable"])
def test_toggles_in_a_visually_hidden_wrapper_are_their_labels(
        browser: Browser, pages_url: str, page: str) -> None:
    """Radios and a checkbox drawn as React Aria's VisuallyHidden draws them (Streamlit's
    checkout, the fifty-sixth held-out set): each input keeps its own box inside a 1 px wrapper
    clipped to nothing, within the label a person presses. Every output lists the label as that
    control, once, with the input's state (on main DOM text listed the bare inputs and the
    semantic view none of them: design note 273); a plain box stays the input. In a page that
    scrolls in its `<main>` each input pokes out of its label's box: it was listed beside its
    label (its centre lies inside: one line). A `<main>` focusable to scroll by keys
    (Streamlit's, `tabindex=0`) is a scroll box, no control its labels are part of: it took
    them in, and listed the bare inputs (design note 277); an input its `aria-label` names as
    its label does goes with it."""
    read = read_all(browser, pages_url + "elements/" + page)
    whole = browser.snapshot(None, format="domtext", viewport_only=False, **FAST)
    assert isinstance(whole, DomResult)
    for dom in (read["domtext"], whole.domtext):
        for name, role, state in (
                ("Collect at the workshop", "radio", "unchecked"),
                ("Post it to me", "radio", "checked"),
                ("I have read the shop's returns policy", "checkbox", "unchecked")):
            assert f'<label> role="{role}" {state} "{name}"' in dom, dom
            assert dom.count(f'"{name}"') == 1, dom
    dom = read["domtext"]
    assert 'id="plain" type="checkbox" label="A plain box"' in dom, dom
    semantic = browser.snapshot(None, format="semantic", **FAST).raw["semantic"]
    kinds = {e["label"]: (e["type"], e["state"].get("checked")) for e in semantic["elements"]}
    assert kinds["Collect at the workshop"] == ("radio", False), kinds
    assert kinds["Post it to me"] == ("radio", True), kinds
    assert kinds["I have read the shop's returns policy"] == ("checkbox", False), kinds
    result = browser.act("Collect at the workshop", "check")
    assert result.ok and result.target.role == "radio", result
    assert browser.run_in_target("return document.getElementById('collect').checked") is True


def test_a_button_groups_toggles_are_their_labels(browser: Browser, pages_url: str) -> None:
    """A button group's radios and checkboxes (Bootstrap 4's `btn-group-toggle`): each input
    clipped away (`clip: rect(0, 0, 0, 0)`) inside the label a person presses. Every output
    lists the label as that control, once, with the input's state; the semantic view had none
    of them (the fiftieth held-out set's Prometheus filters). A box its clip still shows in
    part and a plain box stay the inputs."""
    read = read_all(browser, pages_url + "elements/button_group.html")
    dom = read["domtext"]
    for name, role, state in (("All", "radio", "checked"), ("Unhealthy", "radio", "unchecked"),
                              ("Inactive (1)", "checkbox", "unchecked"),
                              ("Firing (1)", "checkbox", "checked")):
        assert f'<label> role="{role}" {state} "{name}"' in dom, dom
        assert dom.count(f'"{name}"') == 1, dom
    assert 'id="peek" type="checkbox" label="Shown through a clip"' in dom, dom
    assert 'id="plain" type="checkbox" label="A plain box"' in dom, dom
    semantic = browser.snapshot(None, format="semantic", **FAST).raw["semantic"]
    kinds = {e["label"]: (e["type"], e["state"].get("checked")) for e in semantic["elements"]}
    assert kinds["All"] == ("radio", True) and kinds["Unhealthy"] == ("radio", False), kinds
    assert kinds["Inactive (1)"] == ("checkbox", False), kinds
    assert kinds["Firing (1)"] == ("checkbox", True), kinds
    result = browser.act("Unhealthy", "check")
    assert result.ok and result.target.role == "radio", result
    assert browser.run_in_target("return document.getElementById('unhealthy').checked") is True
