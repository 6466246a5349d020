"""Pictures named alike keep one id in every read (issue 31, design note 94), through the
extension and the host in Debian Chromium: six product cards whose pictures all say "Product
Name" are told apart by the file each shows (``..._product1``), one avatar shown twice by the
heading above each, three brand links showing a logo alone, all named "img", by the file each
shows, and a deal's picture link whose address carries a tracking token of its own
(``;_ylt=...``) is named by its title, never numbered. The ids are the same in the first
screen, in the whole page, after a scroll and after a card is added above them."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e

PAGE = "understanding/pictures_named_alike.html"
PRODUCTS = {f"img_product_name_in_main_at_grid_product{n}" for n in range(1, 7)}
# (each avatar's row: its section's words and the person's, boxes read apart: note 327)
AVATARS = {"img_avatar_near_reviews_great_shop_under_reviews",
           "img_avatar_near_team_since_2019_under_team"}
DEALS = {"link_for_hello_oral_care_kids", "link_for_chroma_000914_hello_kitty"}
BRANDS = {f"link_img_near_shop_all_brands_img0{n}" for n in range(1, 4)}
ADD_A_CARD_ON_TOP = (
    "const card = document.querySelector('.card').cloneNode(true);"
    "card.querySelector('img').setAttribute('src', '../assets/img/ecommerce/product13.jpg');"
    "card.querySelector('.price').textContent = '$12';"
    "document.getElementById('grid').prepend(card); window.scrollTo(0, 0);")


def ids(result: PageResult, kind: str = "image") -> dict[int, str]:
    return {e["handle"]["backendNodeId"]: e["id"] for e in result.elements if e["type"] == kind}


def numbered(result: PageResult) -> list[str]:
    """Elements whose id holds a number among twins (``relations.alike``): counters."""
    return [e["id"] for e in result.elements if e["relations"].get("alike")]


def test_pictures_named_alike_are_told_apart_by_their_file_and_place_in_every_read(
        browser: Browser, pages_url: str) -> None:
    first = read(browser, pages_url + PAGE)
    whole = read(browser, viewport_only=False)
    assert not numbered(first) and not numbered(whole), (numbered(first), numbered(whole))
    assert set(ids(whole).values()) == PRODUCTS | AVATARS, sorted(ids(whole).values())
    # the first screen holds some of the cards: each is named as in the whole page
    shown = ids(first)
    assert shown and {k: ids(whole)[k] for k in shown} == shown, (shown, ids(whole))
    # the deals' pictures are their titles', though each link carries its own token
    pictures = {e["id"]: e["relations"].get("for") for e in whole.elements
                if e["type"] == "link" and e["id"].startswith("link_for_")}
    assert set(pictures) == DEALS and all(pictures.values()), pictures
    brands = {e["id"] for e in whole.elements if e.get("label") == "img"}
    assert brands == BRANDS, sorted(brands)
    browser.run_in_target("window.scrollBy(0, 600)")
    scrolled = ids(read(browser))
    assert scrolled and {k: ids(whole)[k] for k in scrolled} == scrolled, scrolled
    # a card added above the others: every picture keeps its id, the new one is its file's
    browser.run_in_target(ADD_A_CARD_ON_TOP)
    after = read(browser, viewport_only=False)
    assert {k: v for k, v in ids(after).items() if k in ids(whole)} == ids(whole)
    assert "img_product_name_in_main_at_grid_product13" in ids(after).values()
    assert not numbered(after), numbered(after)
