"""The AX rows pass reads each element's style once and asks ::before/::after only of the
elements a rule can give content (issue 33, design note 51), and names them as Chromium does.

The walker (extension/lib/walker/walker.js) runs as a plain page script in real Chromium (no
extension), on tests/pages/ax/pseudo.html: every way a rule gives generated content (plain,
legacy ``:after``, ``> ::before``, descendant ``::after``, @media, @supports, @layer,
@import, ``attr()``, selector lists, ``:is()``, escaped quotes, the user-agent sheet's quotes
on ``<q>``, ``:host::before`` and ``::slotted()::before`` from shadow sheets), and on
pseudo_nested.html (a nested rule the walk cannot place: it asks every element). The names
the walk gives must be Chromium's; the page's own ``getComputedStyle`` is counted through
the walk.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fixtures.walker_runs import (
    chromium_roles_by_element_id,
    run_walker,
    walk_roles_by_element_id,
    walker_browser,
)

WHOLE = {"viewportOnly": False, "maxNodes": 200000, "maxDepth": 256}
# Counts the page's getComputedStyle calls by the walk: per element without a pseudo-element,
# and calls with one.
COUNTING = """
const real = window.getComputedStyle;
window.__counts = { plain: new Map(), pseudo: 0 };
window.getComputedStyle = function (el, pseudo) {
  const c = window.__counts;
  if (pseudo) c.pseudo += 1; else c.plain.set(el, (c.plain.get(el) || 0) + 1);
  return real.call(window, el, pseudo);
};
"""


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    with walker_browser("axsnap-axpace-") as d:
        yield d


def row_texts(result: dict[str, Any]) -> list[str]:
    return [row[2] for row in result["axt"]["rows"] if row[1] == "StaticText"]


@pytest.mark.parametrize("page", ["pseudo.html", "pseudo_nested.html"])
def test_generated_content_names_are_chromiums(driver: Any, pages_url: str, page: str) -> None:
    driver.get(f"{pages_url}ax/{page}")
    _, chromium = chromium_roles_by_element_id(driver, pierce=True)
    ours = walk_roles_by_element_id(run_walker(driver, {**WHOLE, "axRoles": True}))
    assert len(chromium) >= (16 if page == "pseudo.html" else 2), chromium
    differences = {k: {"chromium": v, "walk": ours.get(k)} for k, v in chromium.items()
                   if ours.get(k) != v}
    assert differences == {}
    if page == "pseudo.html":  # the rules did give content (the page tests what it means to)
        assert chromium["b-imported"][1].startswith("Imported")
        assert chromium["x-host"][1].startswith("Host")
        texts = row_texts(run_walker(driver, {**WHOLE, "axTree": "boxes"}))
        assert "“" in texts and "Plain " in texts, texts  # <q>'s quotes, a ::before's run


def test_rows_pass_reads_no_style_twice_and_few_generated_boxes(driver: Any,
                                                               pages_url: str) -> None:
    driver.get(f"{pages_url}ax/pseudo.html")
    driver.execute_script(COUNTING)

    def counted(options: dict[str, Any]) -> tuple[dict[str, Any], dict[str, int], int]:
        driver.execute_script("window.__counts.plain = new Map(); window.__counts.pseudo = 0;")
        result = run_walker(driver, options)
        plain, pseudo = driver.execute_script(
            "const c = window.__counts; const out = {}; let i = 0;"
            "for (const [el, n] of c.plain) out[el.id || (el.localName + '#' + (i++))] = n;"
            "return [out, c.pseudo];")
        return result, plain, pseudo

    records_only, plain_records, _ = counted(WHOLE)
    boxes, plain_boxes, pseudo_boxes = counted({**WHOLE, "axTree": "boxes"})
    elements = driver.execute_script("return document.getElementsByTagName('*').length")
    assert elements > 200
    assert len(boxes["axt"]["rows"]) > 200, "the rows pass walked the page"
    # The rows pass asks no element's style the records walk already asked: the same calls
    # per element as the records walk alone (on main: one more for every element).
    extra = {k: (plain_records.get(k, 0), n) for k, n in plain_boxes.items()
             if n > plain_records.get(k, 0)}
    assert extra == {}, f"{len(extra)} elements asked again: {dict(list(extra.items())[:5])}"
    # ::before/::after: asked of the ~30 elements a rule or a shadow tree concerns, not of
    # every element twice (on main: > 400)
    assert 0 < pseudo_boxes <= 80, pseudo_boxes
    assert records_only["elements"]
