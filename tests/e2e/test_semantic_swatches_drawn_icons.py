"""Twins a person tells apart by what they see (issue 31, design note 94, eighth part), through
the extension and the host in Debian Chromium: a theme panel's swatches named alike by their
fill ("dark blue" three times in each of two palettes) by their palette's heading and their
exact colour; icon links and buttons drawn by inline SVG paths alone (a toolbar's cog, bin,
warning and more icons; a pager's chevrons; a slider's arrows; a footer's brand logos) by the
icon each draws; two product cards alike in title, badge and price by the photo each shows as
its background; two fields whose class names a background colour stay named by their
placeholders. No counter, and every id the same in the first screen, the whole page, after a
scroll to the end and after a note and a third palette are added above."""

from __future__ import annotations

import pytest
from semantic_reads import ids_by_node, ids_stay, read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/ids_swatches_drawn_icons.html"
DRAWN = {"link_cog", "link_trash", "link_exclamation_circle", "link_dots_vertical",
         "link_chevron_left", "link_chevron_right", "btn_arrow_left", "btn_arrow_right",
         "link_facebook", "link_twitter", "link_github"}
STARS = {"btn_star_o_near_sale_trainers07", "btn_star_o_near_sale_trainers08"}
SWATCH = "item_{name}_in_main_under_configuration_under_{palette}_color{fill}"
SWATCHES = {SWATCH.format(name=name, palette=palette, fill=fill)
            for palette in ("navbar", "sidebar")
            for name, fill in [("dark_blue", "_002b49"), ("dark_blue", "_004472"),
                               ("dark_blue", "_13191d"), ("white", ""), ("light_blue", "")]}


def test_swatches_and_drawn_icons_are_named_by_what_a_person_sees_in_every_read(
        browser: Browser, pages_url: str) -> None:
    first = read(browser, pages_url + PAGE)
    whole = read(browser, viewport_only=False)
    said = set(ids_by_node(whole).values())
    assert said >= DRAWN | STARS, sorted(said)
    assert {i for i in said if i.startswith("item_")} == SWATCHES, sorted(said)
    # (fields whose class says "bg-white" are no swatches: no twins of each other)
    assert said >= {"input_name_yourmail_com", "input_your_address"}, sorted(said)
    assert not [e["id"] for e in whole.elements if e["relations"].get("alike")], sorted(said)
    assert set(ids_by_node(first).values()) >= DRAWN - {"link_facebook", "link_twitter",
                                                        "link_github"}
    after = ids_stay(browser, first, whole, "window.addAbove()")
    added = set(ids_by_node(after).values()) - said
    assert len(added) == 3 and not [e["id"] for e in after.elements
                                    if e["relations"].get("alike")], sorted(added)
