"""Roles and names computed by the walker in the page (opts.axRoles, issue 33) are Chromium's.

The walker (extension/lib/walker/walker.js) runs in a plain page of real Chromium with
``axRoles``; every element of tests/pages/ax/roles.html with an id is compared with the node
``Accessibility.getFullAXTree`` gives it: the walker reports ``ro`` exactly for the elements
Chromium keeps for what they are (not ignored, a role other than generic/none), with the role
spelled as Chromium spells it, and ``an`` equal to Chromium's name. The page holds the cases
the agreement bench (bench/bench_ax_agreement.py) found: HTML roles ARIA tools leave out
(paragraph, code, strong, time...), Chromium's own roles (LabelText, DisclosureTriangle,
LayoutTable*, sectionheader), presentational lists, layout against data tables.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fixtures.walker_runs import chromium_roles_by_element_id, run_walker, walker_browser


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    """Chromium without the extension: the walker runs as a plain page script."""
    with walker_browser("axsnap-axroles-") as d:
        yield d


def chromium_by_id(driver: Any) -> dict[str, tuple[str, str]]:
    """Element id → (role, name) in Chromium's AX tree; role "" when not kept."""
    ids, kept = chromium_roles_by_element_id(driver)
    return {**{element_id: ("", "") for element_id in ids}, **kept}


def walker_by_id(result: dict[str, Any]) -> dict[str, tuple[str, str]]:
    return {r["a"]["id"]: (r.get("ro", ""), r.get("an", ""))
            for r in result["elements"] if (r.get("a") or {}).get("id")}


def test_walker_roles_and_names_are_chromiums(driver: Any, pages_url: str) -> None:
    driver.get(pages_url + "ax/roles.html")
    result = run_walker(driver, {"viewportOnly": False, "axRoles": True})
    chromium = chromium_by_id(driver)
    ours = walker_by_id(result)
    kept = {k: v for k, v in chromium.items() if v[0]}
    assert len(kept) >= 40, json.dumps(chromium, indent=1)  # the page's cases are kept
    differences = {k: {"chromium": chromium[k], "walker": ours.get(k, ("", ""))}
                   for k in chromium if chromium[k] != ours.get(k, ("", ""))}
    assert differences == {}
    assert {"paragraph", "code", "strong", "LabelText", "DisclosureTriangle", "LayoutTable",
            "sectionheader", "rowheader", "columnheader"} <= {role for role, _ in kept.values()}


def test_without_the_option_the_walker_reports_no_roles(driver: Any, pages_url: str) -> None:
    driver.get(pages_url + "ax/roles.html")
    result = run_walker(driver, {"viewportOnly": False})
    assert not any("ro" in r or "an" in r for r in result["elements"])
    with_roles = run_walker(driver, {"viewportOnly": False, "axRoles": True})
    assert len(with_roles["elements"]) > len(result["elements"])


def test_the_page_cases_exist() -> None:
    page = Path(__file__).resolve().parents[1] / "pages" / "ax" / "roles.html"
    assert 'role="presentation"' in page.read_text(encoding="utf-8")
