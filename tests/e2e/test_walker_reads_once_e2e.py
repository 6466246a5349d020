"""What the walk asks of the page once is not asked again (issue 33, design note 90).

The walker (extension/lib/walker/walker.js) runs as a plain page script in real Chromium (no
extension) on tests/pages/walker/neighbours.html: a side menu of 24 links under a header item
(each link's context reads the items before it: person_context.js), a footer menu whose
links are named by their region's heading, and plain list items
without any aria attribute (their rows' states: ax_states.js); no dialog (person_context.js
dialogOf asks nothing of a control in a tree that cannot hold one; the dialogs of a modal
still found on tests/pages/elements/repeated_controls.html). The page's own DOM methods are
counted through the walk; what the walk reports stays what it was (the differential check of
every page: scripts/compare_walkers.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fixtures.walker_runs import run_walker, walker_browser

WHOLE = {"viewportOnly": False, "maxNodes": 200000, "maxDepth": 256}
# The aria-* states stateOf reads of a row's element (ax_states.js).
COUNTING = """
const c = window.__reads = { qs: new Map(), states: new Map(), refs: 0 };
const states = new Set(['aria-checked', 'aria-pressed', 'aria-selected', 'aria-expanded',
  'aria-disabled', 'aria-required', 'aria-readonly', 'aria-invalid', 'aria-haspopup',
  'aria-modal', 'aria-busy', 'aria-autocomplete', 'aria-multiselectable', 'aria-orientation']);
const count = (map, el) => map.set(el, (map.get(el) || 0) + 1);
const qs = Element.prototype.querySelector;
Element.prototype.querySelector = function (s) { count(c.qs, this); return qs.call(this, s); };
const ga = Element.prototype.getAttribute;
Element.prototype.getAttribute = function (n) {
  if (states.has(n)) count(c.states, this);
  return ga.call(this, n);
};
const cl = Element.prototype.closest;
c.dialogAsks = 0;
Element.prototype.closest = function (s) {
  if (s.includes('role=dialog')) c.dialogAsks += 1;
  return cl.call(this, s);
};
const RealWeakRef = window.WeakRef;
window.WeakRef = class extends RealWeakRef {
  constructor(target) { super(target); window.__reads.refs += 1; }
};
"""
RESET = ("window.__reads.qs = new Map(); window.__reads.states = new Map();"
         " window.__reads.refs = 0; window.__reads.dialogAsks = 0;")


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    with walker_browser("axsnap-reads-once-") as d:
        yield d


@pytest.fixture
def page(driver: Any, pages_url: str) -> Any:
    driver.get(f"{pages_url}walker/neighbours.html")
    driver.execute_script(COUNTING)
    return driver


def counts_by_element(driver: Any, which: str, selector: str) -> list[int]:
    """How many times the walk asked each element `selector` matches (in document order)."""
    return driver.execute_script(
        f"const m = window.__reads.{which};"
        "return [...document.querySelectorAll(arguments[0])].map((e) => m.get(e) || 0);",
        selector)


def test_a_lists_items_are_asked_once_for_every_link_beside_them(page: Any) -> None:
    page.execute_script(RESET)
    result = run_walker(page, WHOLE)
    links = [r for r in result["elements"] if (r.get("a") or {}).get("href", "").startswith("#c")]
    assert len(links) == 24
    # each link's context is still the header item over the list
    assert {r.get("ctx") for r in links} == {"Chapters"}, {r.get("ctx") for r in links}
    # whether an item holds a control is asked of it once a walk, not once per link below it
    # (the old walker: once for every link after it); its own link's context asks it for a
    # legend too
    asked = counts_by_element(page, "qs", "#menu > li")
    assert max(asked) <= 2, asked


def test_a_regions_heading_is_looked_for_once_for_all_its_links(page: Any) -> None:
    page.execute_script(RESET)
    result = run_walker(page, WHOLE)
    links = [r for r in result["elements"] if (r.get("a") or {}).get("href", "").startswith("#a")]
    assert len(links) == 6
    assert {r.get("ctx") for r in links} == {"Site"}, {r.get("ctx") for r in links}
    # the old walker looked for the region's heading once for every link in it
    assert counts_by_element(page, "qs", "#foot") == [1]


def test_a_second_tracked_walk_makes_no_new_weak_reference(page: Any) -> None:
    first = run_walker(page, {**WHOLE, "track": True})
    page.execute_script(RESET)
    second = run_walker(page, {**WHOLE, "track": True})
    ids = [r["w"] for r in second["elements"]]
    assert ids == [r["w"] for r in first["elements"]] and len(ids) > 30
    assert set(ids) <= set(second["alive"])
    # the same elements keep their references (the old walker made one a record a walk)
    assert page.execute_script("return window.__reads.refs;") == 0


def test_states_of_an_element_without_aria_attributes_are_not_asked(page: Any) -> None:
    page.execute_script(RESET)
    result = run_walker(page, {**WHOLE, "axTree": "boxes"})
    rows = result["axt"]["rows"]
    items = [r for r in rows if r[1] == "listitem"]
    assert len(items) >= 30
    # the states the rows print are still read where an aria attribute is
    assert any(r[1] == "button" and r[4] and r[4].get("pressed") is True for r in rows)
    asked = counts_by_element(page, "states", "#plain > li")
    assert asked[:5] == [0, 0, 0, 0, 0], asked  # the old walker: 14 reads each
    assert asked[5] > 0, asked  # aria-current: its states are read


def test_a_page_without_a_dialog_asks_no_control_for_its_dialog(page: Any) -> None:
    page.execute_script(RESET)
    result = run_walker(page, WHOLE)
    assert len([r for r in result["elements"] if r.get("c")]) >= 30
    assert not any(r.get("dlg") for r in result["elements"])
    # no element of the page can be a dialog (person_context.js mayHoldDialog): the old walker
    # asked closest() of every control for one, and its ancestors for a modal's class
    assert page.execute_script("return window.__reads.dialogAsks;") == 0


@pytest.mark.parametrize("how", ["class", "role"])
def test_a_controls_dialog_is_still_found(driver: Any, pages_url: str, how: str) -> None:
    driver.get(f"{pages_url}elements/repeated_controls.html")
    # the class-only modal (a fixed box whose class says modal), or one with role=dialog
    script = ("document.body.classList.add('open');" if how == "class" else
              "document.body.classList.add('open');"
              "const m = document.querySelector('.modal');"
              "m.className = 'box'; m.setAttribute('role', 'dialog');"
              "m.setAttribute('aria-label', 'Edit labels');")
    driver.execute_script(script)
    result = run_walker(driver, WHOLE)
    dialogs = {(r.get("a") or {}).get("id"): r.get("dlg") for r in result["elements"]
               if (r.get("a") or {}).get("id") in ("l1", "save")}
    said = "Labels" if how == "class" else "Edit labels"
    assert dialogs == {"l1": said, "save": said}, dialogs
    # a control outside it sits in none
    assert not any(r.get("dlg") for r in result["elements"]
                   if (r.get("a") or {}).get("id") == "ms")
