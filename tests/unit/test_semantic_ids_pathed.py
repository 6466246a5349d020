"""A link the host's words cannot tell from another on the page (one label, row and destination
as its id says them) but its path can is named by its path in every read: a read without the
other names it as a read holding both does (issue 31, design note 151)."""

from __future__ import annotations

from axsnap_host.semantic.id_words import path_tail, twin_path
from axsnap_host.semantic.ids import Placed, assign_ids

WOMEN = "https://www.scentcorner.example/R_c_6377.html"
MEN = "https://www.scentcorner.example/R_c_504.html"


def letter(href: str, pathed: bool) -> Placed:
    return Placed("link_r", "navigation", context="s", mark="to_scentcorner_r_c", repeated=True,
                  path=path_tail(href), pathed=pathed)


def test_a_read_holding_both_links_and_a_read_holding_one_name_it_alike() -> None:
    both = assign_ids([letter(WOMEN, True), letter(MEN, True)])
    assert both == ["link_r_to_r_c", "link_r_to_r_c504"]
    assert assign_ids([letter(MEN, True)]) == ["link_r_to_r_c504"]
    assert assign_ids([letter(WOMEN, True)]) == ["link_r_to_r_c"]


def test_without_the_walkers_word_a_lone_link_keeps_its_row_words() -> None:
    # (what the page gave before note 151: the row words alone, the path only beside its twin)
    assert assign_ids([letter(MEN, False)]) == ["link_r_near_s"]
    assert assign_ids([letter(WOMEN, False), letter(MEN, False)]) == [
        "link_r_to_r_c", "link_r_to_r_c504"]


def test_the_walkers_path_part_is_read_from_its_twin_words() -> None:
    assert twin_path("path:r c504")
    assert twin_path("under:women|path:r c504")
    assert not twin_path("under:women")
    assert not twin_path("path:")
